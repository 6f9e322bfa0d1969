// The rows of `mail_requests` as events of a sliding window (event-window.ts): every limit on mail
// a visitor or a company may cause (registration, password reset, invitations) counts them here,
// each under a scope of its own.
import type { EventTable } from './event-window.ts';
import { mailRequests } from './schema/index.ts';

export const mailRequestEvents: EventTable = {
  table: mailRequests,
  id: mailRequests.id,
  scope: mailRequests.scope,
  subject: mailRequests.subject,
  at: mailRequests.requestedAt,
  insert: async (db, rows) => {
    const inserted = await db
      .insert(mailRequests)
      .values(rows.map(({ scope, subject, at }) => ({ scope, subject, requestedAt: at })))
      .returning({ id: mailRequests.id });
    return inserted.map(({ id }) => id);
  },
};
