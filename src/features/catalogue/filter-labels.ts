// The names the catalogue's filters go by, shared by the filter sheet (loaded when first opened)
// and the row of active filters above the table (on the page from the start).
import {
  BOOLEAN_FILTER_KEYS,
  type BooleanFilterKey,
  LINK_TYPE_TITLES,
  LINK_TYPES,
  LIST_FILTER_KEYS,
  type ListFilterKey,
  PERIOD_FILTER_KEYS,
  type PeriodFilterKey,
  RANGE_FILTER_KEYS,
  type RangeFilterKey,
  SPONSOR_TAG_TYPE_TITLES,
  SPONSOR_TAG_TYPES,
} from '#contract/catalogue.ts';
import {
  type FilterState,
  type FilterValues,
  type NumberRange,
  PERIOD_TITLES,
  serializeFilterState,
} from '#contract/filter-state.ts';
import {
  type FilterableSiteMetricKey,
  SITE_METRICS,
  siteMetricFilterLabel,
} from '#contract/site-metrics.ts';

import type { ReferenceItem, ReferenceKind } from './api/requests.ts';

const filterableLabels = Object.fromEntries(
  SITE_METRICS.filter((metric) => metric.filterable).map((metric) => [
    metric.key,
    siteMetricFilterLabel(metric),
  ]),
) as Record<FilterableSiteMetricKey, string>;
/** Every range filter is a filterable metric, labelled in contract/site-metrics.ts. */
export const RANGE_LABELS: Record<RangeFilterKey, string> = filterableLabels;

export const BOOLEAN_LABELS: Record<BooleanFilterKey, string> = {
  is_favorite_site: 'Favorite sites',
  is_site_in_blacklist: 'Blacklisted sites',
  is_back_linked: 'Already links to my domain',
  competitors: 'Links to my competitors',
};

export const PERIOD_LABELS: Record<PeriodFilterKey, string> = {
  last_updated_or: 'Last published',
  relevance_at_or: 'Relevance date',
};

export interface ListSource {
  key: Exclude<ListFilterKey, 'tlds'>;
  label: string;
  reference?: ReferenceKind;
  /** Reference items are chosen by id, unless they are matched by title (topics, languages). */
  byTitle?: boolean;
  options?: ReferenceItem[];
}

export const LIST_SOURCES: ListSource[] = [
  { key: 'main_countries', label: 'Countries', reference: 'countries' },
  { key: 'niche', label: 'Niches', reference: 'niches' },
  { key: 'placements', label: 'Placements', reference: 'placements' },
  { key: 'website_topics', label: 'Topics', reference: 'topics', byTitle: true },
  { key: 'domain_languages', label: 'Languages', reference: 'languages', byTitle: true },
  {
    key: 'sponsor_tag_types',
    label: 'Sponsor tag types',
    options: SPONSOR_TAG_TYPES.map((id) => ({ id, title: SPONSOR_TAG_TYPE_TITLES[id] })),
  },
  {
    key: 'link_types',
    label: 'Link types',
    options: LINK_TYPES.map((id) => ({ id, title: LINK_TYPE_TITLES[id] })),
  },
];

export const TLDS_LABEL = 'Top-level domains';

/** Topic and language values travel with underscores in the address (spec §5). */
export const toAddressValue = (title: string) => title.replaceAll(' ', '_');

/**
 * The filters of the filter sheet. The dashboard's selections (the buyer's domain), the search
 * box, the saved-filters menu's "only favorites" setting and client-only `fe…` keys are not: a
 * reset keeps them, and the count on the Filters button leaves them out.
 */
export function isSheetFilter(key: string): boolean {
  return !(
    key === 'buyer_domain' ||
    key === 'search' ||
    key === 'only_favorite' ||
    key.startsWith('fe')
  );
}

/** What a reset keeps of the filter: everything that is not a filter of the sheet. */
export function keptByReset(filter: FilterValues): FilterValues {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (!isSheetFilter(key)) kept[key] = value;
  }
  return kept as FilterValues;
}

/** The filters back to the defaults, the buyer's selections kept; sorting and page size stay. */
export function resetFilters(state: FilterState, defaults: FilterState): FilterState {
  return {
    filter: { ...defaults.filter, ...keptByReset(state.filter) },
    sorting: state.sorting,
    limit: state.limit,
  };
}

/** Whether the sheet's filters are those of `defaults` (the buyer's selections aside). */
export function hasDefaultFilters(filter: FilterValues, defaults: FilterState): boolean {
  const sheetOnly = (values: FilterValues) =>
    serializeFilterState({
      filter: Object.fromEntries(
        Object.entries(values).filter(([key]) => isSheetFilter(key)),
      ) as FilterValues,
      sorting: {},
    });
  return sheetOnly(filter) === sheetOnly(defaults.filter);
}

/** One filter that narrows the list, as the row above the table names it. */
export interface ActiveFilter {
  key: keyof FilterValues;
  /** "DR: 10 to 90", "Countries: Germany, France". */
  text: string;
}

const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function rangeText({ min, max }: NumberRange): string {
  if (min !== undefined && max !== undefined) {
    return `${numberText.format(min)} to ${numberText.format(max)}`;
  }
  if (min !== undefined) return `${numberText.format(min)} or more`;
  return `up to ${numberText.format(max ?? 0)}`;
}

/** At most this many values are named; the rest are counted. */
const NAMED_VALUES = 3;

function listText(values: string[]): string {
  if (values.length <= NAMED_VALUES) return values.join(', ');
  return `${values.slice(0, NAMED_VALUES - 1).join(', ')} and ${values.length - NAMED_VALUES + 1} more`;
}

/**
 * The sheet's filters that are set, in the sheet's order, each with its label and its value as
 * the sheet shows it. `titlesOf` gives a list's titles by value, or undefined while they load
 * (then the values are counted, not named).
 */
export function activeFilters(
  filter: FilterValues,
  titlesOf: (source: ListSource) => ReadonlyMap<string, string> | undefined,
): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  for (const key of RANGE_FILTER_KEYS) {
    const range = filter[key];
    if (!range || (range.min === undefined && range.max === undefined)) continue;
    active.push({ key, text: `${RANGE_LABELS[key]}: ${rangeText(range)}` });
  }
  for (const key of LIST_FILTER_KEYS) {
    const values = filter[key];
    if (!values?.length) continue;
    if (key === 'tlds') {
      active.push({ key, text: `${TLDS_LABEL}: ${listText(values)}` });
      continue;
    }
    const source = LIST_SOURCES.find((s) => s.key === key)!;
    const titles = titlesOf(source);
    const text = titles
      ? listText(values.map((value) => titles.get(value) ?? value.replaceAll('_', ' ')))
      : `${values.length} selected`;
    active.push({ key, text: `${source.label}: ${text}` });
  }
  for (const key of PERIOD_FILTER_KEYS) {
    const period = filter[key];
    if (period) active.push({ key, text: `${PERIOD_LABELS[key]}: ${PERIOD_TITLES[period]}` });
  }
  for (const key of BOOLEAN_FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined)
      active.push({ key, text: `${BOOLEAN_LABELS[key]}: ${value ? 'Yes' : 'No'}` });
  }
  return active;
}
