import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import {
  backLinkedText,
  LINK_TYPE_TITLES,
  type Site,
  SITE_FIELD_LABELS,
  type SiteSortColumn,
  SPONSOR_TAG_TYPE_TITLES,
} from '#contract/catalogue.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import {
  SITE_METRIC_BY_KEY,
  SITE_METRICS,
  type SiteMetric,
  type SiteMetricKey,
  type SiteMetricKind,
} from '#contract/site-metrics.ts';
import { Tooltip } from '#src/components/tooltip.tsx';
import { formatDate, formatMoney, formatRatio } from '#src/utils/format.ts';

import { CountryFlag } from './country-flag.tsx';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    label?: string;
    sortColumn?: SiteSortColumn;
    isNumeric?: boolean;
  }
}

/** Column value types differ per column; TanStack Table types such a list with `any`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SiteColumn = ColumnDef<Site, any>;

const helper = createColumnHelper<Site>();
const numberFormat = new Intl.NumberFormat('en-US');

/** https:// is added when the hostname has no scheme (spec §2). */
export function siteUrl(hostname: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(hostname) ? hostname : `https://${hostname}`;
}

/** The metrics that are columns of the table: those with a header in contract/site-metrics.ts. */
export type TableMetricKey = Extract<SiteMetric, { header: string }>['key'];

const TABLE_METRIC_KEYS = SITE_METRICS.flatMap((metric): TableMetricKey[] =>
  'header' in metric ? [metric.key] : [],
);

function PriceCell({ price }: { price: string }) {
  const isFree = Number(price) === 0;
  return (
    // Right-aligned in the table's column; under its name, as every figure, on a phone card.
    // Whole-pixel line heights: a row of a fractional height puts the row lines of the pinned
    // cells (painted apart while the table scrolls) a pixel off those of the others.
    <span className="flex flex-col items-end max-md:items-start">
      <span className="leading-4.5 font-semibold text-slate-900">
        {isFree ? 'free' : formatMoney(price)}
      </span>
      <span className="text-xs leading-3.75 text-slate-600">per article</span>
    </span>
  );
}

function metricCell(kind: SiteMetricKind, value: Site[SiteMetricKey]): ReactNode {
  switch (kind) {
    case 'money':
      return <PriceCell price={String(value)} />;
    case 'percent':
      return formatRatio(value as number | null);
    default:
      return numberFormat.format(value as number);
  }
}

function metric(key: TableMetricKey): SiteColumn {
  const { header, kind, sortable } = SITE_METRIC_BY_KEY[key];
  return helper.accessor((row) => row[key], {
    id: key,
    header,
    cell: (info) => metricCell(kind, info.getValue()),
    meta: { label: header, isNumeric: true, sortColumn: sortable ? key : undefined },
  });
}

