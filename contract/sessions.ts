import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { OWN_ACCOUNT } from './permissions.ts';

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

const sessions = { access: 'buyer', tags: ['Profile'] } as const;
const DoneSchema = z.null().describe('Done');

export const sessionEndpoints = {
  list: endpoint({
    ...sessions,
    method: 'GET',
    path: '/v1/common/profiles/sessions',
    permission: OWN_ACCOUNT,
    summary: "The buyer's active sessions, the current one first and flagged",
    description:
      'A session is one sign-in. `device` is the browser and system named by the User-Agent ' +
      'at sign-in; `address` is the client address with its last part hidden (no place is ' +
      'derived from it). Ended, expired and idle sessions are not listed.',
    status: 200,
    response: ActiveSessionListSchema,
    errors: [401, 403],
  }),
  endOthers: endpoint({
    ...sessions,
    method: 'DELETE',
    path: '/v1/common/profiles/sessions/others',
    permission: OWN_ACCOUNT,
    summary: 'Sign out of all other devices: every session but the current one ends',
    description:
      'Their next request is refused with 401 and their refresh tokens stop working. Calling ' +
      'it again changes nothing.',
    status: 204,
    response: DoneSchema,
    errors: [401, 403],
  }),
  end: endpoint({
    ...sessions,
    method: 'DELETE',
    path: '/v1/common/profiles/sessions/{id}',
    permission: OWN_ACCOUNT,
    summary: 'Sign out one session (the current one signs this device out)',
    description:
      'Its next request is refused with 401 and its refresh token stops working. A session ' +
      "already ended answers 204 again; one that is not the buyer's answers 404.",
    params: SessionParamsSchema,
    status: 204,
    response: DoneSchema,
    errors: [400, 401, 403, 404],
  }),
};
