// Limits on invitations (decisions 011 and 197): invitations mailed per company, and the public
// invitation links opened per client address, so that nobody floods mailboxes through a company
// or tries tokens from one machine. Counted as rows of `mail_requests` under scopes of their own
// (the same sliding window and per-subject lock as the other mail limits), admitted before the
// work they limit.
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { admitEvents } from '#server/db/event-window.ts';
import { mailRequestEvents } from '#server/db/mail-request-events.ts';
import { tooManyRequests } from '#server/http/api-error.ts';

export interface InvitationLimits {
  /** Invitations one company may send within the window. */
  perCompany: number;
  /** Public invitation requests (preview, registration) from one client address. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_INVITATION_LIMITS: InvitationLimits = {
  perCompany: 50,
  perAddress: 30,
  windowSeconds: 60 * 60,
};

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Try again later.';

export interface InvitationThrottle {
  /**
   * Counts an invitation of the company, or refuses it with 429 and Retry-After; in the
   * invitation's transaction, so an invitation that fails is not counted.
   */
  admitInvitation(tx: Database, companyId: string, message: string): Promise<void>;
  /** Counts a public invitation request from the address, or refuses it with 429. */
  admitLink(address: string): Promise<void>;
}

export function createInvitationThrottle(
  db: Database,
  now: Clock,
  limits: InvitationLimits,
): InvitationThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const admit = async (
    database: Database,
    { scope, subject, limit }: { scope: string; subject: string; limit: number },
    message: string,
  ) => {
    const admission = await admitEvents(database, mailRequestEvents, {
      subjects: [{ scope, subject, limit }],
      now: now(),
      windowMs,
    });
    if (admission.ids === null) {
      throw tooManyRequests(
        Math.max(1, Math.ceil(admission.waitMs / 1000)),
        message,
        'invitations',
      );
    }
  };
  return {
    admitInvitation: (tx, companyId, message) =>
      admit(
        tx,
        { scope: 'invitation:company', subject: companyId, limit: limits.perCompany },
        message,
      ),
    admitLink: (address) =>
      admit(
        db,
        { scope: 'invitation_link:address', subject: address, limit: limits.perAddress },
        TOO_MANY_REQUESTS_MESSAGE,
      ),
  };
}
