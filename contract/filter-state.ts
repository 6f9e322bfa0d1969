// The catalogue's filter state (spec §4, §5): read from the address query string through a
// forgiving schema (`SiteAddressSchema`, read by `parseForgiving`), written back to it, and turned
// into the query the server accepts. Pure functions shared by the page and the catalogue worker.
import { z } from 'zod';
import {
  BOOLEAN_FILTER_KEYS,
  DEFAULT_SITE_PRESET,
  isAcceptedListValue,
  LIST_FILTER_KEYS,
  PERIOD_FILTER_KEYS,
  RANGE_FILTER_KEYS,
  SITE_PAGE_SIZES,
  SITE_SORT_COLUMNS,
  siteLimit,
  UUID_PATTERN,
  type ListFilterKey,
  type SiteSortColumn,
} from './catalogue.ts';
import {
  addressText,
  decimalNumber,
  fieldsOf,
  isOrderedRange,
  pageNumber,
  parseForgiving,
  RANGE_ORDER_MESSAGE,
  SORT_DIRECTIONS,
  type ListAddress,
  type SortDirection,
} from './list-query.ts';
import { decodeQuery, encodeQuery, type QueryValue } from './query-string.ts';
import { trimEndOf } from './text-edges.ts';

/** Look-back buckets of the period filters (spec §3 "Options", §9). */
export const PERIOD_VALUES = ['3', '6', '12', 'more'] as const;
export type PeriodValue = (typeof PERIOD_VALUES)[number];
export const PERIOD_TITLES: Record<PeriodValue, string> = {
  '3': '3 months',
  '6': '6 months',
  '12': '1 year',
  more: 'More than a year',
};

export interface NumberRange {
  min?: number;
  max?: number;
}

/** The catalogue's filter as the address keeps it (`SiteAddressFilterSchema`). */
export type FilterValues = z.output<typeof SiteAddressFilterSchema> & {
  /** Client-only keys (`fe…`, e.g. `fe.buyer_domain`): kept in the address, never sent. */
  [key: `fe${string}`]: string | undefined;
};

export interface SortEntry {
  column: SiteSortColumn;
  direction: SortDirection;
}

export interface FilterState {
  filter: FilterValues;
  /** In priority order: the first entry sorts first. */
  sorting: SortEntry[];
  page?: number;
  limit?: number;
}

export const EMPTY_FILTER_STATE: FilterState = { filter: {}, sorting: [] };

const MAX_TEXT = 200;
const MAX_LIST = 200;

const periodKeys: ReadonlySet<string> = new Set(PERIOD_FILTER_KEYS);

const addressString = addressText(MAX_TEXT);

/** 'true'/'false' (and 'yes'/'no', any case) become booleans. */
const addressBoolean = z.union([
  z.boolean(),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'yes', 'false', 'no']))
    .transform((v) => v === 'true' || v === 'yes'),
]);

/** Numbers in the one number syntax of the query strings (`contract/list-query.ts`). */
const addressNumber = z.union([z.number(), decimalNumber]);

/** A list from the address: one value or several, trimmed, blanks and repeats left out. */
function listItems(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  const items: string[] = [];
  for (const item of raw) {
    const text = addressString.safeParse(item).data;
    if (text !== undefined && !items.includes(text)) items.push(text);
    if (items.length >= MAX_LIST) break;
  }
  return items;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list filter's values the catalogue's query takes (ids, options), the rest left out. */
const addressListOf = (key: ListFilterKey) =>
  z.preprocess(
    (value) => listItems(value).filter((item) => isAcceptedListValue(key, item)),
    z.array(z.string()).min(1),
  );
const addressPeriod = z.string().trim().pipe(z.enum(PERIOD_VALUES));

/**
 * A range as the address keeps it. min > max is kept (the filter panel shows the message of the
 * shared rule, `validateRange`) so what the buyer typed is not lost; the server query refuses it.
 */
const addressRange = z.object({ min: addressNumber.optional(), max: addressNumber.optional() });

/** `filter[…]` of the catalogue address; client-only `fe…` keys are read apart. */
export const SiteAddressFilterSchema = z.object({
  search: addressString.optional(),
  buyer_domain: addressString.pipe(z.string().regex(UUID_PATTERN)).optional(),
  only_favorite: addressBoolean.optional(),
  ...fieldsOf(RANGE_FILTER_KEYS, addressRange.optional()),
  ...(Object.fromEntries(LIST_FILTER_KEYS.map((key) => [key, addressListOf(key).optional()])) as {
    [K in ListFilterKey]: z.ZodOptional<ReturnType<typeof addressListOf>>;
  }),
  ...fieldsOf(PERIOD_FILTER_KEYS, addressPeriod.optional()),
  ...fieldsOf(BOOLEAN_FILTER_KEYS, addressBoolean.optional()),
});

/** The catalogue address, read by `parseForgiving`: each bad value falls back on its own. */
export const SiteAddressSchema = z.object({
  filter: SiteAddressFilterSchema.optional(),
  sorting: z
    .partialRecord(
      z.enum(SITE_SORT_COLUMNS),
      z.string().toUpperCase().pipe(z.enum(SORT_DIRECTIONS)),
    )
    .optional(),
  page: pageNumber.optional(),
  // The address offers the table's page sizes only (the API takes any size up to 100).
  limit: siteLimit
    .refine((limit) => (SITE_PAGE_SIZES as readonly number[]).includes(limit))
    .optional(),
});

/** Query values 'true'/'false' (and 'yes'/'no') become booleans; anything else is dropped. */
export function toBoolean(value: unknown): boolean | undefined {
  return addressBoolean.safeParse(value).data;
}

/** Numeric strings become numbers; empty or non-numeric values are dropped. */
export function toNumber(value: unknown): number | undefined {
  return addressNumber.safeParse(value).data;
}

function toPeriod(value: unknown): PeriodValue | undefined {
  return addressPeriod.safeParse(value).data;
}

/** Reads `filter[…]` from a decoded query; unknown keys and bad values are dropped. */
export function parseFilterValues(raw: unknown): FilterValues {
  const filter = parseForgiving(SiteAddressFilterSchema, raw) as FilterValues;
  if (!isRecord(raw)) return filter;
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('fe')) continue;
    const text = addressString.safeParse(value).data;
    if (text !== undefined) filter[key as `fe${string}`] = text;
  }
  return filter;
}

