import { z } from 'zod';

/**
 * One of the buyer's active sign-ins (decision 169). `device` is the browser and system read from
 * the User-Agent at sign-in ('' when it named neither); `address` is the client address with its
 * last part hidden ('' when unknown): no place is guessed from it.
 */
export const ActiveSessionSchema = z.object({
  id: z.uuid(),
  device: z.string(),
  address: z.string(),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime(),
  /** The session of the access token that asked. */
  is_current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

/** GET /v1/common/profiles/sessions: the current session first, then the most recently used. */
export const ActiveSessionListSchema = z.object({ sessions: z.array(ActiveSessionSchema) });
export type ActiveSessionList = z.infer<typeof ActiveSessionListSchema>;

export const SessionParamsSchema = z.object({ id: z.uuid() });
