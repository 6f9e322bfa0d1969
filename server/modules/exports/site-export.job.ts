// The job that writes a catalogue export: the task's query, page by page, into a CSV file under
// DATA_DIR/files, advancing the task's progress after each page.
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { EXPORT_COLUMNS } from '#contract/exports.ts';
import type { SiteListQuery, Site } from '#contract/catalogue.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { formatRow, type CsvCell } from '#server/jobs/csv.ts';
import type { JobHandler } from '#server/jobs/job-runner.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { findExportTask, insertFile, updateExportTask } from './exports.repository.ts';

export const SITE_EXPORT_JOB = 'site-export';

export const EXPORT_FAILED_MESSAGE = 'The export failed. Try again later.';

/** Rows read and written per step; progress advances after each. */
export const EXPORT_CHUNK_SIZE = 200;
/**
 * Rows formatted between two turns of the event loop: formatting a whole page at once held the
 * server's thread for over 100 ms, delaying every other request (decision 120).
 */
const FORMAT_SLICE = 50;

export interface SiteExportJobOptions {
  db: Database;
  sites: SitesService;
  now: Clock;
  dataDir: string;
  chunkSize?: number;
  /** Told each progress value as it is stored. */
  onProgress?: (taskId: string, progress: number) => void;
}

function cellsOf(site: Site): CsvCell[] {
  return EXPORT_COLUMNS.map((column): CsvCell => {
    switch (column) {
      case 'main_country':
        return site.main_country?.title ?? null;
      case 'competitors':
        return site.competitors.map((competitor) => competitor.hostname).join(' ');
      default:
        return site[column];
    }
  });
}

export function createSiteExportJob(options: SiteExportJobOptions): JobHandler {
  const { db, sites, now, dataDir } = options;
  const chunkSize = options.chunkSize ?? EXPORT_CHUNK_SIZE;

  const run = async (payload: Record<string, unknown>): Promise<void> => {
    const taskId = String(payload.taskId);
    const task = await findExportTask(db, taskId);
    if (!task) throw new Error(`Export task ${taskId} not found`);
    const storagePath = path.posix.join('exports', `${taskId}.csv`);
    const target = path.join(dataDir, 'files', storagePath);
    try {
      await updateExportTask(db, taskId, { status: 'processing', progress: 0, updatedAt: now() });
      const search = await sites.resolveSearch(task.userId, task.query as SiteListQuery);
      const total = await sites.countSites(search);
      await mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { encoding: 'utf8' });
      // A byte order mark, so that spreadsheet programs read the file as UTF-8.
      out.write(`\uFEFF${formatRow([...EXPORT_COLUMNS])}`);
      for (let offset = 0; offset < total; offset += chunkSize) {
        const page = await sites.sitesAt(search, { offset, limit: chunkSize });
        for (let start = 0; start < page.length; start += FORMAT_SLICE) {
          const slice = page.slice(start, start + FORMAT_SLICE);
          const text = slice.map((site) => formatRow(cellsOf(site))).join('');
          if (!out.write(text))
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          await new Promise((resolve) => setImmediate(resolve));
        }
        const done = Math.min(total, offset + chunkSize);
        const progress = Math.min(99, Math.floor((done / total) * 100));
        await updateExportTask(db, taskId, { progress, updatedAt: now() });
        options.onProgress?.(taskId, progress);
      }
      out.end();
      await finished(out);
      const fileId = await insertFile(db, {
        ownerUserId: task.userId,
        storagePath,
        fileName: `sites-export-${now().toISOString().slice(0, 10)}.csv`,
        mimeType: 'text/csv; charset=utf-8',
        sizeBytes: (await stat(target)).size,
      });
      await updateExportTask(db, taskId, {
        status: 'completed',
        progress: 100,
        fileId,
        updatedAt: now(),
      });
    } catch (error) {
      await rm(target, { force: true });
      await updateExportTask(db, taskId, {
        status: 'failed',
        errors: [EXPORT_FAILED_MESSAGE],
        updatedAt: now(),
      });
      throw error;
    }
  };

  // The job was given up after its worker died too often: the buyer sees the export failed.
  const abandon = async (payload: Record<string, unknown>): Promise<void> => {
    const taskId = String(payload.taskId);
    await rm(path.join(dataDir, 'files', 'exports', `${taskId}.csv`), { force: true });
    await updateExportTask(db, taskId, {
      status: 'failed',
      errors: [EXPORT_FAILED_MESSAGE],
      updatedAt: now(),
    });
  };
  return Object.assign(run, { abandon });
}
