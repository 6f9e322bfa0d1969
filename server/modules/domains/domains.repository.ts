import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { buyerDomains, files } from '#server/db/schema/index.ts';

export async function countDomainsOfUser(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(buyerDomains)
    .where(eq(buyerDomains.userId, userId));
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
      importStatus: buyerDomains.referentsImportStatus,
      importErrors: buyerDomains.referentsImportErrors,
    })
    .from(buyerDomains)
    .leftJoin(files, eq(files.id, buyerDomains.referentsFileId))
    .where(eq(buyerDomains.userId, userId))
    .orderBy(asc(buyerDomains.createdAt), asc(buyerDomains.id))
    .offset(offset)
    .limit(limit);
}

export type DomainRow = Awaited<ReturnType<typeof findDomainsOfUser>>[number];
