// The one query-string codec of the project: nested bracket syntax
// (`filter[ahrefs_domain_rating][min]=20&filter[niche][]=…&sorting[price]=ASC&limit=25&page=1`),
// used by the server to parse list queries and by the client to write them.
import qs from 'qs';

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue | undefined };
export type QueryObject = { [key: string]: QueryValue | undefined };

/** Bounds that keep a hostile query string from costing more than a real one. */
const DECODE_OPTIONS = {
  depth: 3,
  arrayLimit: 200,
  parameterLimit: 500,
  allowDots: false,
  allowPrototypes: false,
  strictNullHandling: false,
  ignoreQueryPrefix: true,
} as const;

export function decodeQuery(search: string): QueryObject {
  return qs.parse(search, DECODE_OPTIONS) as QueryObject;
}

/** Encodes a nested object; empty strings, null and undefined are left out. Keys keep their order. */
export function encodeQuery(value: Record<string, unknown>): string {
  return qs.stringify(value, {
    arrayFormat: 'brackets',
    encodeValuesOnly: true,
    skipNulls: true,
    filter: (_prefix, v) => (v === '' ? undefined : v),
  });
}
