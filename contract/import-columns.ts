// Which columns of an uploaded domain list hold the domains (decision 055). One rule for the
// upload preview in the browser and the import on the server, so the preview shows what the import
// will take.
import type { ImportKind } from './domains.ts';

/** Header names, compared lower case with spaces, dashes and underscores as one space. */
const REFERRING_NAMES = [
  'referring domain',
  'referring domains',
  'ref domain',
  'ref domains',
  'referring',
  'source domain',
  'source url',
  'source',
  'referring page url',
  'referring url',
  'root domain',
  'domain',
  'domains',
  'url',
  'urls',
  'host',
  'hostname',
  'website',
  'site',
];
const COMPETITOR_NAMES = [
  'competitor',
  'competitors',
  'competitor domain',
  'competitor hostname',
  'target',
  'target domain',
  'target url',
  'domain',
];

/** For the referring-domain list the target (the buyer's own site) is only a last resort. */
const REFERENTS_COLUMNS = [...REFERRING_NAMES, 'target', 'target url', 'target domain'];

export function headerName(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

function findColumn(names: readonly string[], header: string[], exclude = -1): number {
  for (const name of names) {
    const index = header.findIndex((cell, at) => at !== exclude && cell === name);
    if (index >= 0) return index;
  }
  return -1;
}

export interface Columns {
  /** The competitor column; -1 for a referring-domain list. */
  competitor: number;
  referring: number;
}

/** A header cell of other words: letters, spaces and a few signs, no dot, digit or formula. */
const HEADER_WORDS = /^[\p{L}\s_#()/-]*$/u;

/**
 * The columns of the list from its first row, and whether that row is a header: a row with a
 * recognised name, or one of words only (such as "Websites we know").
 */
export function columnsOf(kind: ImportKind, firstRow: string[]): Columns & { isHeader: boolean } {
  const header = firstRow.map(headerName);
  const fallback: Columns =
    kind === 'referents' ? { competitor: -1, referring: 0 } : { competitor: 0, referring: 1 };
  if (kind === 'referents') {
    const referring = findColumn(REFERENTS_COLUMNS, header);
    if (referring >= 0) return { competitor: -1, referring, isHeader: true };
  } else {
    const competitor = findColumn(COMPETITOR_NAMES, header);
    const referring = findColumn(REFERRING_NAMES, header, competitor);
    if (competitor >= 0 || referring >= 0) {
      const first = [0, 1].find((index) => index !== competitor && index !== referring) ?? 0;
      return {
        competitor: competitor >= 0 ? competitor : first,
        referring: referring >= 0 ? referring : first,
        isHeader: true,
      };
    }
  }
  return { ...fallback, isHeader: firstRow.every((cell) => HEADER_WORDS.test(cell.trim())) };
}
