// The job that writes a catalogue export: the task's query, page by page, into a CSV file under
// DATA_DIR/files, advancing the task's progress after each page.
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';

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
      const query = task.query as SiteListQuery & { ids?: string[] };
      const search = await sites.resolveSearch(task.userId, query);
      // Chosen rows: exactly those, in the order the buyer saw them.
      const ids = query.ids ?? null;
      const total = ids ? ids.length : await sites.countSites(search);
      await mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { encoding: 'utf8' });
      out.write(csvHeader(SITE_COLUMNS));
      for (let offset = 0; offset < total; offset += chunkSize) {
        const page = ids
          ? await sites.sitesWithIds(search, ids.slice(offset, offset + chunkSize))
          : await sites.sitesAt(search, { offset, limit: chunkSize });
        for (let start = 0; start < page.length; start += FORMAT_SLICE) {
          const text = csvRows(SITE_COLUMNS, page.slice(start, start + FORMAT_SLICE));
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