/** The data columns of the site table (spec §2 "Table columns"), in display order. */
export function siteDataColumns(options: {
  showAdditional: boolean;
  /** The row's buy action, composed by the page (the cart lives in its own feature). */
  renderBuyAction?: (site: Site) => ReactNode;
}): SiteColumn[] {
  const columns: SiteColumn[] = [];
  const add = <TValue,>(column: ColumnDef<Site, TValue>) => {
    // Every column gets an explicit id: the chooser and the stored layout refer to it.
    const key = 'accessorKey' in column ? String(column.accessorKey) : undefined;
    columns.push({ ...column, id: column.id ?? key } as SiteColumn);
  };

  add(
    helper.accessor('hostname', {
      header: SITE_FIELD_LABELS.hostname,
      enableHiding: false,
      meta: { label: SITE_FIELD_LABELS.hostname, sortColumn: 'hostname' },
      cell: (info) => (
        <a
          href={siteUrl(info.getValue())}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-indigo-700 hover:text-indigo-500 hover:underline"
        >
          {hostnameToUnicode(info.getValue())}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    }),
  );
  if (options.showAdditional) {
    add(
      helper.accessor('is_back_linked', {
        header: SITE_FIELD_LABELS.is_back_linked,
        meta: { label: SITE_FIELD_LABELS.is_back_linked, sortColumn: 'is_back_linked' },
        // The spec's tick (not linked yet) and cross (already linked), each with its words: a
        // bare tick under "Backlinked" reads as "linked", the opposite of what it means.
        cell: (info) =>
          info.getValue() ? (
            <span className="inline-flex items-center gap-1 text-red-700">
              <span aria-hidden="true" className="font-semibold">
                ✕
              </span>
              <span className="text-xs">{backLinkedText(true)}</span>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-emerald-700">
              <span aria-hidden="true" className="font-semibold">
                ✓
              </span>
              <span className="text-xs">{backLinkedText(false)}</span>
            </span>
          ),
      }),
    );
    add(
      helper.accessor('competitors', {
        header: SITE_FIELD_LABELS.competitors,
        meta: { label: SITE_FIELD_LABELS.competitors, sortColumn: 'competitors', isNumeric: true },
        cell: (info) => {
          const competitors = info.getValue();
          if (competitors.length === 0) return <span className="text-slate-600">0</span>;
          return (
            <Tooltip content={competitors.map((c) => hostnameToUnicode(c.hostname)).join(', ')}>
              {(describedBy) => (
                <button
                  type="button"
                  aria-describedby={describedBy}
                  className="rounded px-1 font-medium text-indigo-700 underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {competitors.length}
                </button>
              )}
            </Tooltip>
          );
        },
      }),
    );
  }
  add(metric('ahrefs_domain_rating'));
  add(metric('ahrefs_referring_domains'));
  add(metric('ahrefs_organic_traffic'));
  add(metric('majestic_trust_flow'));
  add(metric('majestic_citation_flow'));
  add(
    helper.accessor('main_country', {
      header: SITE_FIELD_LABELS.main_country,
      meta: { label: SITE_FIELD_LABELS.main_country },
      cell: (info) => {
        const country = info.getValue();
        if (!country) return null;
        return (
          <span className="inline-flex items-center gap-1.5">
            <CountryFlag code={country.code} />
            {country.title}
          </span>
        );
      },
    }),
  );
  add(
    helper.accessor('link_type', {
      header: SITE_FIELD_LABELS.link_type,
      meta: { label: SITE_FIELD_LABELS.link_type },
      cell: (info) => LINK_TYPE_TITLES[info.getValue()],
    }),
  );
  add(
    helper.accessor('sponsor_tag_type', {
      header: SITE_FIELD_LABELS.sponsor_tag_type,
      meta: { label: SITE_FIELD_LABELS.sponsor_tag_type },
      cell: (info) => SPONSOR_TAG_TYPE_TITLES[info.getValue()],
    }),
  );
  add(
    helper.accessor('relevance_at', {
      header: SITE_FIELD_LABELS.relevance_at,
      meta: { label: SITE_FIELD_LABELS.relevance_at, sortColumn: 'relevance_at' },
      cell: (info) => formatDate(info.getValue()),
    }),
  );
  add(
    helper.accessor('ip_address', {
      header: SITE_FIELD_LABELS.ip_address,
      meta: { label: SITE_FIELD_LABELS.ip_address },
      cell: (info) => info.getValue() ?? '',
    }),
  );
  add(metric('tf_cf'));
  add(metric('rd_ot'));
  add(metric('ahrefs_url_rating'));
  add(
    helper.accessor('domain_language', {
      header: SITE_FIELD_LABELS.domain_language,
      meta: { label: SITE_FIELD_LABELS.domain_language },
      cell: (info) => info.getValue() ?? '',
    }),
  );
  add(metric('ahrefs_keywords_top3'));
  add(metric('ahrefs_keywords410'));
  add(metric('main_country_traffic'));
  add(
    helper.accessor('website_topic', {
      header: SITE_FIELD_LABELS.website_topic,
      meta: { label: SITE_FIELD_LABELS.website_topic },
      cell: (info) => info.getValue() ?? '',
    }),
  );
  add(metric('price'));
  // A metric with a header that is not placed above comes last, before the row's actions.
  for (const key of TABLE_METRIC_KEYS) {
    if (!columns.some((column) => column.id === key)) add(metric(key));
  }
  add(
    helper.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      enableHiding: false,
      meta: { label: 'Actions' },
      cell: (info) => (
        <span className="flex items-center justify-end gap-3">
          <Link
            to={`/sites/${info.row.original.id}`}
            className="text-sm font-medium text-indigo-700 hover:text-indigo-500 hover:underline"
          >
            Details
            <span className="sr-only"> about {hostnameToUnicode(info.row.original.hostname)}</span>
          </Link>
          {options.renderBuyAction?.(info.row.original)}
        </span>
      ),
    }),
  );
  return columns;
}
