// Turns the rows of an uploaded CSV into a list of hostnames (decision 055): which columns hold
// the domains (a recognised header, or the first columns), each cell through the shared
// normaliser, duplicates dropped, and every refused row an error in the spec's JSON form.
import type { ImportError, ImportKind } from '#contract/domains.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import type { CsvRow } from './csv-reader.ts';

/** How many row errors an import keeps; the rest are counted in one closing error. */
export const MAX_STORED_ROW_ERRORS = 100;
/** How much of a refused cell an error quotes. */
const ROW_VALUE_SHOWN = 60;
/** How many competitors one group holds: each is a column of the group's view. */
export const MAX_COMPETITORS_PER_GROUP = 100;

export const IMPORT_ERROR_MESSAGES = {
  /** Names the refused cell, shortened, so the buyer can find it in the file. */
  rowSkipped: (value: string) => {
    const shown = value.trim();
    if (shown === '') return 'An empty cell was skipped.';
    const cut = shown.length > ROW_VALUE_SHOWN ? `${shown.slice(0, ROW_VALUE_SHOWN)}…` : shown;
    return `“${cut}” was skipped.`;
  },
  moreSkipped: (count: number) =>
    `${count.toLocaleString('en')} more ${count === 1 ? 'row was' : 'rows were'} skipped.`,
  noDomains: 'The file has no valid domains.',
  notCsv: 'The file could not be read as CSV.',
  tooManyCompetitors: `A competitor group can have at most ${MAX_COMPETITORS_PER_GROUP} competitors.`,
  notFound: 'The file could not be found.',
  superseded: 'A newer upload replaced this one.',
  unexpected: 'The import could not be completed. Please upload the file again.',
} as const;

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
  'target',
  'target domain',
  'target url',
  'domain',
];

/** For the referring-domain list the target (the buyer's own site) is only a last resort. */
const REFERENTS_COLUMNS = [...REFERRING_NAMES, 'target', 'target url', 'target domain'];

export interface ListOutcome {
  status: 'success' | 'failed';
  errors: string[];
  rowsRead: number;
  /** The hostnames by competitor; referents use the single key ''. */
  lists: Map<string, Set<string>>;
}

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

interface Columns {
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

export function importError(error: ImportError): string {
  return JSON.stringify(error);
}

function rowError(line: number, column: number, value: string, message: string): string {
  return importError({
    message: IMPORT_ERROR_MESSAGES.rowSkipped(value),
    violations: [{ path: `line ${line}, column ${column + 1}`, message }],
  });
}

/** Reads the rows of one upload into its list and outcome. */
export async function readList(
  kind: ImportKind,
  rows: AsyncIterable<CsvRow>,
): Promise<ListOutcome> {
  const lists = new Map<string, Set<string>>();
  const errors: string[] = [];
  let skipped = 0;
  let taken = 0;
  let rowsRead = 0;
  let columns: Columns | null = null;
  const skip = (row: CsvRow, column: number, message: string) => {
    skipped += 1;
    if (errors.length < MAX_STORED_ROW_ERRORS) {
      errors.push(rowError(row.line, column, row.cells[column] ?? '', message));
    }
  };
  const cellOf = (row: CsvRow, column: number) => {
    const cell = row.cells[column] ?? '';
    const result = normaliseHostname(cell);
    if (!result.ok) skip(row, column, result.message);
    return result.ok ? result.hostname : null;
  };
  for await (const row of rows) {
    if (!columns) {
      const found = columnsOf(kind, row.cells);
      columns = found;
      if (found.isHeader) continue;
    }
    rowsRead += 1;
    let key = '';
    if (columns.competitor >= 0) {
      const competitor = cellOf(row, columns.competitor);
      if (competitor === null) continue;
      if (!lists.has(competitor) && lists.size >= MAX_COMPETITORS_PER_GROUP) {
        skip(row, columns.competitor, IMPORT_ERROR_MESSAGES.tooManyCompetitors);
        continue;
      }
      key = competitor;
    }
    const hostname = cellOf(row, columns.referring);
    if (hostname === null) continue;
    taken += 1;
    const list = lists.get(key) ?? new Set<string>();
    lists.set(key, list);
    list.add(hostname);
  }
  if (skipped > errors.length) {
    errors.push(
      importError({
        message: IMPORT_ERROR_MESSAGES.moreSkipped(skipped - errors.length),
        violations: [],
      }),
    );
  }
  if (taken === 0) {
    errors.unshift(importError({ message: IMPORT_ERROR_MESSAGES.noDomains, violations: [] }));
    return { status: 'failed', errors, rowsRead, lists: new Map() };
  }
  return { status: 'success', errors, rowsRead, lists };
}
