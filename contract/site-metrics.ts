// The numeric measures of a catalogue site (spec §3 "Site"), one line each. The wire schema of a
// site, the labels of the range filters, the table's metric columns, the detail page's facts and
// the export's columns read their metrics from here, as do the server's row mapping and the demo
// data. Adding a metric: one line here, its column in `server/db/schema/catalogue.ts` and a
// migration; the compiler then points at the demo generator (and at the range filter keys when
// it is filterable). The table and the detail page show a metric they do not place last
// (decision 025).
import { z } from 'zod';

/**
 * How a metric is stored, sent and shown:
 * - `score`: a whole number from 0 to 100 (smallint), shown as is;
 * - `count`: a whole number (integer), shown with thousands separators;
 * - `percent`: a ratio (numeric, null when its denominator is 0), shown as a percentage;
 * - `money`: a decimal string with two digits, in euros.
 */
export const SITE_METRIC_KINDS = ['score', 'count', 'percent', 'money'] as const;
export type SiteMetricKind = (typeof SITE_METRIC_KINDS)[number];

export interface SiteMetricDescriptor {
  /** The field of the site on the wire, the filter and sort key and the export column. */
  readonly key: string;
  readonly kind: SiteMetricKind;
  /** The full name, as the detail page shows it. */
  readonly label: string;
  /** The name of its range filter. */
  readonly filterLabel: string;
  /** The header of its column in the site table; a metric without one is not a table column. */
  readonly header?: string;
  readonly unit?: string;
  readonly sortable: boolean;
  readonly filterable: boolean;
  /**
   * Where the row and the export place it: with the other metrics, or right after the site's
   * main country (whose traffic it is).
   */
  readonly group: 'metrics' | 'country';
}

/** In the order of the wire row and of the export. */
// prettier-ignore
export const SITE_METRICS = [
  { key: 'price', kind: 'money', label: 'Price', filterLabel: 'Price', header: 'Price', unit: '€', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_domain_rating', kind: 'score', label: 'Domain rating (Ahrefs)', filterLabel: 'DR', header: 'DR', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_referring_domains', kind: 'count', label: 'Referring domains', filterLabel: 'Referring domains', header: 'RD', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_organic_traffic', kind: 'count', label: 'Organic traffic', filterLabel: 'Organic traffic', header: 'Traffic', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_url_rating', kind: 'score', label: 'URL rating (Ahrefs)', filterLabel: 'UR', header: 'UR', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_keywords_top3', kind: 'count', label: 'Top-3 keywords', filterLabel: 'Top-3 keywords', header: 'Top-3 keywords', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_keywords410', kind: 'count', label: '4-10 keywords', filterLabel: '4-10 keywords', header: '4-10 keywords', sortable: true, filterable: true, group: 'metrics' },
  { key: 'ahrefs_keywords_top10', kind: 'count', label: 'Top-10 keywords', filterLabel: 'Top-10 keywords', sortable: true, filterable: true, group: 'metrics' },
  { key: 'majestic_citation_flow', kind: 'score', label: 'Citation flow (Majestic)', filterLabel: 'Citation flow', header: 'CF', sortable: true, filterable: true, group: 'metrics' },
  { key: 'majestic_trust_flow', kind: 'score', label: 'Trust flow (Majestic)', filterLabel: 'Trust flow', header: 'TF', sortable: true, filterable: true, group: 'metrics' },
  { key: 'moz_spam_score', kind: 'score', label: 'Spam score (Moz)', filterLabel: 'Spam score', sortable: true, filterable: true, group: 'metrics' },
  { key: 'moz_domain_authority', kind: 'score', label: 'Domain authority (Moz)', filterLabel: 'Domain authority', sortable: true, filterable: true, group: 'metrics' },
  { key: 'semrush_authority_score', kind: 'score', label: 'Authority score (Semrush)', filterLabel: 'Authority score', sortable: true, filterable: true, group: 'metrics' },
  { key: 'tf_cf', kind: 'percent', label: 'TF/CF', filterLabel: 'TF/CF ratio', header: 'TF/CF', sortable: true, filterable: true, group: 'metrics' },
  { key: 'rd_ot', kind: 'percent', label: 'RD/OT', filterLabel: 'RD/OT ratio', header: 'RD/OT', sortable: true, filterable: true, group: 'metrics' },
  { key: 'main_country_traffic', kind: 'count', label: 'Main country traffic', filterLabel: 'Main country traffic', header: 'Main country traffic', sortable: true, filterable: true, group: 'country' },
] as const satisfies readonly SiteMetricDescriptor[];

