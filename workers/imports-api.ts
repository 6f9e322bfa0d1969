// What the imports worker offers: reading an uploaded domain list before it is sent, so the
// buyer sees what the server will take. The file is read in slices and parsed by papaparse as it
// arrives, so a 20 MB file never sits in memory twice. Every value goes through the same
// normaliser as the API (contract/hostname.ts). The same object runs on the main thread where
// workers are unavailable.
import Papa from 'papaparse';

import type { ImportKind } from '#contract/domains.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import { columnsOf } from '#contract/import-columns.ts';
import { createTextCheck, TEXT_FILE_TYPE_MESSAGE } from '#contract/text-content.ts';

export interface ParseProgress {
  /** Bytes read so far. */
  loaded: number;
  total: number;
}

export interface InvalidRow {
  /** 1-based line of the file where the row starts (a quoted newline spans lines). */
  line: number;
  /** 1-based column of the value. */
  column: number;
  /** The value as found, cut to a readable length. */
  value: string;
  message: string;
}

export interface DomainListPreview {
  kind: ImportKind;
  /** Data rows read, without the header and blank lines. */
  rows: number;
  /** Distinct valid referring domains. */
  hostnames: number;
  /** Rows dropped because the same domain (or competitor and domain pair) came before. */
  duplicates: number;
  /** The first invalid rows, in file order. */
  invalid: InvalidRow[];
  invalidCount: number;
  hasHeader: boolean;
  /** Competitor files: distinct competitors, and distinct competitor and referring domain pairs. */
  competitors?: number;
  pairs?: number;
}

export const MAX_INVALID_ROWS_SHOWN = 20;
const MAX_VALUE_SHOWN = 80;
const READ_SLICE_BYTES = 1024 * 1024;
export const MISSING_REFERRING_DOMAIN_MESSAGE =
  'Each row needs a competitor and a referring domain.';

export interface ColumnChoice {
  hasHeader: boolean;
  /** Referents: the domain column. Competitors: the competitor column. */
  primary: number;
  /** Competitors only: the referring domain column. */
  referring: number;
}

/** Which columns hold the domains: the server's own rule (contract/import-columns.ts). */
export function recogniseColumns(firstRow: string[], kind: ImportKind): ColumnChoice {
  const { competitor, referring, isHeader } = columnsOf(kind, firstRow);
  return kind === 'referents'
    ? { hasHeader: isHeader, primary: referring, referring: -1 }
    : { hasHeader: isHeader, primary: competitor, referring };
}

/** The delimiter of the first record: comma, semicolon or tab, whichever occurs most outside quotes. */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) break;
    else if (!isQuoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
  }
  let best = ',';
  for (const candidate of [';', '\t']) {
    if ((counts[candidate] ?? 0) > (counts[best] ?? 0)) best = candidate;
  }
  return best;
}

function newlinesIn(row: string[]): number {
  let count = 0;
  for (const cell of row) {
    if (!cell.includes('\n') && !cell.includes('\r')) continue;
    const lineFeeds = cell.split('\n').length - 1;
    count += lineFeeds > 0 ? lineFeeds : cell.split('\r').length - 1;
  }
  return count;
}

function shown(value: string): string {
  return value.length > MAX_VALUE_SHOWN ? `${value.slice(0, MAX_VALUE_SHOWN)}…` : value;
}

/** Counts rows as papaparse hands them over; knows nothing about reading the file. */
class ListTally {
  private columns: ColumnChoice | null = null;
  private line = 1;
  private rows = 0;
  private duplicates = 0;
  private invalidCount = 0;
  private readonly invalid: InvalidRow[] = [];
  private readonly hostnames = new Set<string>();
  private readonly competitors = new Set<string>();
  private readonly pairs = new Set<string>();

  constructor(private readonly kind: ImportKind) {}

  add(row: string[]): void {
    const line = this.line;
    this.line += 1 + newlinesIn(row);
    if (row.every((cell) => cell.trim() === '')) return;
    if (!this.columns) {
      this.columns = recogniseColumns(row, this.kind);
      if (this.columns.hasHeader) return;
    }
    this.rows += 1;
    const { primary, referring } = this.columns;
    if (this.kind === 'referents') {
      const hostname = this.hostname(row[primary] ?? '', line, primary);
      if (hostname === null) return;
      if (this.hostnames.has(hostname)) this.duplicates += 1;
      else this.hostnames.add(hostname);
      return;
    }
    if (row.length <= Math.max(primary, referring)) {
      this.reject(line, 1, row.join(', '), MISSING_REFERRING_DOMAIN_MESSAGE);
      return;
    }
    const competitor = this.hostname(row[primary] ?? '', line, primary);
    if (competitor === null) return;
    const hostname = this.hostname(row[referring] ?? '', line, referring);
    if (hostname === null) return;
    const pair = `${competitor} ${hostname}`;
    if (this.pairs.has(pair)) {
      this.duplicates += 1;
      return;
    }
    this.pairs.add(pair);
    this.competitors.add(competitor);
    this.hostnames.add(hostname);
  }

