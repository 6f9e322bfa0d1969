// The job that writes a catalogue export: the task's query, page by page, streamed as CSV into the
// file store (never whole in memory), advancing the task's progress after each page. The object is
// complete before its row is inserted; a failure removes it again. When the process stops, the
// job stops before its next page and is handed back: another process writes the export anew.
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';

import {
  backLinkedText,
  LINK_TYPE_TITLES,
  type Site,
  type SiteListQuery,
  SPONSOR_TAG_TYPE_TITLES,
} from '#contract/catalogue.ts';
import { EXPORT_COLUMNS, type ExportColumn, exportColumnLabel } from '#contract/exports.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { formatRatio, SITE_METRIC_BY_KEY, type SiteMetricKey } from '#contract/site-metrics.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { type CsvCell, type CsvColumn, csvDate, csvHeader, csvRows } from '#server/jobs/csv.ts';
import type { JobHandler } from '#server/jobs/job-runner.ts';
import type { FileStore } from '#server/storage/file-store.ts';

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

const CSV_TYPE = 'text/csv; charset=utf-8';

/** Where a task's CSV is stored: its key in the file store. */
function exportPath(taskId: string): string {
  return path.posix.join('exports', `${taskId}.csv`);
}

export interface SiteExportJobOptions {
  db: Database;
  sites: SitesService;
  now: Clock;
  files: FileStore;
  chunkSize?: number;
  /** Told each progress value as it is stored. */
  onProgress?: (taskId: string, progress: number) => void;
}

/** A cell as the catalogue shows it: titles for codes, percentages, DD/MM/YYYY dates. */
function cellOf(column: ExportColumn, site: Site): CsvCell {
  if (column in SITE_METRIC_BY_KEY) {
    const metric = SITE_METRIC_BY_KEY[column as SiteMetricKey];
    const value = site[metric.key];
    // Money stays a number a spreadsheet can add; its unit is in the column's name.
    return metric.kind === 'percent' ? formatRatio(value as number | null) : value;
  }
  switch (column) {
    case 'main_country':
      return site.main_country?.title ?? null;
    case 'competitors':
      return site.competitors.map((competitor) => hostnameToUnicode(competitor.hostname)).join(' ');
    case 'is_back_linked':
      return backLinkedText(site.is_back_linked);
    case 'sponsor_tag_type':
      return SPONSOR_TAG_TYPE_TITLES[site.sponsor_tag_type];
    case 'link_type':
      return LINK_TYPE_TITLES[site.link_type];
    case 'hostname':
      return hostnameToUnicode(site.hostname);
    case 'updated_at':
    case 'relevance_at':
      return csvDate(site[column]);
    default:
      return site[column as 'ip_address' | 'domain_language' | 'website_topic' | 'tld'];
  }
}

const SITE_COLUMNS: CsvColumn<Site>[] = EXPORT_COLUMNS.map((column) => ({
  label: exportColumnLabel(column),
  cell: (site) => cellOf(column, site),
}));

export function createSiteExportJob(options: SiteExportJobOptions): JobHandler {
  const { db, sites, now, files } = options;
  const chunkSize = options.chunkSize ?? EXPORT_CHUNK_SIZE;

  const run = async (payload: Record<string, unknown>, signal?: AbortSignal): Promise<void> => {
    const taskId = String(payload.taskId);
    const task = await findExportTask(db, taskId);
    if (!task) throw new Error(`Export task ${taskId} not found`);
    const storagePath = exportPath(taskId);
    let putting: Promise<{ size: number }> | null = null;
    let recorded = false;
    const out = new PassThrough();
    // Destroyed with the job's error when it stops early, maybe before the store reads from it:
    // the error is the job's, not the stream's to throw.
    out.on('error', () => {});
    try {
      await updateExportTask(db, taskId, { status: 'processing', progress: 0, updatedAt: now() });
      const query = task.query as SiteListQuery & { ids?: string[] };
      const search = await sites.resolveSearch(task.userId, query);
      // Chosen rows: exactly those, in the order the buyer saw them.
      const ids = query.ids ?? null;
      const total = ids ? ids.length : await sites.countSites(search);
      putting = files.put(storagePath, out, { contentType: CSV_TYPE });
      const stored = putting;
      // Its failure is met at the next wait or at the end.
      stored.catch(() => {});
      // Waits while the store is behind; a store that failed ends the wait with its error.
      const write = async (text: string) => {
        if (!out.write(text)) await Promise.race([once(out, 'drain'), stored]);
      };
      await write(csvHeader(SITE_COLUMNS));
      for (let offset = 0; offset < total; offset += chunkSize) {
        // The process is stopping: the job goes back to the queue, another process starts over.
        signal?.throwIfAborted();
        const page = ids
          ? await sites.sitesWithIds(search, ids.slice(offset, offset + chunkSize))
          : await sites.sitesAt(search, { offset, limit: chunkSize });
        for (let start = 0; start < page.length; start += FORMAT_SLICE) {
          const text = csvRows(SITE_COLUMNS, page.slice(start, start + FORMAT_SLICE));
          await write(text);
          await new Promise((resolve) => setImmediate(resolve));
        }
        const done = Math.min(total, offset + chunkSize);
        const progress = Math.min(99, Math.floor((done / total) * 100));
        await updateExportTask(db, taskId, { progress, updatedAt: now() });
        options.onProgress?.(taskId, progress);
      }
      out.end();
      const { size } = await stored;
      const fileId = await insertFile(db, {
        ownerUserId: task.userId,
        storagePath,
        fileName: `sites-export-${now().toISOString().slice(0, 10)}.csv`,
        mimeType: CSV_TYPE,
        sizeBytes: size,
      });
      recorded = true;
      await updateExportTask(db, taskId, {
        status: 'completed',
        progress: 100,
        fileId,
        updatedAt: now(),
      });
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
      await putting?.catch(() => {});
      // Once recorded, the row owns the object: a row never names a missing one.
      if (!recorded) await files.delete(storagePath);
      // Stopped, not failed: the task stays in progress for the process that takes the job over.
      if (signal?.aborted && !recorded) throw error;
      await updateExportTask(db, taskId, {
        status: 'failed',
        errors: [EXPORT_FAILED_MESSAGE],
        updatedAt: now(),
      });
      throw error;
    }
  };

  // The job was given up after its worker died too often: the buyer sees the export failed. A
  // CSV its worker may have stored without a row is left to the orphan sweep (file-jobs.ts).
  const abandon = async (payload: Record<string, unknown>): Promise<void> => {
    const taskId = String(payload.taskId);
    await updateExportTask(db, taskId, {
      status: 'failed',
      errors: [EXPORT_FAILED_MESSAGE],
      updatedAt: now(),
    });
  };
  return Object.assign(run, { abandon });
}
