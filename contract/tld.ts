// The TLD filter's rules (spec §5, §7): a typed domain or URL reduced to a known top-level domain,
// the multi-part extension rule, and the choice among lookup results.
import { trimEndOf } from './text-edges.ts';

/** Generic extensions that never end a multi-part domain such as `co.uk` (spec §5). */
export const GENERIC_EXTENSIONS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'int',
  'biz',
  'info',
  'name',
  'pro',
  'mobi',
  'jobs',
  'travel',
  'aero',
  'coop',
  'museum',
  'tel',
  'asia',
] as const;

const generic: ReadonlySet<string> = new Set(GENERIC_EXTENSIONS);
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A TLD as written in a list ('.co.uk', 'CO.UK') in the form the rules compare: 'co.uk'. */
export function normalizeTld(tld: string): string {
  return tld.trim().toLowerCase().replace(/^\.+/, '');
}

/**
 * Whether an extension of two or more labels is a valid multi-part domain: it is, unless it ends
 * in one of the generic extensions (`example.com` is a domain, `co.uk` an extension).
 */
export function isMultiPartExtension(extension: string): boolean {
  const labels = normalizeTld(extension).split('.');
  if (labels.length < 2 || labels.some((l) => !LABEL_RE.test(l))) return false;
  return !generic.has(labels[labels.length - 1]!);
}

/** The host part of what was typed: scheme, credentials, port, path, query and dots stripped. */
export function hostOf(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text) return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  text = text.split(/[/?#]/, 1)[0] ?? '';
  text = text.slice(text.lastIndexOf('@') + 1);
  text = text.replace(/:\d*$/, '');
  text = trimEndOf(text.replace(/^\*\./, '').replace(/^\.+/, ''), '.');
  if (!text) return null;
  const labels = text.split('.');
  return labels.every((l) => LABEL_RE.test(l)) ? text : null;
}

/**
 * Reduces a typed domain or URL to a known TLD (without the leading dot): the longest suffix is
 * tried first, dropping leading labels until one is known. Suffixes of several labels must also
 * be valid multi-part extensions. Null when the input is invalid or nothing matches.
 */
export function reduceTld(input: string, knownTlds: readonly string[]): string | null {
  const host = hostOf(input);
  if (!host) return null;
  const known = new Set(knownTlds.map(normalizeTld));
  const labels = host.split('.');
  for (let start = 0; start < labels.length; start += 1) {
    const candidate = labels.slice(start).join('.');
    const isMulti = labels.length - start > 1;
    if (known.has(candidate) && (!isMulti || isMultiPartExtension(candidate))) return candidate;
  }
  return null;
}

export interface TldOption {
  id: string;
  title: string;
}

/**
 * The lookup rule (spec §7): one result is used; among several, the one titled '.' + term;
 * otherwise none.
 */
export function pickTld<T extends TldOption>(results: readonly T[], term: string): T | null {
  if (results.length === 1) return results[0]!;
  const wanted = `.${normalizeTld(term)}`;
  return results.find((r) => r.title.trim().toLowerCase() === wanted) ?? null;
}
