import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import type { blacklistedSites, favoriteSites } from '#server/db/schema/index.ts';
import { savedViews, sites } from '#server/db/schema/index.ts';
import { COMPANY_MARKS, type SiteMarkList } from '#server/db/site-marks.ts';

export type MarkTable = typeof favoriteSites | typeof blacklistedSites;

export async function addMarks(
  db: Database,
  table: MarkTable,
  userId: string,
  siteIds: readonly string[],
): Promise<void> {
  if (siteIds.length === 0) return;
  await db
    .insert(table)
    .values(siteIds.map((siteId) => ({ userId, siteId })))
    .onConflictDoNothing();
}

export async function removeMarks(
  db: Database,
  table: MarkTable,
  userId: string,
  siteIds: readonly string[],
): Promise<void> {
  await db.delete(table).where(and(eq(table.userId, userId), inArray(table.siteId, [...siteIds])));
}

/** Makes `siteIds` the user's whole set of marks. */
export async function replaceMarks(
  db: Database,
  table: MarkTable,
  userId: string,
  siteIds: readonly string[],
): Promise<void> {
  await db
    .delete(table)
    .where(
      siteIds.length > 0
        ? and(eq(table.userId, userId), notInArray(table.siteId, [...siteIds]))
        : eq(table.userId, userId),
    );
  await addMarks(db, table, userId, siteIds);
}

export async function findMarkedDomains(db: Database, table: MarkTable, userId: string) {
  return db
    .select({ id: sites.id, hostname: sites.hostname })
    .from(table)
    .innerJoin(sites, eq(sites.id, table.siteId))
    .where(eq(table.userId, userId))
    .orderBy(asc(sites.hostname));
}

/** Adds sites to a company's list, noting who marked them; sites already there stay as they are. */
export async function addCompanyMarks(
  db: Database,
  list: SiteMarkList,
  { companyId, userId }: { companyId: string; userId: string },
  siteIds: readonly string[],
): Promise<void> {
  if (siteIds.length === 0) return;
  await db
    .insert(COMPANY_MARKS[list])
    .values(siteIds.map((siteId) => ({ companyId, siteId, markedByUserId: userId })))
    .onConflictDoNothing();
}

export async function removeCompanyMarks(
  db: Database,
  list: SiteMarkList,
  companyId: string,
  siteIds: readonly string[],
): Promise<void> {
  const table = COMPANY_MARKS[list];
  await db
    .delete(table)
    .where(and(eq(table.companyId, companyId), inArray(table.siteId, [...siteIds])));
}

/** A company's list of marks by hostname. */
export async function findCompanyMarkedDomains(
  db: Database,
  list: SiteMarkList,
  companyId: string | null,
) {
  if (companyId === null) return [];
  const table = COMPANY_MARKS[list];
  return db
    .select({ id: sites.id, hostname: sites.hostname })
    .from(table)
    .innerJoin(sites, eq(sites.id, table.siteId))
    .where(eq(table.companyId, companyId))
    .orderBy(asc(sites.hostname));
}

export async function findFavoriteFilters(db: Database, userId: string) {
  return db
    .select({ id: savedViews.id, name: savedViews.name })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.kind, 'site_filters'),
        eq(savedViews.isFavorite, true),
      ),
    )
    .orderBy(asc(savedViews.name));
}

/** The ids among `ids` that are the user's saved site filters. */
export async function findOwnSiteFilterIds(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.kind, 'site_filters'),
        inArray(savedViews.id, [...ids]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Marks exactly `ids` of the user's saved site filters as favourite. */
export async function setFavoriteFilters(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  const own = and(eq(savedViews.userId, userId), eq(savedViews.kind, 'site_filters'));
  await db
    .update(savedViews)
    .set({ isFavorite: false })
    .where(ids.length > 0 ? and(own, notInArray(savedViews.id, [...ids])) : own);
  if (ids.length > 0) {
    await db
      .update(savedViews)
      .set({ isFavorite: true })
      .where(and(own, inArray(savedViews.id, [...ids])));
  }
}
