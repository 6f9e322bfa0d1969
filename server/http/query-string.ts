// The server reads every request's query with the project's one query-string codec, the one the
// app writes its addresses and API queries with (decisions 190, 192): bounded for hostile input;
// a key deeper than the format stays under the field it targets, and what the format does not
// write is kept under its own text, which the strict query schemas refuse.
import type { QueryObject } from '#contract/query-string.ts';
import { decodeQuery } from '#contract/query-string-read.ts';

/** Fastify's query-string parser: nested bracket syntax arrives as nested objects. */
export function parseRequestQuery(search: string): QueryObject {
  return decodeQuery(search);
}
