// Free strategy requests (spec §1, §2, §7; decision 057): stored with a status the buyer follows,
// mailed to the buyer's account manager (or the sales address) and confirmed to the buyer, both
// mails queued in the transaction of the request. A buyer may send a few a day.
import type { Violation } from '#contract/errors.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import { FORBIDDEN_CHARACTER_MESSAGE } from '#contract/input-rules.ts';
import type { PageQuery } from '#contract/pagination.ts';
import {
  type CreateStrategyRequest,
  STRATEGY_REQUESTS_PER_DAY,
  type StrategyRequest,
  type StrategyRequestList,
} from '#contract/strategy-requests.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { lockUser } from '#server/db/user-lock.ts';
import { ApiError, tooManyRequests } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';

import { strategyRequestConfirmationMail, strategyRequestMail } from './strategy-request-mails.ts';
import {
  countStrategyRequests,
  findRequester,
  findStrategyRequests,
  insertStrategyRequest,
  nthRecentRequestAt,
  type StrategyRequestRow,
} from './strategy-requests.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const TOO_MANY_STRATEGY_REQUESTS_MESSAGE = `You can send at most ${STRATEGY_REQUESTS_PER_DAY} strategy requests in 24 hours. Try again later.`;
/** PostgreSQL text cannot hold U+0000; it is refused rather than failing the insert. */
export const NUL_CHARACTER_MESSAGE = FORBIDDEN_CHARACTER_MESSAGE;

export interface StrategyRequestsService {
  list(userId: string, page: PageQuery): Promise<StrategyRequestList>;
  /** Stores the request and queues its mails in `tx` (the request's transaction, decision 044). */
  create(tx: Database, userId: string, input: CreateStrategyRequest): Promise<StrategyRequest>;
}

export function createStrategyRequestsService({
  db,
  now,
  mail,
  salesEmail,
  publicUrl,
}: {
  db: Database;
  now: Clock;
  mail: MailQueue;
  /** Receives the requests of buyers without an account manager. */
  salesEmail: string;
  publicUrl: string;
}): StrategyRequestsService {
  return {
    list: async (userId, { page, limit }) => {
      const [total, rows] = await Promise.all([
        countStrategyRequests(db, userId),
        findStrategyRequests(db, userId, { offset: (page - 1) * limit, limit }),
      ]);
      return { data: rows.map(toStrategyRequest), pagination: { page, limit, total } };
    },

    create: async (tx, userId, input) => {
      const violations: Violation[] = [];
      const domain = normaliseHostname(input.domain);
      if (!domain.ok) violations.push({ path: 'domain', message: domain.message });
      if (input.description.includes('\u0000')) {
        violations.push({ path: 'description', message: NUL_CHARACTER_MESSAGE });
      }
      if (violations.length > 0 || !domain.ok) {
        throw new ApiError(400, VALIDATION_FAILED_MESSAGE, { violations });
      }
      const at = now();
      // The buyer's requests take turns, so that two sent together cannot both pass the limit.
      await lockUser(tx, userId);
      const oldestCounted = await nthRecentRequestAt(tx, userId, {
        since: new Date(at.getTime() - DAY_MS),
        nth: STRATEGY_REQUESTS_PER_DAY,
      });
      if (oldestCounted) {
        const waitMs = oldestCounted.getTime() + DAY_MS - at.getTime();
        throw tooManyRequests(
          Math.max(1, Math.ceil(waitMs / 1000)),
          TOO_MANY_STRATEGY_REQUESTS_MESSAGE,
          'strategy_requests',
        );
      }
      const row = await insertStrategyRequest(tx, {
        userId,
        hostname: domain.hostname,
        description: input.description,
        createdAt: at,
      });
      const requester = await findRequester(tx, userId);
      if (requester) {
        const facts = { hostname: row.hostname, description: row.description };
        await mail.send(
          strategyRequestMail(requester.managerEmail ?? salesEmail, requester, facts),
          tx,
        );
        await mail.send(
          strategyRequestConfirmationMail(requester, facts, `${publicUrl.replace(/\/$/, '')}/`),
          tx,
        );
      }
      return toStrategyRequest(row);
    },
  };
}

function toStrategyRequest(row: StrategyRequestRow): StrategyRequest {
  return {
    id: row.id,
    domain: row.hostname,
    description: row.description,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
