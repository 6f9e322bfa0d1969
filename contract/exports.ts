// Export of the catalogue to CSV (spec §3 "Export task", §4, §7): POST creates a task, the
// client polls it until it is completed and then downloads its file.
import { z } from 'zod';
import { SiteListQuerySchema } from './catalogue.ts';
import { siteMetricKeys } from './site-metrics.ts';

export const EXPORT_TASK_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ExportTaskStatus = (typeof EXPORT_TASK_STATUSES)[number];

/** JSON numbers and booleans are read as the text the query string would carry. */
function asQueryText(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asQueryText);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asQueryText(v)]));
  }
  return value;
}

/**
 * Body of POST /api/v1/buyer/sites/exports/tasks: the `filter` and `sorting` of the list
 * (GET /api/v1/buyer/sites), as objects. Values may be the query string's text ("20", "true")
 * or JSON numbers and booleans. Paging does not apply: the export holds every matching site.
 */
export const ExportTaskCreateSchema = z.preprocess(
  asQueryText,
  SiteListQuerySchema.pick({ filter: true, sorting: true }).strict(),
);

export const ExportTaskSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_TASK_STATUSES),
  /** 0-100. */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  updated_at: z.string(),
  errors: z.array(z.string()),
  /** Set once completed; `path` is where to download it (GET, with the access token). */
  file: z.object({ id: z.uuid(), path: z.string() }).nullable(),
});
export type ExportTask = z.infer<typeof ExportTaskSchema>;

/**
 * The columns of the exported CSV, in order (the first row holds these names). The metrics come
 * from site-metrics.ts in its order, the main country's traffic after the main country.
 */
export const EXPORT_COLUMNS = [
  'hostname',
  ...siteMetricKeys('metrics'),
  'main_country',
  ...siteMetricKeys('country'),
  'domain_language',
  'website_topic',
  'tld',
  'sponsor_tag_type',
  'link_type',
  'ip_address',
  'updated_at',
  'relevance_at',
  'is_back_linked',
  'competitors',
] as const;
