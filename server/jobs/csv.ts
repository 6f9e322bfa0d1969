// A small CSV writer: RFC 4180 quoting (CRLF line ends; fields with a comma, quote, CR or LF are
// quoted, quotes doubled) and spreadsheet-safe text. A text cell that starts with =, +, -, @, a
// tab or a CR could be run as a formula by a spreadsheet, so it gets a leading apostrophe.
// Numbers are written as numbers.

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
