// Turns the rows of an uploaded CSV into a list of hostnames (decision 055): which columns hold
// the domains (a recognised header, or the first columns), each cell through the shared
// normaliser, duplicates dropped, and every refused row an error in the spec's JSON form.
import type { ImportError, ImportKind } from '#contract/domains.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import { type Columns, columnsOf } from '#contract/import-columns.ts';

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

export interface ListOutcome {
  status: 'success' | 'failed';
  errors: string[];
  rowsRead: number;
  /** The hostnames by competitor; referents use the single key ''. */
  lists: Map<string, Set<string>>;
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
