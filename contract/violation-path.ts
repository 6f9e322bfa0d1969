/**
 * The `path` of a violation names the offending field. Bodies use dots and indexes
 * (`items[0].target_url`); query strings use the bracket syntax they are written in
 * (`filter[price][min]`). Keys that are not plain names are quoted (`["my key"]`).
 */

export type PathSegment = string | number;
export type PathStyle = 'dot' | 'bracket';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A key written in brackets without quotes: no brackets or quotes, and not mistakable for an index. */
const BARE_KEY = /^(?!\d+$)[^[\]"]+$/;

export function formatViolationPath(
  segments: readonly PathSegment[],
  style: PathStyle = 'dot',
): string {
  return segments.map((segment, index) => formatSegment(segment, index === 0, style)).join('');
}

function formatSegment(segment: PathSegment, isFirst: boolean, style: PathStyle): string {
  if (typeof segment === 'number') return `[${segment}]`;
  if (IDENTIFIER.test(segment)) {
    if (isFirst) return segment;
    return style === 'dot' ? `.${segment}` : `[${segment}]`;
  }
  if (style === 'bracket' && !isFirst && BARE_KEY.test(segment)) return `[${segment}]`;
  return `[${JSON.stringify(segment)}]`;
}

const FIRST_NAME = /^[A-Za-z_$][\w$]*/;
const DOTTED_NAME = /^\.([A-Za-z_$][\w$]*)/;
const INDEX = /^\[(\d+)\]/;
const QUOTED_KEY = /^\[("(?:[^"\\]|\\.)*")\]/;
const BRACKETED_KEY = /^\[([^[\]"]+)\]/;

/** Splits a violation path back into segments; null when the text is not a path. */
export function parseViolationPath(path: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  let rest = path;
  const first = FIRST_NAME.exec(rest);
  if (first) {
    segments.push(first[0]);
    rest = rest.slice(first[0].length);
  } else if (rest.startsWith('.')) {
    return null;
  }
  while (rest.length > 0) {
    const next = readSegment(rest);
    if (!next) return null;
    segments.push(next.segment);
    rest = rest.slice(next.length);
  }
  return segments;
}

function readSegment(text: string): { segment: PathSegment; length: number } | null {
  const dotted = DOTTED_NAME.exec(text);
  if (dotted?.[1] !== undefined) return { segment: dotted[1], length: dotted[0].length };
  const index = INDEX.exec(text);
  if (index?.[1] !== undefined) return { segment: Number(index[1]), length: index[0].length };
  const quoted = QUOTED_KEY.exec(text);
  if (quoted?.[1] !== undefined) {
    return { segment: JSON.parse(quoted[1]) as string, length: quoted[0].length };
  }
  const bracketed = BRACKETED_KEY.exec(text);
  if (bracketed?.[1] !== undefined) return { segment: bracketed[1], length: bracketed[0].length };
  return null;
}
