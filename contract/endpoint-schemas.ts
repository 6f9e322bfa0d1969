// Schemas many endpoint declarations share (contract/endpoint.ts stays free of zod's runtime, as
// the API client that every page loads imports it).
import { z } from 'zod';

/** The path parameters of an endpoint about one thing: `{id}`, a UUID. */
export const IdParamsSchema = z.object({ id: z.uuid() });

/** The body of a 204 answer: none. */
export const NoContentSchema = z.null().describe('No content');
