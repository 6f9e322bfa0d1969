// The address format of the project's lists: nested bracket syntax
// (`filter[ahrefs_domain_rating][min]=20&filter[niche][]=…&sorting[price]=ASC&limit=25&page=1`).
// The app writes and reads its addresses and API queries with this module; the server reads them
// with `qs` (`server/http/query-string.ts`), bounded for hostile input. This module is that
// format and no more, in under a kilobyte of the first load (decision 160);
// `tests/contract/query-string.test.ts` holds it to `qs` on every value the app can write.

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

function scalar(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
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

/** `filter[niche][]` → `['filter', 'niche', '']`; null for a key this format does not write. */
function keyPath(key: string): string[] | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const brackets = match[2]!;
  const path = [match[1]!, ...(brackets === '' ? [] : brackets.slice(1, -1).split(']['))];
  if (path.length > QUERY_LIMITS.depth + 1) return null;
  // Names an object already has (`__proto__`, `constructor`, `toString`) are never written to.
  if (path.some((name) => name in Object.prototype)) return null;
  // `[]` appends and is only meaningful last.
  if (path.slice(0, -1).includes('')) return null;
  return path;
}

type Node = Record<string, QueryValue | undefined>;

function isNode(value: QueryValue | undefined): value is Node {
  return typeof value === 'object' && !Array.isArray(value);
}

function assign(target: Node, path: string[], value: string): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const name = path[i]!;
    const next = path[i + 1]!;
    const existing = node[name];
    if (next === '') {
      // `name[]=value`: the list under `name`, started or continued.
      if (existing === undefined) node[name] = [value];
      else if (Array.isArray(existing) && existing.length < QUERY_LIMITS.arrayItems) {
        existing.push(value);
      }
      return;
    }
    if (existing === undefined) node[name] = {};
    const child = node[name];
    if (!isNode(child)) return;
    node = child;
  }
  const name = path[path.length - 1]!;
  const existing = node[name];
  // A repeated plain key collects its values, as `qs` does.
  if (existing === undefined) node[name] = value;
  else if (typeof existing === 'string') node[name] = [existing, value];
  else if (Array.isArray(existing) && existing.length < QUERY_LIMITS.arrayItems) {
    existing.push(value);
  }
}

/**
 * Decodes an address query (`?` optional). Never throws; what this format does not write (keys
 * deeper than three levels, prototype names, malformed brackets, parameters past the 500th) is
 * left out, and the caller's schema reads the rest.
 */
export function decodeQuery(search: string): QueryObject {
  const result: Node = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (text === '') return result;
  const parts = text.split('&', QUERY_LIMITS.parameters);
  for (const part of parts) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const rawKey = equals === -1 ? part : part.slice(0, equals);
    const rawValue = equals === -1 ? '' : part.slice(equals + 1);
    const path = keyPath(decodeText(rawKey));
    if (path) assign(result, path, decodeText(rawValue));
  }
  return result;
}
