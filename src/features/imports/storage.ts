/**
 * Uploads whose import is being followed. They are kept in IndexedDB for 30 minutes (spec §3) so
 * polling resumes after a reload; older rows are dropped, since the server's status has long
 * since settled and nobody is waiting for it.
 */
import { TRACKED_IMPORT_LIFETIME_MS } from '#src/config/constants.ts';
import { openDatabase } from '#src/lib/database.ts';
import type { BuyerPortalDatabase, TrackedImportRow, TrackedImportStatus } from '#src/lib/db.ts';

export type TrackedImport = TrackedImportRow;

export async function trackImport(
  entry: Omit<TrackedImportRow, 'createdAt' | 'status'> & { status?: TrackedImportStatus },
  now: number = Date.now(),
): Promise<void> {
  await (await openDatabase()).trackedImports.put({ status: 'pending', ...entry, createdAt: now });
}

/** Deletes entries older than the lifetime; returns how many were removed. */
export async function deleteExpiredTrackedImports(now: number = Date.now()): Promise<number> {
  return (await openDatabase()).trackedImports
    .where('createdAt')
    .below(now - TRACKED_IMPORT_LIFETIME_MS)
    .delete();
}

/** The live entries, after removing expired ones. */
export async function listTrackedImports(now: number = Date.now()): Promise<TrackedImport[]> {
  await deleteExpiredTrackedImports(now);
  return (await openDatabase()).trackedImports.orderBy('createdAt').toArray();
}

export async function updateTrackedImportStatus(
  fileImportId: string,
  status: TrackedImportStatus,
): Promise<void> {
  await (await openDatabase()).trackedImports.update(fileImportId, { status });
}

export async function untrackImport(fileImportId: string): Promise<void> {
  await (await openDatabase()).trackedImports.delete(fileImportId);
}

/**
 * How many imports are tracked, expired ones included; read live to start and stop polling.
 * `db`: given by a live read.
 */
export async function countTrackedImports(db?: BuyerPortalDatabase): Promise<number> {
  return (db ?? (await openDatabase())).trackedImports.count();
}

/**
 * Removes a finished import; true only for the call that removed it, so a result reached by two
 * tabs at once is still announced once.
 */
export async function settleTrackedImport(fileImportId: string): Promise<boolean> {
  const removed = await (
    await openDatabase()
  ).trackedImports
    .where('fileImportId')
    .equals(fileImportId)
    .delete();
  return removed > 0;
}
