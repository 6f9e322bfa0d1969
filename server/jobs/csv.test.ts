import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatCell, formatRow } from './csv.ts';

/** A reference RFC 4180 reader, to check that what is written reads back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('CSV writer', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(formatCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(formatCell('+1')).toBe("'+1");
    expect(formatCell('-2')).toBe("'-2");
    expect(formatCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(formatCell('\tx')).toBe("'\tx");
    expect(formatCell('\rx')).toBe(`"'\rx"`);
    expect(formatCell('a=b')).toBe('a=b');
  });

  it('writes numbers as numbers, negative ones included, and empty cells for missing values', () => {
    expect(formatRow([-3, 0.25, 1200, null, undefined, true])).toBe('-3,0.25,1200,,,true\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(formatRow(['a,b', 'say "hi"', 'two\nlines', 'plain'])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\r\n',
    );
  });

  it('reads back every text it writes, apart from the added apostrophe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { maxLength: 5 }),
        (rows) => {
          const text = rows.map((cells) => formatRow(cells)).join('');
          const expected = rows.map((cells) =>
            cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)),
          );
          expect(parseCsv(text)).toEqual(expected);
        },
      ),
    );
  });
});
