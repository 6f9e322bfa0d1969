// The stored metrics of contract/site-metrics.ts on the site row: the column of each (the wire key
// in camelCase), its SQL type by kind, and the row's values as the wire carries them. Read by the
// catalogue queries, the demo data and the tests' catalogue model.
import {
  type SiteMetricKind,
  type SiteMetricOf,
  type SiteMetricProperty,
  siteMetricProperty,
  type SiteMetricValues,
  STORED_SITE_METRICS,
  type StoredSiteMetricKey,
} from '#contract/site-metrics.ts';

import { sites } from './schema/catalogue.ts';

type StoredKind = Exclude<SiteMetricKind, 'money'>;

/** The metrics as the site row holds them: numeric columns arrive as decimal strings. */
export type SiteMetricRow = {
  [K in StoredSiteMetricKey as SiteMetricProperty<K>]: SiteMetricOf<K>['kind'] extends 'percent'
    ? string | null
    : number;
};

export type StoredSiteMetricValues = Pick<SiteMetricValues, StoredSiteMetricKey>;

/** The column type of each kind: scores are 0–100, ratios keep four digits. */
export const SITE_METRIC_SQL_TYPES: Record<StoredKind, string> = {
  score: 'smallint',
  count: 'integer',
  percent: 'numeric',
};

/** The metric columns of `sites`, keyed by row property, for a select. */
export const SITE_METRIC_COLUMNS = Object.fromEntries(
  STORED_SITE_METRICS.map((metric) => {
    const property = siteMetricProperty(metric.key);
    return [property, sites[property]];
  }),
) as { [K in StoredSiteMetricKey as SiteMetricProperty<K>]: (typeof sites)[SiteMetricProperty<K>] };

/** The row's metrics under their wire keys, ratios as numbers. */
export function siteMetricValues(row: SiteMetricRow): StoredSiteMetricValues {
  return Object.fromEntries(
    STORED_SITE_METRICS.map((metric) => {
      const value = row[siteMetricProperty(metric.key)];
      return [metric.key, typeof value === 'string' ? Number(value) : value];
    }),
  ) as StoredSiteMetricValues;
}
