import type { BuyerDomain, BuyerDomainList } from '#contract/domains.ts';
import type { PageQuery } from '#contract/pagination.ts';
import type { Database } from '#server/db/database.ts';
import { joinedOrNull } from '#server/db/left-join.ts';
import { countDomainsOfUser, findDomainsOfUser, type DomainRow } from './domains.repository.ts';

export interface DomainsService {
  listDomains(userId: string, page: PageQuery): Promise<BuyerDomainList>;
}

export function createDomainsService({ db }: { db: Database }): DomainsService {
  return {
    listDomains: async (userId, { page, limit }) => {
      const [total, rows] = await Promise.all([
        countDomainsOfUser(db, userId),
        findDomainsOfUser(db, userId, { offset: (page - 1) * limit, limit }),
      ]);
      return { data: rows.map(toBuyerDomain), pagination: { page, limit, total } };
    },
  };
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
