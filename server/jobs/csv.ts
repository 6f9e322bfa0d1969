// A small CSV writer: RFC 4180 quoting (CRLF line ends; fields with a comma, quote, CR or LF are
// quoted, quotes doubled) and spreadsheet-safe text. A text cell that starts with =, +, -, @, a
// tab or a CR could be run as a formula by a spreadsheet, so it gets a leading apostrophe.
// Numbers are written as numbers. Both exports (the catalogue's and an order's items) write with
// it: the byte order mark, then the names of the columns as the screens show them.

export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Makes a text cell inert in spreadsheets. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function formatCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function formatRow(cells: readonly CsvCell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}

/** A byte order mark, so that spreadsheet programs read the file as UTF-8 (emoji, "—", umlauts). */
export const BYTE_ORDER_MARK = '\uFEFF';

/** A column of an export: its name as the screen shows it, and its cell for a row. */
export interface CsvColumn<Row> {
  label: string;
  cell: (row: Row) => CsvCell;
}

/** The start of every export: the byte order mark and the row of column names. */
export function csvHeader(columns: readonly CsvColumn<never>[]): string {
  return `${BYTE_ORDER_MARK}${formatRow(columns.map((column) => column.label))}`;
}

/** The lines of some rows, one per row. */
export function csvRows<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return rows.map((row) => formatRow(columns.map((column) => column.cell(row)))).join('');
}

/** A day as the screens write it, DD/MM/YYYY (UTC), from "YYYY-MM-DD" or an ISO moment. */
export function csvDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const [year, month, day] = at.toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}
