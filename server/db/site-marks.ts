// Which catalogue sites a buyer has marked: their own favourites and blacklist, and those their
// current company account shares with its members (decision 207). As uncorrelated subqueries,
// so the catalogue reads the marks once and probes them by hash; every lookup walks a primary key.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';

import type { Database } from './database.ts';
import {
  accounts,
  blacklistedSites,
  companyBlacklistedSites,
  companyFavoriteSites,
  favoriteSites,
} from './schema/index.ts';

export type SiteMarkList = 'favorites' | 'blacklists';

export const PERSONAL_MARKS = { favorites: favoriteSites, blacklists: blacklistedSites } as const;
export const COMPANY_MARKS = {
  favorites: companyFavoriteSites,
  blacklists: companyBlacklistedSites,
} as const;

/**
 * The user's current company account: the one marked current, else their oldest, as the
 * permission check picks it (server/http/member-access.ts). One row of a unique index.
 */
export function currentCompanyOf(userId: string): SQL {
  return sql`(select ${accounts.companyId} from ${accounts} where ${accounts.userId} = ${userId} order by ${accounts.isCurrent} desc, ${accounts.createdAt}, ${accounts.companyId} limit 1)`;
}

/** The sites on the user's list, their own and their current company's, as a subquery of ids. */
export function markedSiteIds(list: SiteMarkList, userId: string): SQL {
  const own = PERSONAL_MARKS[list];
  const shared = COMPANY_MARKS[list];
  return sql`(select ${own.siteId} from ${own} where ${own.userId} = ${userId} union all select ${shared.siteId} from ${shared} where ${shared.companyId} = ${currentCompanyOf(userId)})`;
}

/** Which of `siteIds` are on the user's list, for them alone and for their current company. */
export async function findSiteMarksOf(
  db: Database,
  list: SiteMarkList,
  userId: string,
  siteIds: readonly string[],
): Promise<{ personal: Set<string>; company: Set<string> }> {
  if (siteIds.length === 0) return { personal: new Set(), company: new Set() };
  const own = PERSONAL_MARKS[list];
  const shared = COMPANY_MARKS[list];
  const ids = [...siteIds];
  const [personal, company] = await Promise.all([
    db
      .select({ siteId: own.siteId })
      .from(own)
      .where(and(eq(own.userId, userId), inArray(own.siteId, ids))),
    db
      .select({ siteId: shared.siteId })
      .from(shared)
      .where(
        and(sql`${shared.companyId} = ${currentCompanyOf(userId)}`, inArray(shared.siteId, ids)),
      ),
  ]);
  return {
    personal: new Set(personal.map((row) => row.siteId)),
    company: new Set(company.map((row) => row.siteId)),
  };
}