export type SiteMetric = (typeof SITE_METRICS)[number];
export type SiteMetricKey = SiteMetric['key'];
export type SiteMetricOf<K extends SiteMetricKey> = Extract<SiteMetric, { key: K }>;
type KeysWhere<M> = Extract<SiteMetric, M>['key'];
export type SiteMetricKeyOf<Kind extends SiteMetricKind> = KeysWhere<{ kind: Kind }>;
/** The metrics read from a column of the site row; the price depends on the chosen niches. */
export type StoredSiteMetricKey = Exclude<SiteMetricKey, SiteMetricKeyOf<'money'>>;
export type SortableSiteMetricKey = KeysWhere<{ sortable: true }>;
export type FilterableSiteMetricKey = KeysWhere<{ filterable: true }>;

export const SITE_METRIC_KEYS: readonly SiteMetricKey[] = SITE_METRICS.map((m) => m.key);

export const SITE_METRIC_BY_KEY = Object.fromEntries(SITE_METRICS.map((m) => [m.key, m])) as {
  [K in SiteMetricKey]: SiteMetricOf<K>;
};

function isStoredSiteMetric(
  metric: SiteMetric,
): metric is Extract<SiteMetric, { key: StoredSiteMetricKey }> {
  return metric.kind !== 'money';
}

export const STORED_SITE_METRICS = SITE_METRICS.filter(isStoredSiteMetric);

/** The value of a metric on the wire. */
export type SiteMetricValue<Kind extends SiteMetricKind> = Kind extends 'money'
  ? string
  : Kind extends 'percent'
    ? number | null
    : number;

export type SiteMetricValues = {
  [K in SiteMetricKey]: SiteMetricValue<SiteMetricOf<K>['kind']>;
};

/** A new schema per field, so that no generated document sees one schema shared by several. */
const WIRE_TYPES = {
  score: () => z.number(),
  count: () => z.number(),
  percent: () => z.number().nullable(),
  money: () => z.string(),
} as const;

type WireShape<K extends SiteMetricKey> = {
  [P in K]: ReturnType<(typeof WIRE_TYPES)[SiteMetricOf<P>['kind']]>;
};

type GroupKey<G extends SiteMetric['group']> = Extract<SiteMetric, { group: G }>['key'];

function inGroup(group: SiteMetric['group']): readonly SiteMetric[] {
  return SITE_METRICS.filter((metric) => metric.group === group);
}

/** The zod fields of the metrics of one group, in table order, for the site schema. */
export function siteMetricShape<G extends SiteMetric['group']>(group: G): WireShape<GroupKey<G>> {
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    inGroup(group).map((metric) => [metric.key, WIRE_TYPES[metric.kind]()]),
  );
  return shape as unknown as WireShape<GroupKey<G>>;
}

/** The keys of the metrics of one group, in table order. */
export function siteMetricKeys<G extends SiteMetric['group']>(group: G): GroupKey<G>[] {
  const keys: string[] = inGroup(group).map((metric) => metric.key);
  return keys as GroupKey<G>[];
}

const percentFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 2,
});

/** A ratio as the screens and the export show it: 0.7121 is "71.21%"; empty when missing. */
export function formatRatio(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '' : percentFormat.format(value);
}

/**
 * A metric's name as a column: its header in the site table, else its full name from the detail
 * page, with its unit ("Price (€)"). The export's header row uses it.
 */
export function siteMetricColumnLabel(metric: SiteMetricDescriptor): string {
  const name = metric.header ?? metric.label;
  return metric.unit ? `${name} (${metric.unit})` : name;
}

/** The label of a metric's range filter, with its unit. */
export function siteMetricFilterLabel(metric: SiteMetricDescriptor): string {
  return metric.unit ? `${metric.filterLabel} (${metric.unit})` : metric.filterLabel;
}

/** What a range filter's box accepts: a bound of the metric's kind, rounded to its step. */
export interface MetricFilterBounds {
  readonly min: number;
  readonly max?: number;
  readonly step?: number;
}

/**
 * The bounds of a metric's range filter (spec §5: number fields are clamped to min and max and
 * rounded to a step; §9: ratings run up to 100). No metric is negative.
 */
export function metricFilterBounds(kind: SiteMetricKind): MetricFilterBounds {
  switch (kind) {
    case 'score':
      return { min: 0, max: 100, step: 1 };
    case 'count':
      return { min: 0, step: 1 };
    case 'money':
      return { min: 0, step: 0.01 };
    case 'percent':
      return { min: 0 };
  }
}

/** `value` clamped to the bounds and rounded to their step. */
export function clampToBounds(value: number, bounds: MetricFilterBounds): number {
  const { min, max = Number.POSITIVE_INFINITY, step } = bounds;
  const clamped = Math.min(max, Math.max(min, value));
  if (!step) return clamped;
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  return Number((Math.round(clamped / step) * step).toFixed(digits));
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
/** The property of a metric's column on the server's site row (the wire key in camelCase). */
export type SiteMetricProperty<K extends SiteMetricKey> = CamelCase<K>;

export function siteMetricProperty<K extends SiteMetricKey>(key: K): SiteMetricProperty<K> {
  return key.replace(/_(.)/g, (_, next: string) => next.toUpperCase()) as SiteMetricProperty<K>;
}