/** URL query → filter state. Never throws: whatever cannot be read is left out. */
export function parseFilterState(search: string): FilterState {
  let decoded: Record<string, unknown>;
  try {
    decoded = decodeQuery(search);
  } catch {
    return { filter: {}, sorting: [] };
  }
  const address = parseForgiving(SiteAddressSchema, decoded);
  const state: FilterState = {
    filter: parseFilterValues(decoded.filter),
    sorting: Object.entries(address.sorting ?? {}).map(([column, direction]) => ({
      column: column as SiteSortColumn,
      direction: direction!,
    })),
  };
  if (address.page !== undefined) state.page = address.page;
  if (address.limit !== undefined) state.limit = address.limit;
  return state;
}

/**
 * True when the address says nothing the catalogue understands about filters or sorting, so the
 * default preset applies: a filter or sort key it does not know, or a value it leaves out (a
 * hand-written or outdated link), counts as nothing said.
 */
export function hasNoFilterOrSorting(search: string): boolean {
  return saysNothing(parseFilterState(search));
}

function saysNothing(state: FilterState): boolean {
  return (
    Object.values(state.filter).every((value) => value === undefined) && state.sorting.length === 0
  );
}

/** The default preset of spec §4 as a filter state. */
export function defaultFilterState(): FilterState {
  return {
    filter: {
      ahrefs_domain_rating: { ...DEFAULT_SITE_PRESET.filter.ahrefs_domain_rating },
      main_country_traffic: { ...DEFAULT_SITE_PRESET.filter.main_country_traffic },
    },
    sorting: Object.entries(DEFAULT_SITE_PRESET.sorting).map(([column, direction]) => ({
      column: column as SiteSortColumn,
      direction,
    })),
  };
}

/** Plain decimal text (never exponent notation, which the query schema refuses). */
function numberText(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  const fixed = trimEndOf(n.toFixed(20), '0');
  return fixed.endsWith('.') ? fixed.slice(0, -1) : fixed;
}

/** Filter values as query-string values, in a stable key order. */
function filterToQuery(filter: FilterValues): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') out[key] = String(value);
    else if (typeof value === 'string') {
      if (value !== '') out[key] = value;
    } else if (Array.isArray(value)) {
      if (value.length) out[key] = value.map(String);
    } else if (typeof value === 'object') {
      const range = value as NumberRange;
      const r: Record<string, string> = {};
      if (range.min !== undefined) r.min = numberText(range.min);
      if (range.max !== undefined) r.max = numberText(range.max);
      if (Object.keys(r).length) out[key] = r;
    }
  }
  return out;
}

function sortingToQuery(sorting: SortEntry[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { column, direction } of sorting) out[column] = direction;
  return out;
}

/** Filter state → address query string (without '?'). */
export function serializeFilterState(state: FilterState): string {
  const filter = filterToQuery(state.filter);
  const sorting = sortingToQuery(state.sorting);
  return encodeQuery({
    filter: Object.keys(filter).length ? filter : undefined,
    sorting: Object.keys(sorting).length ? sorting : undefined,
    limit: state.limit !== undefined ? String(state.limit) : undefined,
    page: state.page !== undefined ? String(state.page) : undefined,
  });
}