  private hostname(value: string, line: number, column: number): string | null {
    const result = normaliseHostname(value);
    if (result.ok) return result.hostname;
    this.reject(line, column + 1, value, result.message);
    return null;
  }

  private reject(line: number, column: number, value: string, message: string): void {
    this.invalidCount += 1;
    if (this.invalid.length < MAX_INVALID_ROWS_SHOWN) {
      this.invalid.push({ line, column, value: shown(value), message });
    }
  }

  result(): DomainListPreview {
    const preview: DomainListPreview = {
      kind: this.kind,
      rows: this.rows,
      hostnames: this.hostnames.size,
      duplicates: this.duplicates,
      invalid: this.invalid,
      invalidCount: this.invalidCount,
      hasHeader: this.columns?.hasHeader ?? false,
    };
    if (this.kind === 'competitors') {
      preview.competitors = this.competitors.size;
      preview.pairs = this.pairs.size;
    }
    return preview;
  }
}

type Listener = (value?: unknown) => void;

/**
 * The smallest Node-style readable papaparse streams from (its ReadableStreamStreamer): text is
 * pushed in with `push`, and papaparse parses each piece as it comes, keeping a partial last line
 * for the next one.
 */
class TextFeed {
  readonly readable = true;
  private readonly listeners = new Map<string, Set<Listener>>();

  read(): void {}
  pause(): void {}
  resume(): void {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, value?: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(value);
  }

  push(text: string): void {
    if (text) this.emit('data', text);
  }

  end(): void {
    this.emit('end');
  }
}

/**
 * Reads a CSV of domains (referents) or of competitor and referring domain pairs (competitors)
 * and counts what an import of it would take. A UTF-8 BOM is dropped; CRLF and LF both end a
 * row; comma, semicolon or tab separate fields.
 */
export async function parseDomainList(
  file: Blob,
  kind: ImportKind,
  onProgress?: (progress: ParseProgress) => void,
): Promise<DomainListPreview> {
  const tally = new ListTally(kind);
  const decoder = new TextDecoder('utf-8');
  const feed = new TextFeed();
  const total = file.size;
  // A spreadsheet, an image or UTF-16 is not a list: refused as the server would refuse it.
  const textCheck = createTextCheck();
  let parseError: unknown = null;
  let isStarted = false;

  const start = (firstText: string) => {
    isStarted = true;
    Papa.parse<string[]>(feed as unknown as Papa.LocalFile, {
      delimiter: detectDelimiter(firstText),
      skipEmptyLines: false,
      chunk: (results: Papa.ParseResult<string[]>) => {
        try {
          for (const row of results.data) tally.add(row);
        } catch (error) {
          parseError = error;
        }
      },
      // Rows arrive through `chunk`, synchronously with each push; nothing is left for the end.
      complete: () => undefined,
    });
  };

  let pending = '';
  for (let offset = 0; offset < total; offset += READ_SLICE_BYTES) {
    const bytes = await file.slice(offset, offset + READ_SLICE_BYTES).arrayBuffer();
    if (!textCheck.push(new Uint8Array(bytes))) throw new Error(TEXT_FILE_TYPE_MESSAGE);
    const text = decoder.decode(bytes, { stream: offset + READ_SLICE_BYTES < total });
    if (!isStarted) {
      // The delimiter is decided on the first record, which may need more than one slice.
      pending += text;
      if (!/[\r\n]/.test(pending) && offset + READ_SLICE_BYTES < total) continue;
      start(pending);
      feed.push(pending);
      pending = '';
    } else {
      feed.push(text);
    }
    onProgress?.({ loaded: Math.min(offset + READ_SLICE_BYTES, total), total });
  }
  if (!textCheck.end()) throw new Error(TEXT_FILE_TYPE_MESSAGE);
  if (!isStarted) start(pending);
  feed.push(pending + decoder.decode());
  feed.end();
  if (parseError) throw parseError;
  if (total === 0) onProgress?.({ loaded: 0, total: 0 });
  return tally.result();
}

export const importsApi = { parseDomainList };

export type ImportsApi = typeof importsApi;
