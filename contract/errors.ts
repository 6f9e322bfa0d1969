import { z } from 'zod';

/** One violation of a request: `path` names the field (`items[0].target_url`, `filter[price][min]`). */
export const ViolationSchema = z.object({
  path: z.string(),
  message: z.string(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type Violation = z.infer<typeof ViolationSchema>;

/** The single error body every failing API call answers with. */
export const ErrorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  violations: z.array(ViolationSchema).optional(),
  /** On a 5xx answer: the request's id (also in X-Request-Id), to find it in the server's log. */
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const GENERIC_ERROR_TEXT = 'An error occurred';

/**
 * The text shown to a user for a failed call (spec §5, §8): the first violation's message,
 * else the message, else the title, else a generic text.
 */
export function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { violations?: unknown; message?: unknown; title?: unknown };
    if (Array.isArray(b.violations) && b.violations.length > 0) {
      const first = b.violations[0] as { message?: unknown } | undefined;
      if (first && typeof first.message === 'string' && first.message) return first.message;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return GENERIC_ERROR_TEXT;
}
