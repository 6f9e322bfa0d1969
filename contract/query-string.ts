// The address format of the project's lists: nested bracket syntax
// (`filter[ahrefs_domain_rating][min]=20&filter[niche][]=…&sorting[price]=ASC&limit=25&page=1`).
// The app writes and reads its addresses and API queries with this module (decisions 160, 190);
// the server reads them with `qs` (`server/http/query-string.ts`), bounded for hostile input.
// `tests/contract/query-string.test.ts` holds it to `qs` on every value the app can write.

import { trimEndOf } from './text-edges.ts';

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue | undefined };
export type QueryObject = { [key: string]: QueryValue | undefined };

/** Bounds that keep a hostile address from costing more than a real one. */
export const QUERY_LIMITS = { parameters: 500, depth: 3, arrayItems: 200 } as const;

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

function decodeText(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/**
 * `filter[niche][]` → `['filter', 'niche', '']`; `[]` and `[0]` alike append to a list. Null for a
 * key that names what an object already has (`__proto__`, `constructor`, `toString`), which is
 * never written to; `unreadable` for one this format does not write (malformed brackets, deeper
 * than three levels).
 */
function keyPath(key: string): string[] | null | 'unreadable' {
  const match = KEY_PATTERN.exec(key);
  if (!match) return key in Object.prototype ? null : 'unreadable';
  const brackets = match[2]!;
  const path = [match[1]!, ...(brackets === '' ? [] : brackets.slice(1, -1).split(']['))].map(
    (name, index) => (index > 0 && /^\d{1,3}$/.test(name) ? '' : name),
  );
  if (path.some((name) => name in Object.prototype)) return null;
  if (path.length > QUERY_LIMITS.depth + 1 || path.slice(0, -1).includes('')) return 'unreadable';
  return path;
}

type Node = Record<string, QueryValue | undefined>;

function isNode(value: QueryValue | undefined): value is Node {
  return typeof value === 'object' && !Array.isArray(value);
}

/** Adds `value` to a list, or makes one of a single value (a repeated plain key, as `qs` does). */
function added(existing: QueryValue | undefined, value: string): QueryValue | undefined {
  if (existing === undefined) return value;
  if (typeof existing === 'string') return [existing, value];
  if (Array.isArray(existing) && existing.length < QUERY_LIMITS.arrayItems) {
    return [...existing, value];
  }
  return undefined;
}

/** Places `value` at `path`; false when the query already holds something else there. */
function assign(target: Node, path: string[], value: string): boolean {
  let node = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const name = path[i]!;
    if (path[i + 1] === '') {
      // `name[]=value`: the list under `name`, started or continued.
      const list = node[name] === undefined ? [] : node[name];
      if (!Array.isArray(list) || list.length >= QUERY_LIMITS.arrayItems) return false;
      node[name] = [...list, value];
      return true;
    }
    node[name] ??= {};
    const child = node[name];
    if (!isNode(child)) return false;
    node = child;
  }
  const name = path[path.length - 1]!;
  const next = added(node[name], value);
  if (next === undefined) return false;
  node[name] = next;
  return true;
}

/**
 * Decodes a query (`?` optional). Never throws. A key this format does not write (deeper than
 * three levels, malformed brackets, a list past 200 items, a value where the query already holds
 * another shape) is kept whole under its own text, a name no list's schema has, so the forgiving
 * reading leaves it out. Names an object already has are left out, and so are parameters past
 * the 500th.
 */
export function decodeQuery(search: string): QueryObject {
  const result: Node = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return result;
  const parts = text.split('&', QUERY_LIMITS.parameters);
  for (const part of parts) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = decodeText(equals === -1 ? part : part.slice(0, equals));
    const value = decodeText(equals === -1 ? '' : part.slice(equals + 1));
    const path = keyPath(key);
    if (path === null) continue;
    if (path === 'unreadable' || !assign(result, path, value)) {
      const kept = added(result[key], value);
      if (kept !== undefined) result[key] = kept;
    }
  }
  return result;
}
