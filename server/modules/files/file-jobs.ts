// The file store's background work (decision 194). Deleting a row that owns objects queues
// `file-delete` in the same transaction, so the objects go once the delete is committed and stay
// when it rolls back. `file-orphan-sweep` removes objects that have had no row for a day: those
// whose row was never committed (a failed request, a rolled-back document, a crash between put
// and insert) or was removed with its user.
import { inArray } from 'drizzle-orm';

import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { files } from '#server/db/schema/index.ts';
import type { JobHandler, JobRunner } from '#server/jobs/job-runner.ts';
import type { FileStore } from '#server/storage/file-store.ts';

export const FILE_DELETE_JOB = 'file-delete';
export const FILE_ORPHAN_SWEEP_JOB = 'file-orphan-sweep';

/** An object younger than this may still be waiting for its row. */
export const ORPHAN_AGE_MS = 24 * 60 * 60_000;
/** Where objects with rows live; anything else in the store is not the app's. */
const SWEPT_PREFIXES = ['uploads/', 'documents/', 'exports/', 'avatars/'] as const;
const SWEEP_BATCH = 500;

/** Queues the removal of `keys` in `tx`, the transaction that deletes the rows owning them. */
export async function queueFileDeletes(
  jobs: Pick<JobRunner, 'enqueue'>,
  tx: Database,
  keys: readonly string[],
): Promise<void> {
  if (keys.length > 0) await jobs.enqueue(FILE_DELETE_JOB, { keys: [...keys] }, tx);
}

export function createFileDeleteJob(store: FileStore): JobHandler {
  return async (payload) => {
    const keys = Array.isArray(payload.keys) ? payload.keys.map(String) : [];
    for (const key of keys) await store.delete(key);
  };
}

/** The key of the row that owns an object: an avatar's small size belongs to its large one's row. */
function owningPath(key: string): string {
  return key.startsWith('avatars/') ? key.replace(/-small\.webp$/, '-large.webp') : key;
}

export function createFileOrphanSweepJob({
  db,
  store,
  now,
}: {
  db: Database;
  store: FileStore;
  now: Clock;
}): JobHandler {
  const removeOrphans = async (keys: string[]): Promise<number> => {
    if (keys.length === 0) return 0;
    const owned = await db
      .select({ storagePath: files.storagePath })
      .from(files)
      .where(inArray(files.storagePath, [...new Set(keys.map(owningPath))]));
    const paths = new Set(owned.map((row) => row.storagePath));
    const orphans = keys.filter((key) => !paths.has(owningPath(key)));
    for (const key of orphans) await store.delete(key);
    return orphans.length;
  };
  return async () => {
    const before = now().getTime() - ORPHAN_AGE_MS;
    for (const prefix of SWEPT_PREFIXES) {
      let batch: string[] = [];
      for await (const object of store.list(prefix)) {
        if (object.lastModified.getTime() > before) continue;
        batch.push(object.key);
        if (batch.length === SWEEP_BATCH) {
          await removeOrphans(batch);
          batch = [];
        }
      }
      await removeOrphans(batch);
    }
  };
}
