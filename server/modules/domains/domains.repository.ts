import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  buyerDomainReferents,
  buyerDomains,
  competitorGroups,
  fileImports,
  files,
} from '#server/db/schema/index.ts';

/** The buyer's domains that are not deleted (archived). */
function activeDomainsOf(userId: string) {
  return and(eq(buyerDomains.userId, userId), isNull(buyerDomains.archivedAt));
}

export async function countDomainsOfUser(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(buyerDomains)
    .where(activeDomainsOf(userId));
  return row?.total ?? 0;
}

/** A domain as the wire shows it: its referring-domain file and latest import. */
function selectDomains(db: Database) {
  return db
    .select({
      id: buyerDomains.id,
      hostname: buyerDomains.hostname,
      referentsFileId: files.id,
      referentsFileName: files.fileName,
      importId: fileImports.id,
      importStatus: fileImports.status,
      importErrors: fileImports.errors,
    })
    .from(buyerDomains)
    .leftJoin(files, eq(files.id, buyerDomains.referentsFileId))
    .leftJoin(fileImports, eq(fileImports.id, buyerDomains.referentsImportId));
}

export async function findDomainsOfUser(
  db: Database,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
) {
  return selectDomains(db)
    .where(activeDomainsOf(userId))
    .orderBy(asc(buyerDomains.createdAt), asc(buyerDomains.id))
    .offset(offset)
    .limit(limit);
}

/** One of the buyer's domains that is not deleted, or null. */
export async function findActiveDomain(db: Database, userId: string, id: string) {
  const [row] = await selectDomains(db).where(
    and(activeDomainsOf(userId), eq(buyerDomains.id, id)),
  );
  return row ?? null;
}

export type DomainRow = Awaited<ReturnType<typeof findDomainsOfUser>>[number];

export async function hasActiveDomain(
  db: Database,
  userId: string,
  hostname: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: buyerDomains.id })
    .from(buyerDomains)
    .where(and(activeDomainsOf(userId), eq(buyerDomains.hostname, hostname)));
  return row !== undefined;
}

/**
 * Adds the hostname, or brings back the buyer's archived row of it as if it were new (decision
 * 054). Null when the buyer already has it: the unique index decides, so two requests adding the
 * same hostname at the same moment add it once.
 */
export async function insertOrReviveDomain(
  db: Database,
  values: { userId: string; hostname: string; createdAt: Date },
): Promise<{ id: string; hostname: string } | null> {
  const [row] = await db
    .insert(buyerDomains)
    .values(values)
    .onConflictDoUpdate({
      target: [buyerDomains.userId, buyerDomains.hostname],
      set: {
        archivedAt: null,
        createdAt: values.createdAt,
        referentsFileId: null,
        referentsImportId: null,
      },
      setWhere: isNotNull(buyerDomains.archivedAt),
    })
    .returning({ id: buyerDomains.id, hostname: buyerDomains.hostname });
  return row ?? null;
}

/** Archives one of the buyer's domains; false when it is not theirs or already archived. */
export async function archiveDomain(
  db: Database,
  userId: string,
  id: string,
  archivedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(buyerDomains)
    .set({ archivedAt, referentsFileId: null, referentsImportId: null })
    .where(and(activeDomainsOf(userId), eq(buyerDomains.id, id)))
    .returning({ id: buyerDomains.id });
  return rows.length > 0;
}

/**
 * Removes what a domain's lists hold: its referring domains, its competitor groups (their
 * competitors and imports go with them) and its referring-domain imports.
 */
export async function clearDomainLists(
  db: Database,
  userId: string,
  domainId: string,
): Promise<void> {
  await db.delete(buyerDomainReferents).where(eq(buyerDomainReferents.buyerDomainId, domainId));
  await db.delete(competitorGroups).where(eq(competitorGroups.buyerDomainId, domainId));
  await db
    .delete(fileImports)
    .where(and(eq(fileImports.userId, userId), eq(fileImports.buyerDomainId, domainId)));
}
