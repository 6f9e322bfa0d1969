// The reference lists other modules read: the cart prices its lines with the content plans.
export { findContentProductPlans } from './reference-data.repository.ts';
