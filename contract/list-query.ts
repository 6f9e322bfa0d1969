// What every list query in the bracket syntax shares, written once for the server that validates
// it and the client that keeps it in the address: number syntax, ranges with min <= max, sorting,
// and the forgiving reading of an address, where a bad value falls back field by field.
import { z } from 'zod';

import { decodeQuery } from './query-string-read.ts';

export const MIN_LTE_MAX_MESSAGE = 'min must be less than or equal to max';
/**
 * What a filter form says beside a range whose minimum is above its maximum. The API's
 * violation keeps its own wording (`MIN_LTE_MAX_MESSAGE`, spec §5).
 */
export const RANGE_ORDER_MESSAGE = 'The minimum must not be above the maximum.';
export const NUMBER_MESSAGE = 'Expected number, received string';

/** Plain decimal text as in a query string: `-12`, `12.5`; never `1e3`, `0x10` or blank. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** The largest magnitude a number of a query may have: exact as a double, and far past any metric. */
export const MAX_QUERY_NUMBER = Number.MAX_SAFE_INTEGER;
export const NUMBER_TOO_LARGE_MESSAGE = `The number must be between -${MAX_QUERY_NUMBER} and ${MAX_QUERY_NUMBER}.`;

/** A decimal from the query string, as a number. */
export const decimalNumber = z
  .string()
  .trim()
  .regex(DECIMAL_PATTERN, NUMBER_MESSAGE)
  .transform(Number)
  .pipe(
    z
      .number()
      .min(-MAX_QUERY_NUMBER, NUMBER_TOO_LARGE_MESSAGE)
      .max(MAX_QUERY_NUMBER, NUMBER_TOO_LARGE_MESSAGE),
  );

/** A whole number from the query string between `min` and `max`, such as a page or a limit. */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, NUMBER_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export const MAX_PAGE = 1_000_000;
export const pageNumber = wholeNumber(1, MAX_PAGE);

/**
 * The min <= max rule of every range filter; an open end always passes. Decimal text compares as
 * numbers (`'9.5' <= '10'`), other text as text (ISO dates).
 */
export function isOrderedRange(range: { min?: number | string; max?: number | string }): boolean {
  const { min, max } = range;
  if (min === undefined || max === undefined) return true;
  const isNumeric = (end: number | string) =>
    typeof end === 'number' || DECIMAL_PATTERN.test(end.trim());
  return isNumeric(min) && isNumeric(max) ? Number(min) <= Number(max) : String(min) <= String(max);
}

type Bound = z.ZodType<number | string, string>;

/**
 * `filter[key][min]` / `filter[key][max]`, either optional, refused when min > max. The bound may
 * depend on the end, for messages that name it.
 */
export function rangeOf<T extends Bound>(bound: T | ((end: 'min' | 'max') => T)) {
  const of = (end: 'min' | 'max') => (typeof bound === 'function' ? bound(end) : bound);
  return z
    .object({ min: of('min').optional(), max: of('max').optional() })
    .strict()
    .refine(isOrderedRange, { message: MIN_LTE_MAX_MESSAGE, path: ['min'] });
}

/** A money amount from the query string: whole or with one or two decimals, never negative. */
export const MONEY_AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** `sorting[column]=ASC|DESC`, several allowed; the order of the keys is the order of priority. */
export function sortingOf<const C extends readonly [string, ...string[]]>(columns: C) {
  return z.partialRecord(z.enum(columns), z.enum(SORT_DIRECTIONS));
}

/** One schema per key, typed by key, for filters that share a shape. */
export function fieldsOf<const K extends string, S extends z.ZodType>(
  keys: readonly K[],
  schema: S,
): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;
}

/** Text kept in an address: trimmed, blank left out, text longer than `max` cut rather than refused. */
export function addressText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .transform((v) => v.slice(0, max));
}

type Forgiving<T> =
  T extends Array<unknown>
    ? T
    : T extends Record<string, unknown>
      ? { [K in keyof T]?: Forgiving<T[K]> }
      : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/**
 * The part of `raw` that `schema` accepts, still as input: object keys and record entries are kept
 * one by one, list items one by one (a single value counts as a list of one), and an object whose
 * own rule (min <= max, say) fails with what is left is dropped as a whole.
 */
function acceptedPart(schema: z.ZodType, raw: unknown): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    if (!isPlainObject(raw)) return undefined;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      // Own keys only: an address may name `toString` or `__proto__`, which are no fields.
      const shape = inner.shape as Record<string, z.ZodType>;
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      const part = field ? acceptedPart(field, value) : undefined;
      if (part !== undefined) kept[key] = part;
    }
    return Object.keys(kept).length > 0 && inner.safeParse(kept).success ? kept : undefined;
  }
  if (inner instanceof z.ZodRecord) {
    if (!isPlainObject(raw)) return undefined;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (!(inner.keyType as z.ZodType).safeParse(key).success) continue;
      const part = acceptedPart(inner.valueType as z.ZodType, value);
      if (part !== undefined) kept[key] = part;
    }
    return Object.keys(kept).length > 0 && inner.safeParse(kept).success ? kept : undefined;
  }
  if (inner instanceof z.ZodArray) {
    const items = (Array.isArray(raw) ? raw : [raw]).filter(
      (item, index, all) =>
        all.indexOf(item) === index && (inner.element as z.ZodType).safeParse(item).success,
    );
    return items.length > 0 && inner.safeParse(items).success ? items : undefined;
  }
  return raw !== undefined && inner.safeParse(raw).success ? raw : undefined;
}

/**
 * Reads a decoded query through `schema` forgivingly: each field that cannot be read falls back
 * to its default (or is left out), unknown keys are dropped, and nothing ever throws. The result
 * is what the schema would give for the readable part of the query.
 */
export function parseForgiving<S extends z.ZodObject>(
  schema: S,
  raw: unknown,
): Forgiving<z.output<S>> {
  const parsed = schema.safeParse(acceptedPart(schema, raw) ?? {});
  return (parsed.success ? parsed.data : {}) as Forgiving<z.output<S>>;
}

/** `parseForgiving` of an address query string (`?` optional); unreadable text reads as empty. */
export function parseForgivingQuery<S extends z.ZodObject>(
  schema: S,
  search: string,
): Forgiving<z.output<S>> {
  let decoded: unknown;
  try {
    decoded = decodeQuery(search);
  } catch {
    decoded = {};
  }
  return parseForgiving(schema, decoded);
}

/**
 * How one list keeps its state in the address: read forgivingly, written back through the
 * query-string codec. `fill` gives the state a bare address stands for (a default preset), which
 * is then written into the address so later changes keep it; null when the address is enough.
 */
export interface ListAddress<T> {
  parse: (search: string) => T;
  serialize: (state: T) => string;
  fill?: (parsed: T, search: string) => T | null;
}
