// The member's unread messages on every order they may read (decision 213): a module apart from
// the conversations' contract, because the navigation of every signed-in page asks for it and
// should not load the threads' schemas with it (decision 212: a zod schema at a module's top
// level stays in the bundle whenever its module is loaded).
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { NoQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

export const UnreadMessagesSchema = z.object({
  /** Unread messages on every order the member may read, in all their companies. */
  total: z.number().int(),
});
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;

export const unreadMessagesEndpoint = endpoint({
  access: 'buyer',
  tags: ['Messages'],
  method: 'GET',
  path: '/v1/buyer/messages/unread',
  permission: inCurrent('orders.read'),
  summary: 'How many messages the caller has not read, on every order they may read',
  query: NoQuerySchema,
  status: 200,
  response: UnreadMessagesSchema,
  errors: [400, 401, 403],
});
