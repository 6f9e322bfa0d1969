// The address format of the project's lists: nested bracket syntax
// (`filter[ahrefs_domain_rating][min]=20&filter[niche][]=…&sorting[price]=ASC&limit=25&page=1`).
// The one codec of the project's query strings (decisions 160, 190, 192): the app writes and reads
// its addresses and API queries with it, and the server reads every request's query with it
// (`server/http/query-string.ts`), bounded for hostile input. It writes what `qs` wrote and reads
// as `qs` read; `tests/contract/query-string.test.ts` holds it to what `qs` did. This module
// writes; `query-string-read.ts` reads, apart so that the API client, in every page's first
// load, carries the writer alone (decision 212).

import { trimEndOf } from './text-edges.ts';

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue | undefined };
export type QueryObject = { [key: string]: QueryValue | undefined };

/** RFC 3986: everything but letters, digits and `-._~` is escaped, as `qs` does. */
function encodeValue(value: string): string {
  // A lone surrogate (half of a pasted emoji) cannot be written as UTF-8: it becomes U+FFFD.
  const wellFormed = value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  return encodeURIComponent(wellFormed).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A number as plain decimal text (`0.0000001`, never `1e-7`, which no query schema reads). */
function numberText(n: number): string {
  const text = String(n);
  if (!Number.isFinite(n) || !/e/i.test(text)) return text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  const fixed = trimEndOf(n.toFixed(20), '0');
  return fixed.endsWith('.') ? fixed.slice(0, -1) : fixed;
}

function scalar(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return undefined;
}

function encodeInto(pairs: string[], key: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) encodeInto(pairs, `${key}[]`, item);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [name, item] of Object.entries(value)) encodeInto(pairs, `${key}[${name}]`, item);
  } else {
    const text = scalar(value);
    if (text !== undefined) pairs.push(`${key}=${encodeValue(text)}`);
  }
}

/** Encodes a nested object; empty strings, null and undefined are left out. Keys keep their order. */
export function encodeQuery(value: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, item] of Object.entries(value)) encodeInto(pairs, key, item);
  return pairs.join('&');
}
