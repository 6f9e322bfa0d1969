// The reading half of the query-string codec (`query-string.ts` writes, decision 212): the server
// reads every request's query with it (`server/http/query-string.ts`), the app its lists'
// addresses.

import type { QueryObject, QueryValue } from './query-string.ts';

/** Bounds that keep a hostile address from costing more than a real one. */
export const QUERY_LIMITS = { parameters: 500, depth: 3, arrayItems: 200 } as const;

function decodeText(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A bracket segment read as a list item: `[]`, or an index such as `[0]` or `[12]`. */
function isListSegment(name: string): boolean {
  if (name.length > 3) return false;
  for (const char of name) if (char < '0' || char > '9') return false;
  return true;
}

/**
 * `filter[niche][]` → `['filter', 'niche', '']`; `[]` and `[0]` alike append to a list. As `qs`
 * reads it, a key deeper than three brackets keeps the rest as one name under the third
 * (`a[b][c][d][e][f]` → `['a', 'b', 'c', 'd', '[e][f]']`), so a hostile key stays under the field
 * it targets. Null for a key that names what an object already has (`__proto__`, `constructor`,
 * `toString`), which is never written to; `unreadable` for one this format does not write
 * (malformed brackets, a list that is not last).
 */
function keyPath(key: string): string[] | null | 'unreadable' {
  const open = key.indexOf('[');
  const path = [open === -1 ? key : key.slice(0, open)];
  let at = open === -1 ? key.length : open;
  while (at < key.length && path.length <= QUERY_LIMITS.depth) {
    const close = key.indexOf(']', at + 1);
    const inner = key.indexOf('[', at + 1);
    if (key[at] !== '[' || close === -1 || (inner !== -1 && inner < close)) return 'unreadable';
    const name = key.slice(at + 1, close);
    path.push(isListSegment(name) ? '' : name);
    at = close + 1;
  }
  if (at < key.length) {
    if (key[at] !== '[') return 'unreadable';
    path.push(key.slice(at));
  }
  if (path.some((name) => name in Object.prototype)) return null;
  if (path[0] === '' || path.slice(0, -1).includes('')) return 'unreadable';
  return path;
}

type Node = Record<string, QueryValue | undefined>;

function isNode(value: QueryValue | undefined): value is Node {
  return typeof value === 'object' && !Array.isArray(value);
}

/** What `rest` of a path holds on its own: `['b', 'c']` and `'1'` → `{ b: { c: '1' } }`. */
function subtree(rest: string[], value: string): QueryValue {
  let built: QueryValue = value;
  for (let i = rest.length - 1; i >= 0; i -= 1) {
    built = rest[i] === '' ? [built] : { [rest[i]!]: built };
  }
  return built;
}

/**
 * `value` added where the query already holds `existing`: a repeated plain key makes a list, a
 * list grows, and a value of another shape joins what is there in a list, as `qs` does, so a
 * schema refuses the field they share. Undefined past the 200th item.
 */
function added(existing: QueryValue | undefined, value: QueryValue): QueryValue | undefined {
  if (existing === undefined) return value;
  const list = Array.isArray(existing) ? existing : [existing];
  return list.length < QUERY_LIMITS.arrayItems ? [...list, value] : undefined;
}

/** Places `value` at `path`; false when the list there already holds 200 items. */
function assign(target: Node, path: string[], value: string): boolean {
  let node = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const name = path[i]!;
    const existing = node[name];
    if (existing === undefined && path[i + 1] !== '') node[name] = {};
    const child = node[name];
    if (!isNode(child)) {
      // `name[]=value` (a list started or continued), or a shape other than what is there.
      const next = added(existing, path[i + 1] === '' ? value : subtree(path.slice(i + 1), value));
      if (next === undefined) return false;
      node[name] = existing === undefined ? [value] : next;
      return true;
    }
    node = child;
  }
  const name = path[path.length - 1]!;
  const next = added(node[name], value);
  if (next === undefined) return false;
  node[name] = next;
  return true;
}

/**
 * Decodes a query (`?` optional). Never throws. Read as `qs` reads it (depth 3, lists of up to
 * 200 items, 500 parameters): a key deeper than three brackets keeps the rest as one name under
 * the third, and a value of another shape than what the query holds there joins it in a list,
 * so a strict schema refuses the field it targets. A key this format does not write (malformed
 * brackets, a list that is not last, a list past 200 items) is kept whole under its own text, a
 * name no list's schema has. Names an object already has are left out, and so are parameters
 * past the 500th. The app's forgiving reading leaves out whatever its schema cannot read.
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
