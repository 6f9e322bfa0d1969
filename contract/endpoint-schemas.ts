// Schemas many endpoint declarations share (contract/endpoint.ts stays free of zod's runtime, as
// the API client that every page loads imports it).
import { z } from 'zod';

/** The path parameters of an endpoint about one thing: `{id}`, a UUID. */
export const IdParamsSchema = z.object({ id: z.uuid() });

/** The body of a 204 answer: none. */
export const NoContentSchema = z.null().describe('No content');

/** Header that makes a POST safe to repeat: any text of 1-255 visible characters. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1-255 visible ASCII characters.');

/** The request headers of an endpoint the server makes safe to repeat (decision 044). */
export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional().describe(
    'Makes the request safe to repeat: a repeat with the same key answers the first answer.',
  ),
});
