import type { ExportTask, ExportTaskCreate } from '#contract/exports.ts';
import { SITE_NOT_FOUND_MESSAGE } from '#contract/favorites.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { forbidden, notFound } from '#server/http/api-error.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';

import type { SitesService } from '../sites/sites.service.ts';
import {
  type ExportTaskRow,
  findExportTask,
  insertExportTask,
  mayExportSites,
} from './exports.repository.ts';
import { SITE_EXPORT_JOB } from './site-export.job.ts';

export interface ExportsService {
  createTask(userId: string, query: ExportTaskCreate): Promise<ExportTask>;
  getTask(userId: string, id: string): Promise<ExportTask>;
}

export function createExportsService({
  db,
  sites,
  jobs,
  now,
}: {
  db: Database;
  sites: SitesService;
  jobs: JobRunner;
  now: Clock;
}): ExportsService {
  return {
    createTask: async (userId, query) => {
      if (!(await mayExportSites(db, userId))) throw forbidden();
      // The same checks as the list, so a task never starts with a query the list refuses.
      await sites.resolveSearch(userId, query);
      if (query.ids) {
        const known = await sites.existingSiteIds(query.ids);
        const violations = query.ids.flatMap((id, index) =>
          known.has(id)
            ? []
            : [{ path: `ids[${index}]`, message: SITE_NOT_FOUND_MESSAGE, parameters: { id } }],
        );
        if (violations.length > 0) throw new RequestValidationError(violations);
      }
      const at = now();
      const task = await db.transaction(async (tx) => {
        const row = await insertExportTask(tx, {
          userId,
          query: {
            filter: query.filter ?? {},
            sorting: query.sorting ?? {},
            ...(query.ids ? { ids: query.ids } : {}),
          },
          createdAt: at,
          updatedAt: at,
        });
        await jobs.enqueue(SITE_EXPORT_JOB, { taskId: row.id }, tx);
        return row;
      });
      return toExportTask(task);
    },
    getTask: async (userId, id) => {
      const task = await findExportTask(db, id, userId);
      if (!task) throw notFound();
      return toExportTask(task);
    },
  };
}

function toExportTask(row: ExportTaskRow): ExportTask {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    errors: row.errors,
    file: row.fileId ? { id: row.fileId, path: `/api/v1/files/${row.fileId}` } : null,
  };
}
