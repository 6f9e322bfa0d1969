// The catalogue's list state (spec §4, §5) in the wire shape of GET /v1/buyer/sites's query
// (decision 190): `filter`, `sorting` (column → direction, in priority order), `page`, `limit`,
// with numbers as numbers. It is read from the address once, forgivingly field by field
// (`SiteAddressSchema`), written back with the query-string codec as it is, and the server's query
// is derived from it by leaving out client-only keys and resolving the period filters. Pure
// functions shared by the page and the catalogue worker.
import { z } from 'zod';

import {
  BOOLEAN_FILTER_KEYS,
  DEFAULT_SITE_PRESET,
  isAcceptedListValue,
  LIST_FILTER_KEYS,
  type ListFilterKey,
  PERIOD_FILTER_KEYS,
  RANGE_FILTER_KEYS,
  SITE_PAGE_SIZES,
  SITE_SORT_COLUMNS,
  siteLimit,
  type SiteSortColumn,
  UUID_PATTERN,
} from './catalogue.ts';
import {
  addressText,
  decimalNumber,
  fieldsOf,
  isOrderedRange,
  type ListAddress,
  pageNumber,
  parseForgiving,
  RANGE_ORDER_MESSAGE,
  SORT_DIRECTIONS,
  type SortDirection,
} from './list-query.ts';
import { encodeQuery } from './query-string.ts';
import { decodeQuery } from './query-string-read.ts';

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

/** `sorting[column]=ASC|DESC`: the order of the columns is their priority, the first sorts first. */
export type SiteSorting = Partial<Record<SiteSortColumn, SortDirection>>;

/** The catalogue's address as the page keeps it: the wire shape of the list's query. */
export interface FilterState {
  filter: FilterValues;
  sorting: SiteSorting;
  page?: number;
  limit?: number;
}

export const EMPTY_FILTER_STATE: FilterState = { filter: {}, sorting: {} };

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

/**
 * URL query → list state, read once: each field the schema cannot read falls back on its own,
 * and client-only `fe…` filter keys are kept as text. Never throws.
 */
export function parseFilterState(search: string): FilterState {
  const decoded = decodeQuery(search);
  const { filter = {}, sorting = {}, page, limit } = parseForgiving(SiteAddressSchema, decoded);
  const state: FilterState = { filter: filter as FilterValues, sorting };
  const raw = decoded.filter;
  for (const [key, value] of isRecord(raw) ? Object.entries(raw) : []) {
    const text = key.startsWith('fe') ? addressString.safeParse(value).data : undefined;
    if (text !== undefined) state.filter[key as `fe${string}`] = text;
  }
  if (page !== undefined) state.page = page;
  if (limit !== undefined) state.limit = limit;
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
    Object.values(state.filter).every((value) => value === undefined) &&
    Object.keys(state.sorting).length === 0
  );
}

/** The default preset of spec §4 as a filter state. */
export function defaultFilterState(): FilterState {
  return {
    filter: {
      ahrefs_domain_rating: { ...DEFAULT_SITE_PRESET.filter.ahrefs_domain_rating },
      main_country_traffic: { ...DEFAULT_SITE_PRESET.filter.main_country_traffic },
    },
    sorting: { ...DEFAULT_SITE_PRESET.sorting },
  };
}

/** List state → address query string (without '?'), written as it is kept. */
export function serializeFilterState(state: FilterState): string {
  const { filter, sorting, limit, page } = state;
  return encodeQuery({ filter, sorting, limit, page });
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

/**
 * Sets the direction of one column (null removes it); `add` keeps the other columns (shift-click),
 * and a column already sorted keeps its place in the priority.
 */
export function setSort(
  state: FilterState,
  column: SiteSortColumn,
  direction: SortDirection | null,
  add = false,
): FilterState {
  const sorting: SiteSorting = add ? { ...state.sorting } : {};
  if (direction === null) delete sorting[column];
  else sorting[column] = direction;
  return { ...state, sorting, page: undefined };
}

/** A sorting reset clears sorting (spec §4). */
export function resetSorting(state: FilterState): FilterState {
  return { ...state, sorting: {}, page: undefined };
}

/** Reset-all clears everything except the supplied defaults (spec §4); page size is kept. */
export function resetAll(state: FilterState, defaults: FilterState): FilterState {
  return {
    filter: { ...defaults.filter },
    sorting: { ...defaults.sorting },
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

/** The query of GET /v1/buyer/sites as the codec writes it (numbers and booleans as themselves). */
export type ServerQuery = {
  filter?: Record<string, unknown>;
  sorting?: SiteSorting;
  limit: number;
  page: number;
};

/**
 * List state → the query of GET /v1/buyer/sites (spec §5 "Filters sent to the server"): periods
 * become date ranges relative to `today` (YYYY-MM-DD), underscores in topics and languages become
 * spaces, client-only keys are left out, page and limit get their defaults.
 */
export function toServerQuery(
  state: FilterState,
  options: { today: string; defaultLimit: number },
): ServerQuery {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state.filter)) {
    if (!isSentToServer(key) || value === undefined) continue;
    if (periodKeys.has(key)) filter[key] = periodToRange(value as PeriodValue, options.today);
    else if ((key === 'website_topics' || key === 'domain_languages') && Array.isArray(value)) {
      // 'a_b' and 'a b' are the same value once spaced; blank ones are left out.
      const spaced = [
        ...new Set(value.map((v) => String(v).replaceAll('_', ' ').trim()).filter(Boolean)),
      ];
      if (spaced.length) filter[key] = spaced;
    } else filter[key] = value;
  }
  const query: ServerQuery = {
    limit: state.limit ?? options.defaultLimit,
    page: state.page ?? 1,
  };
  if (Object.keys(filter).length) query.filter = filter;
  if (Object.keys(state.sorting).length) query.sorting = state.sorting;
  return { filter: query.filter, sorting: query.sorting, limit: query.limit, page: query.page };
}

/**
 * The server query as a string: the request's query, its cache key and the key of its offline
 * copy, so two states that send the same request share them.
 */
export function serverQueryString(
  state: FilterState,
  options: { today: string; defaultLimit: number },
): string {
  return encodeQuery(toServerQuery(state, options));
}
