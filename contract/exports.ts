// Export of the catalogue to CSV (spec §3 "Export task", §4, §7): POST creates a task, the
// client polls it until it is completed and then downloads its file.
import { z } from 'zod';

import { SITE_FIELD_LABELS, SiteListQuerySchema } from './catalogue.ts';
import { endpoint } from './endpoint.ts';
import { IdParamsSchema } from './endpoint-schemas.ts';
import { UNIQUE_ITEMS_MESSAGE } from './favorites.ts';
import { inCurrent } from './permissions.ts';
import {
  SITE_METRIC_BY_KEY,
  siteMetricColumnLabel,
  type SiteMetricKey,
  siteMetricKeys,
} from './site-metrics.ts';

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

/** Most sites one export of chosen rows may name: a page of the largest page size, ten times. */
export const MAX_EXPORT_SITE_IDS = 1000;

/**
 * Body of POST /api/v1/buyer/sites/exports/tasks: the `filter` and `sorting` of the list
 * (GET /api/v1/buyer/sites), as objects. Values may be the query string's text ("20", "true")
 * or JSON numbers and booleans. Paging does not apply: the export holds every matching site.
 *
 * `ids` (optional) exports exactly these sites, the rows the buyer chose, in the order given;
 * the filter then only chooses the domain the back-link and competitor columns are about. An id
 * that is no site answers 400 with a violation `ids[index]` (`parameters.id`), and no task.
 */
export const ExportTaskCreateSchema = z.preprocess(
  asQueryText,
  SiteListQuerySchema.pick({ filter: true, sorting: true })
    .extend({
      ids: z
        .array(z.uuid())
        .min(1, 'Choose at least one site.')
        .max(MAX_EXPORT_SITE_IDS)
        .refine((ids) => new Set(ids).size === ids.length, { message: UNIQUE_ITEMS_MESSAGE })
        .optional(),
    })
    .strict(),
);
export type ExportTaskCreate = z.output<typeof ExportTaskCreateSchema>;

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

const sites = { access: 'buyer', tags: ['Sites'] } as const;

export const exportEndpoints = {
  createTask: endpoint({
    ...sites,
    method: 'POST',
    path: '/v1/buyer/sites/exports/tasks',
    permission: inCurrent('catalogue.use'),
    summary: 'Starts an export to CSV of the sites matching a filter, or of the sites chosen',
    description:
      'Needs `is_allowed_to_export_sites`. With `ids`, exactly those sites, in that order. Poll the task until `completed`, then download `file.path`.',
    body: ExportTaskCreateSchema,
    status: 201,
    response: ExportTaskSchema,
    errors: [400, 401, 403],
  }),
  getTask: endpoint({
    ...sites,
    method: 'GET',
    path: '/v1/buyer/sites/exports/tasks/{id}',
    permission: inCurrent('catalogue.use'),
    summary: "One of the caller's export tasks",
    params: IdParamsSchema,
    status: 200,
    response: ExportTaskSchema,
    errors: [400, 401, 403, 404],
  }),
};

/**
 * The columns of the exported CSV, in order. The metrics come from site-metrics.ts in its order,
 * the main country's traffic after the main country. The first row holds their names as the
 * screens show them (`exportColumnLabel`).
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

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Every column that is not a metric has its name in SITE_FIELD_LABELS (the compiler checks). */
const FIELD_LABELS: Record<Exclude<ExportColumn, SiteMetricKey>, string> = SITE_FIELD_LABELS;

function isMetric(column: ExportColumn): column is Extract<ExportColumn, SiteMetricKey> {
  return column in SITE_METRIC_BY_KEY;
}

/** The name of an export column: the site table's (or detail page's) name of that field. */
export function exportColumnLabel(column: ExportColumn): string {
  return isMetric(column)
    ? siteMetricColumnLabel(SITE_METRIC_BY_KEY[column])
    : FIELD_LABELS[column];
}
