// The job that reads an uploaded list and, when it holds any domain, replaces the buyer domain's
// referring domains or the competitor group's competitors with it. The file is read as a stream
// and the whole outcome is known before anything is written, so a failed import leaves the
// previous list as it was.

import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import type { JobHandler } from '#server/jobs/job-runner.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import { readCsvRows } from './csv-reader.ts';
import { findImportForJob, finishImport } from './imports.repository.ts';
import { IMPORT_ERROR_MESSAGES, importError, type ListOutcome, readList } from './list-reader.ts';
import { replaceCompetitors, replaceHostnames } from './list-writer.ts';

export const LIST_IMPORT_JOB = 'list-import';

const failure = (message: string, violations: { path: string; message: string }[] = []) => ({
  status: 'failed' as const,
  errors: [importError({ message, violations })],
  rowsRead: 0,
  lists: new Map<string, Set<string>>(),
});

async function readFile(
  files: FileStore,
  key: string,
  kind: 'referents' | 'competitors',
): Promise<ListOutcome> {
  const body = await files.get(key);
  if (!body) return failure(IMPORT_ERROR_MESSAGES.notFound);
  try {
    return await readList(kind, readCsvRows(body));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const detail = error instanceof Error ? error.message : String(error);
    return failure(IMPORT_ERROR_MESSAGES.notCsv, [
      { path: line ? `line ${line}` : 'file', message: detail },
    ]);
  }
}

export function createListImportJob({
  db,
  files,
  now,
}: {
  db: Database;
  files: FileStore;
  now: Clock;
}): JobHandler {
  const fail = async (importId: string, message: string) => {
    await finishImport(db, importId, {
      status: 'failed',
      errors: [importError({ message, violations: [] })],
      rowsRead: 0,
      rowsImported: 0,
      finishedAt: now(),
    });
  };

  const handler: JobHandler = async (payload) => {
    const importId = String(payload.importId);
    const job = await findImportForJob(db, importId);
    if (!job || job.status !== 'pending') return;
    try {
      const outcome = job.storage_path
        ? await readFile(files, job.storage_path, job.kind)
        : failure(IMPORT_ERROR_MESSAGES.notFound);
      let rowsImported = 0;
      if (outcome.status === 'success') {
        // Checked again after reading: a newer upload or a deletion may have come meanwhile.
        const current = await findImportForJob(db, importId);
        if (!current?.is_latest) return await fail(importId, IMPORT_ERROR_MESSAGES.superseded);
        rowsImported =
          job.kind === 'referents'
            ? await replaceHostnames(
                db,
                {
                  table: 'buyer_domain_referents',
                  keyColumn: 'buyer_domain_id',
                  key: job.buyer_domain_id!,
                },
                outcome.lists.get('') ?? new Set(),
              )
            : await replaceCompetitors(db, job.competitor_group_id!, outcome.lists);
      }
      await finishImport(db, importId, {
        status: outcome.status,
        errors: outcome.errors,
        rowsRead: outcome.rowsRead,
        rowsImported,
        finishedAt: now(),
      });
    } catch (error) {
      await fail(importId, IMPORT_ERROR_MESSAGES.unexpected);
      throw error;
    }
  };
  handler.abandon = (payload) => fail(String(payload.importId), IMPORT_ERROR_MESSAGES.unexpected);
  return handler;
}
