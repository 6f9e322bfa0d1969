import { OrdersSection } from '../../features/orders/components/orders-section.tsx';

export function Component() {
  return <OrdersSection />;
}
