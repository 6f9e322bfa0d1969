import { z } from 'zod';

export { errorText, GENERIC_ERROR_TEXT } from './error-text.ts';

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