/**
 * The catalogue's address. An address without filters or sorting stands for the default preset
 * (spec §4), keeping the page and page size it names.
 */
export const siteListAddress: ListAddress<FilterState> = {
  parse: parseFilterState,
  serialize: serializeFilterState,
  fill: (parsed) =>
    saysNothing(parsed)
      ? { ...defaultFilterState(), page: parsed.page, limit: parsed.limit }
      : null,
};

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const r = value as NumberRange;
    return r.min === undefined && r.max === undefined;
  }
  return false;
}

/** Sets (or, with an empty value, removes) one filter; a filter change returns to the first page. */
export function setFilter<K extends keyof FilterValues>(
  state: FilterState,
  key: K,
  value: FilterValues[K] | undefined,
): FilterState {
  const filter = { ...state.filter } as Record<string, unknown>;
  if (isEmptyValue(value)) delete filter[key as string];
  else filter[key as string] = value;
  return { filter: filter as FilterValues, sorting: state.sorting, limit: state.limit };
}

/** Sets the direction of one column (null removes it); `add` keeps the other columns (shift-click). */
export function setSort(
  state: FilterState,
  column: SiteSortColumn,
  direction: SortDirection | null,
  add = false,
): FilterState {
  const others = add ? state.sorting.filter((s) => s.column !== column) : [];
  const existing = add ? state.sorting.findIndex((s) => s.column === column) : -1;
  let sorting: SortEntry[];
  if (direction === null) sorting = others;
  else if (existing >= 0) {
    sorting = [...state.sorting];
    sorting[existing] = { column, direction };
  } else sorting = [...others, { column, direction }];
  return { ...state, sorting, page: undefined };
}

/** A sorting reset clears sorting (spec §4). */
export function resetSorting(state: FilterState): FilterState {
  return { ...state, sorting: [], page: undefined };
}

/** Reset-all clears everything except the supplied defaults (spec §4); page size is kept. */
export function resetAll(state: FilterState, defaults: FilterState): FilterState {
  return {
    filter: { ...defaults.filter },
    sorting: [...defaults.sorting],
    limit: state.limit,
  };
}

export { RANGE_ORDER_MESSAGE };

/** Range filter rule (spec §5): null when valid, else the message for the buyer. */
export function validateRange(range: NumberRange | undefined): string | null {
  return !range || isOrderedRange(range) ? null : RANGE_ORDER_MESSAGE;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** YYYY-MM-DD minus whole months; the day is clamped to the end of a shorter month. */
export function subtractMonths(date: string, months: number): string {
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  const day = Number(match[3]);
  const total = year * 12 + month - months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${pad(y, 4)}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** A look-back bucket as a date range relative to `today` (spec §5). */
export function periodToRange(period: PeriodValue, today: string): { min?: string; max?: string } {
  if (period === 'more') return { max: subtractMonths(today, 12) };
  return { min: subtractMonths(today, Number(period)) };
}

/** Whether a filter key is sent to the server: `fe…` keys and only_favorite stay in the client. */
export function isSentToServer(key: string): boolean {
  return !key.startsWith('fe') && key !== 'only_favorite';
}

export type ServerQuery = {
  filter?: Record<string, QueryValue>;
  sorting?: Record<string, string>;
  limit?: string;
  page?: string;
};

/**
 * Filter state → the query of GET /v1/buyer/sites (spec §5 "Filters sent to the server"): periods
 * become date ranges relative to `today` (YYYY-MM-DD), underscores in topics and languages become
 * spaces, client-only keys are left out, page and limit get their defaults.
 */
export function toServerQuery(
  state: FilterState,
  options: { today: string; defaultLimit: number },
): ServerQuery {
  const filter: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filterToQuery(state.filter))) {
    if (!isSentToServer(key) || value === undefined) continue;
    if (periodKeys.has(key)) {
      const period = toPeriod(value);
      if (period) filter[key] = periodToRange(period, options.today);
    } else if ((key === 'website_topics' || key === 'domain_languages') && Array.isArray(value)) {
      // 'a_b' and 'a b' are the same value once spaced; blank ones are left out.
      const spaced = [
        ...new Set(value.map((v) => String(v).replaceAll('_', ' ').trim()).filter(Boolean)),
      ];
      if (spaced.length) filter[key] = spaced;
    } else filter[key] = value;
  }
  const query: ServerQuery = {};
  if (Object.keys(filter).length) query.filter = filter;
  const sorting = sortingToQuery(state.sorting);
  if (Object.keys(sorting).length) query.sorting = sorting;
  query.limit = String(state.limit ?? options.defaultLimit);
  query.page = String(state.page ?? 1);
  return query;
}

/** The server query as a string: the request's query and the key of its offline copy. */
export function serverQueryString(
  state: FilterState,
  options: { today: string; defaultLimit: number },
): string {
  return encodeQuery(toServerQuery(state, options));
}
