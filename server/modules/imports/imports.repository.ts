import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';

import { type Database, queryRows } from '#server/db/database.ts';
import {
  buyerDomains,
  competitorGroups,
  competitorReferents,
  competitors,
  fileImports,
  files,
} from '#server/db/schema/index.ts';

export async function insertFileImport(db: Database, values: typeof fileImports.$inferInsert) {
  const [row] = await db.insert(fileImports).values(values).returning({ id: fileImports.id });
  return row!.id;
}

export async function setDomainReferentsUpload(
  db: Database,
  domainId: string,
  upload: { fileId: string; importId: string },
): Promise<void> {
  await db
    .update(buyerDomains)
    .set({ referentsFileId: upload.fileId, referentsImportId: upload.importId })
    .where(eq(buyerDomains.id, domainId));
}

export async function setGroupCompetitorsUpload(
  db: Database,
  groupId: string,
  upload: { fileId: string; importId: string },
): Promise<void> {
  await db
    .update(competitorGroups)
    .set({ competitorsFileId: upload.fileId, competitorsImportId: upload.importId })
    .where(eq(competitorGroups.id, groupId));
}

const groupColumns = {
  id: competitorGroups.id,
  name: competitorGroups.name,
  buyerDomainId: buyerDomains.id,
  buyerDomainHostname: buyerDomains.hostname,
  fileId: files.id,
  fileName: files.fileName,
  importId: fileImports.id,
  importStatus: fileImports.status,
  importErrors: fileImports.errors,
};

/** Groups of the buyer's active domains, optionally of one domain. */
function groupsOf(userId: string, buyerDomainId: string | null) {
  return and(
    eq(buyerDomains.userId, userId),
    isNull(buyerDomains.archivedAt),
    buyerDomainId ? eq(buyerDomains.id, buyerDomainId) : undefined,
  );
}

function selectGroups(db: Database) {
  return db
    .select(groupColumns)
    .from(competitorGroups)
    .innerJoin(buyerDomains, eq(buyerDomains.id, competitorGroups.buyerDomainId))
    .leftJoin(files, eq(files.id, competitorGroups.competitorsFileId))
    .leftJoin(fileImports, eq(fileImports.id, competitorGroups.competitorsImportId));
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['execute']>>[number];

export async function findGroup(db: Database, userId: string, id: string) {
  const [row] = await selectGroups(db).where(
    and(eq(competitorGroups.id, id), groupsOf(userId, null)),
  );
  return row ?? null;
}

export async function findGroups(
  db: Database,
  userId: string,
  { buyerDomainId, offset, limit }: { buyerDomainId: string | null; offset: number; limit: number },
) {
  return selectGroups(db)
    .where(groupsOf(userId, buyerDomainId))
    .orderBy(asc(competitorGroups.createdAt), asc(competitorGroups.id))
    .offset(offset)
    .limit(limit);
}

export async function countGroups(
  db: Database,
  userId: string,
  buyerDomainId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(competitorGroups)
    .innerJoin(buyerDomains, eq(buyerDomains.id, competitorGroups.buyerDomainId))
    .where(groupsOf(userId, buyerDomainId));
  return row?.total ?? 0;
}

/** The competitors of the groups, each with how many referring domains its list has. */
export async function findCompetitorsOfGroups(db: Database, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: competitors.groupId,
      id: competitors.id,
      hostname: competitors.hostname,
      referringDomains: sql<number>`(select count(*)::int from ${competitorReferents} where ${competitorReferents.competitorId} = ${competitors.id})`,
    })
    .from(competitors)
    .where(inArray(competitors.groupId, groupIds))
    .orderBy(asc(competitors.hostname));
}

/** Whether the domain has a group of this name, letter case aside. */
export async function hasGroupNamed(
  db: Database,
  buyerDomainId: string,
  name: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: competitorGroups.id })
    .from(competitorGroups)
    .where(
      and(
        eq(competitorGroups.buyerDomainId, buyerDomainId),
        sql`lower(${competitorGroups.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertGroup(db: Database, values: { buyerDomainId: string; name: string }) {
  const [row] = await db
    .insert(competitorGroups)
    .values(values)
    .returning({ id: competitorGroups.id });
  return row!.id;
}

export async function deleteGroup(db: Database, id: string): Promise<void> {
  await db.delete(competitorGroups).where(eq(competitorGroups.id, id));
}

export async function findStatuses(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: fileImports.id, status: fileImports.status, errors: fileImports.errors })
    .from(fileImports)
    .where(and(eq(fileImports.userId, userId), inArray(fileImports.id, ids)))
    .orderBy(asc(fileImports.createdAt), asc(fileImports.id));
}

/** An import with what the job needs: its file and whether it is still its subject's latest. */
export async function findImportForJob(db: Database, importId: string) {
  const [row] = await queryRows<{
    id: string;
    kind: 'referents' | 'competitors';
    status: 'pending' | 'success' | 'failed';
    storage_path: string | null;
    buyer_domain_id: string | null;
    competitor_group_id: string | null;
    is_latest: boolean;
  }>(
    db,
    sql`select i.id, i.kind, i.status, f.storage_path, i.buyer_domain_id, i.competitor_group_id,
          coalesce(
            (select d.referents_import_id = i.id and d.archived_at is null
               from ${buyerDomains} d where d.id = i.buyer_domain_id),
            (select g.competitors_import_id = i.id and d.archived_at is null
               from ${competitorGroups} g join ${buyerDomains} d on d.id = g.buyer_domain_id
               where g.id = i.competitor_group_id),
            false) as is_latest
        from ${fileImports} i left join ${files} f on f.id = i.file_id
        where i.id = ${importId}`,
  );
  return row ?? null;
}

export async function finishImport(
  db: Database,
  id: string,
  values: {
    status: 'success' | 'failed';
    errors: string[];
    rowsRead: number;
    rowsImported: number;
    finishedAt: Date;
  },
): Promise<void> {
  await db
    .update(fileImports)
    .set(values)
    .where(and(eq(fileImports.id, id), eq(fileImports.status, 'pending')));
}
