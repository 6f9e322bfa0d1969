// Limits on the requests that send mail to signed-out visitors (decision 011): per client address,
// so one machine cannot flood the mail service, and per e-mail address, so nobody can fill a
// stranger's mailbox. Every request counts (not only failures), whether or not the address has an
// account, so the answers still reveal nothing. Requests are rows in the database, so every API
// process sees the same counts; the one-hour window slides. A request is counted and admitted in
// one step before its mail is queued (decision 197), so a burst passes exactly the limit.
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { admitEvents, deleteEventsUpTo } from '#server/db/event-window.ts';
import { mailRequestEvents } from '#server/db/mail-request-events.ts';
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

  return {
    admit: async (kind, { address, email }) => {
      const at = now();
      await deleteEventsUpTo(db, mailRequestEvents, new Date(at.getTime() - windowMs));
      const admission = await admitEvents(db, mailRequestEvents, {
        subjects: [
          { scope: `${kind}:address`, subject: address, limit: limits.perAddress },
          { scope: `${kind}:email`, subject: email.trim().toLowerCase(), limit: limits.perEmail },
        ],
        now: at,
        windowMs,
      });
      if (admission.ids === null) {
        throw tooManyRequests(
          Math.max(1, Math.ceil(admission.waitMs / 1000)),
          TOO_MANY_MAIL_REQUESTS_MESSAGE,
          'mail_requests',
        );
      }
    },
  };
}
