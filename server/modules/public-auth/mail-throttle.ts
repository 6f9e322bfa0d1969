// Limits on the requests that send mail to signed-out visitors (decision 011): per client address,
// so one machine cannot flood the mail service, and per e-mail address, so nobody can fill a
// stranger's mailbox. Every request counts (not only failures), whether or not the address has an
// account, so the answers still reveal nothing. Requests are rows in the database, so every API
// process sees the same counts; the one-hour window slides.
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { blockedUntil, deleteEventsUpTo, type EventTable } from '#server/db/event-window.ts';
import { mailRequests } from '#server/db/schema/index.ts';
import { tooManyRequests } from '#server/http/api-error.ts';

export const MAIL_REQUEST_KINDS = ['registration', 'password_reset'] as const;
export type MailRequestKind = (typeof MAIL_REQUEST_KINDS)[number];

export interface MailRequestLimits {
  /** Requests of one kind from one client address within the window. */
  perAddress: number;
  /** Requests of one kind for one e-mail address within the window. */
  perEmail: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_REQUEST_LIMITS: MailRequestLimits = {
  perAddress: 10,
  perEmail: 3,
  windowSeconds: 60 * 60,
};

const mailEvents: EventTable = {
  table: mailRequests,
  scope: mailRequests.scope,
  subject: mailRequests.subject,
  at: mailRequests.requestedAt,
};

export const TOO_MANY_MAIL_REQUESTS_MESSAGE = 'Too many requests. Try again later.';

export interface MailThrottle {
  /** Counts the request, or refuses it with 429 and Retry-After when a limit is reached. */
  admit(kind: MailRequestKind, request: { address: string; email: string }): Promise<void>;
}

export function createMailThrottle(
  db: Database,
  now: Clock,
  limits: MailRequestLimits,
): MailThrottle {
  const windowMs = limits.windowSeconds * 1000;

  const blockedUntilFor = (scope: string, subject: string, limit: number, at: Date) =>
    blockedUntil(db, mailEvents, { scope, subject, limit, now: at, windowMs });

  return {
    admit: async (kind, { address, email }) => {
      const at = now();
      const subjects = [
        { scope: `${kind}:address`, subject: address, limit: limits.perAddress },
        { scope: `${kind}:email`, subject: email.trim().toLowerCase(), limit: limits.perEmail },
      ];
      let until = 0;
      for (const { scope, subject, limit } of subjects) {
        until = Math.max(until, await blockedUntilFor(scope, subject, limit, at));
      }
      const waitMs = until - at.getTime();
      if (waitMs > 0) {
        throw tooManyRequests(
          Math.max(1, Math.ceil(waitMs / 1000)),
          TOO_MANY_MAIL_REQUESTS_MESSAGE,
        );
      }
      await deleteEventsUpTo(db, mailEvents, new Date(at.getTime() - windowMs));
      await db
        .insert(mailRequests)
        .values(subjects.map(({ scope, subject }) => ({ scope, subject, requestedAt: at })));
    },
  };
}
