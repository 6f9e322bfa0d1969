// Reads an uploaded list as CSV, streaming (decision 055): the delimiter (comma, semicolon or tab)
// is the one the first line uses most, a UTF-8 BOM is dropped, CRLF and LF both end a row, quoted
// fields may hold delimiters and newlines, and rows may have any number of cells.
import { Readable } from 'node:stream';

import { parse } from 'csv-parse';

export interface CsvRow {
  /** The 1-based line on which the row ends (a quoted newline makes a row span lines). */
  line: number;
  cells: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;
/** How much of the file is looked at to find the first line's delimiter. */
const SNIFF_BYTES = 64 * 1024;

/** The delimiter the first line uses most, outside quotes; a comma when it uses none. */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const delimiter of DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** Reads the first chunks of `input` until a line end, then hands the whole stream on. */
async function sniffFirstLine(input: AsyncIterable<Buffer>): Promise<{
  firstLine: string;
  stream: AsyncIterable<Buffer>;
}> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let text = '';
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
    text = Buffer.concat(head).toString('utf8');
    if (/[\r\n]/.test(text)) break;
  }
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  async function* replay() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      yield next.value;
    }
  }
  return { firstLine, stream: replay() };
}

/** The rows of a CSV stream, blank lines left out. Throws on what is not CSV (an open quote). */
export async function* readCsvRows(input: AsyncIterable<Buffer>): AsyncGenerator<CsvRow> {
  const { firstLine, stream } = await sniffFirstLine(input);
  const parser = Readable.from(stream).pipe(
    parse({
      delimiter: detectDelimiter(firstLine),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    if (record.every((cell) => cell.trim() === '')) continue;
    yield { line: info.lines, cells: record };
  }
}
