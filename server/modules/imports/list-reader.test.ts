import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { detectDelimiter, readCsvRows } from './csv-reader.ts';
import { MAX_COMPETITORS_PER_GROUP, readList } from './list-reader.ts';

const rowsOf = (text: string, chunk = 7) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) chunks.push(bytes.subarray(at, at + chunk));
  return readCsvRows(Readable.from(chunks));
};

describe('detectDelimiter', () => {
  it('takes the delimiter the first line uses most, outside quotes', () => {
    expect(detectDelimiter('a,b;c;d')).toBe(';');
    expect(detectDelimiter('a\tb\tc,d')).toBe('\t');
    expect(detectDelimiter('"a;b;c",d')).toBe(',');
    expect(detectDelimiter('example.com')).toBe(',');
  });
});

describe('readList', () => {
  it('reads rows split across chunks, with the line each row ends on', async () => {
    const rows = [];
    for await (const row of rowsOf('\uFEFFa.com\r\n"b\nc.com"\r\n\r\nd.com')) rows.push(row);
    expect(rows).toEqual([
      { line: 1, cells: ['a.com'] },
      { line: 3, cells: ['b\nc.com'] },
      { line: 5, cells: ['d.com'] },
    ]);
  });

  it('skips the rows of competitors beyond the limit', async () => {
    const lines = Array.from(
      { length: MAX_COMPETITORS_PER_GROUP + 1 },
      (_, i) => `rival-${i}.com,ref.com`,
    );
    const outcome = await readList('competitors', rowsOf(lines.join('\n'), 4096));
    expect(outcome.status).toBe('success');
    expect(outcome.lists.size).toBe(MAX_COMPETITORS_PER_GROUP);
    expect(outcome.errors).toHaveLength(1);
    expect(JSON.parse(outcome.errors[0]!).violations[0].path).toBe(
      `line ${MAX_COMPETITORS_PER_GROUP + 1}, column 1`,
    );
  });
});
