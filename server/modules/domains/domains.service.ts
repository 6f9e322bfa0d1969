import {
  type BuyerDomain,
  type BuyerDomainList,
  type CreateBuyerDomain,
  DOMAIN_TAKEN_MESSAGE,
  MAX_BUYER_DOMAINS,
} from '#contract/domains.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import type { PageQuery } from '#contract/pagination.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import { lockUser } from '#server/db/user-lock.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import {
  archiveDomain,
  clearDomainLists,
  countDomainsOfUser,
  type DomainRow,
  findActiveDomain,
  findDomainsOfUser,
  hasActiveDomain,
  insertOrReviveDomain,
} from './domains.repository.ts';

export const DOMAIN_LIMIT_MESSAGE = `You can keep at most ${MAX_BUYER_DOMAINS} domains. Delete one you no longer need to add another.`;

export interface DomainsService {
  listDomains(userId: string, page: PageQuery): Promise<BuyerDomainList>;
  /** Adds a domain in `tx` (the request's transaction, decision 044). */
  addDomain(tx: Database, userId: string, input: CreateBuyerDomain): Promise<BuyerDomain>;
  /** Deletes (archives) a domain in `tx`; another buyer's, unknown or deleted: 404. */
  deleteDomain(tx: Database, userId: string, id: string): Promise<void>;
}

function hostnameViolation(message: string): ApiError {
  return new ApiError(400, VALIDATION_FAILED_MESSAGE, {
    violations: [{ path: 'hostname', message }],
  });
}

export function createDomainsService({ db, now }: { db: Database; now: Clock }): DomainsService {
  return {
    listDomains: async (userId, { page, limit }) => {
      const [total, rows] = await Promise.all([
        countDomainsOfUser(db, userId),
        findDomainsOfUser(db, userId, { offset: (page - 1) * limit, limit }),
      ]);
      return { data: rows.map(toBuyerDomain), pagination: { page, limit, total } };
    },

    addDomain: async (tx, userId, input) => {
      const normalised = normaliseHostname(input.hostname);
      if (!normalised.ok) throw hostnameViolation(normalised.message);
      const { hostname } = normalised;
      // The buyer's adds take turns, so that two of them cannot both pass the limit.
      await lockUser(tx, userId);
      if (await hasActiveDomain(tx, userId, hostname))
        throw hostnameViolation(DOMAIN_TAKEN_MESSAGE);
      if ((await countDomainsOfUser(tx, userId)) >= MAX_BUYER_DOMAINS) {
        throw hostnameViolation(DOMAIN_LIMIT_MESSAGE);
      }
      const row = await insertOrReviveDomain(tx, { userId, hostname, createdAt: now() });
      if (!row) throw hostnameViolation(DOMAIN_TAKEN_MESSAGE);
      // A revived domain starts with empty lists, whatever an import finishing late left in it.
      await clearDomainLists(tx, userId, row.id);
      return { id: row.id, hostname: row.hostname, referents_file: null, import_status: null };
    },

    deleteDomain: async (tx, userId, id) => {
      if (!(await archiveDomain(tx, userId, id, now()))) throw notFound();
      await clearDomainLists(tx, userId, id);
    },
  };
}

/**
 * One of the buyer's domains as the wire shows it, or null when it is not theirs, unknown or
 * deleted. Other modules (imports) answer with it.
 */
export async function readActiveDomain(
  db: Database,
  userId: string,
  id: string,
): Promise<BuyerDomain | null> {
  const row = await findActiveDomain(db, userId, id);
  return row ? toBuyerDomain(row) : null;
}

function toBuyerDomain(row: DomainRow): BuyerDomain {
  return {
    id: row.id,
    hostname: row.hostname,
    referents_file: joinedOrNull({ id: row.referentsFileId, file_name: row.referentsFileName }),
    import_status:
      row.importId && row.importStatus
        ? { id: row.importId, status: row.importStatus, errors: row.importErrors ?? [] }
        : null,
  };
}
