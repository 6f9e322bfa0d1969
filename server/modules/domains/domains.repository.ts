import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { buyerDomains, fileImports, files } from '#server/db/schema/index.ts';

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

export async function findDomainsOfUser(
  db: Database,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
) {
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
    .leftJoin(fileImports, eq(fileImports.id, buyerDomains.referentsImportId))
    .where(activeDomainsOf(userId))
    .orderBy(asc(buyerDomains.createdAt), asc(buyerDomains.id))
    .offset(offset)
    .limit(limit);
}

export type DomainRow = Awaited<ReturnType<typeof findDomainsOfUser>>[number];
