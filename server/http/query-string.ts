// The server reads list queries with `qs`, bounded so a hostile query string costs no more than a
// real one. The app writes them with `#contract/query-string.ts`; its tests hold the two to the
// same results on everything the app writes (decision 160).
import qs from 'qs';
import { QUERY_LIMITS, type QueryObject } from '#contract/query-string.ts';

const DECODE_OPTIONS = {
  depth: QUERY_LIMITS.depth,
  arrayLimit: QUERY_LIMITS.arrayItems,
  parameterLimit: QUERY_LIMITS.parameters,
  allowDots: false,
  allowPrototypes: false,
  strictNullHandling: false,
  ignoreQueryPrefix: true,
} as const;

/** Fastify's query-string parser: nested bracket syntax arrives as nested objects. */
export function parseRequestQuery(search: string): QueryObject {
  return qs.parse(search, DECODE_OPTIONS) as QueryObject;
}
