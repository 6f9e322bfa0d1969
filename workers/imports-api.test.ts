import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { HOSTNAME_MESSAGES, normaliseHostname } from '#contract/hostname.ts';
import { TEXT_FILE_TYPE_MESSAGE } from '#contract/text-content.ts';

import {
  detectDelimiter,
  importsApi,
  MAX_INVALID_ROWS_SHOWN,
  MISSING_REFERRING_DOMAIN_MESSAGE,
  type ParseProgress,
  recogniseColumns,
} from './imports-api.ts';

const parse = (text: string, kind: 'referents' | 'competitors' = 'referents') =>
  importsApi.parseDomainList(new Blob([text]), kind);

/** Hostnames the normaliser accepts, in the forms buyers paste them. */
const typedHostname = fc
  .tuple(
    fc.domain(),
    fc.constantFrom('', 'https://', 'http://www.', '//'),
    fc.constantFrom('', '/', '/path?q=1', ':8080'),
    fc.boolean(),
  )
  .map(([domain, prefix, suffix, isUpper]) => {
    const text = `${prefix}${domain}${suffix}`;
    return isUpper ? text.toUpperCase() : text;
  })
  .filter((text) => normaliseHostname(text).ok);

describe('normaliseHostname, as the worker uses it', () => {
  it('gives back a normalised hostname unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(typedHostname, fc.string(), fc.webUrl()), (input) => {
        const first = normaliseHostname(input);
        if (!first.ok) return;
        expect(normaliseHostname(first.hostname)).toEqual(first);
      }),
    );
  });
});

describe('parseDomainList', () => {
  it('counts a generated list of hostnames written as CSV exactly as the list holds them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(typedHostname, { maxLength: 40 }),
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        async (values, delimiter, newline, hasHeader, hasBom, isQuoted) => {
          const rows = values.map((value) => [value, 'x']);
          const csv = Papa.unparse(
            { fields: ['Referring domain', 'Note'], data: rows },
            { delimiter, newline, header: hasHeader, quotes: isQuoted },
          );
          const preview = await parse(`${hasBom ? '\ufeff' : ''}${csv}`);
          const expected = new Set(
            values.map((value) => {
              const result = normaliseHostname(value);
              return result.ok ? result.hostname : '';
            }),
          );
          expect(preview).toMatchObject({
            rows: values.length,
            hostnames: expected.size,
            duplicates: values.length - expected.size,
            invalidCount: 0,
            hasHeader,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a one-column list without a header, with LF or CRLF and a trailing newline', async () => {
    const expected = { rows: 3, hostnames: 3, duplicates: 0, invalidCount: 0, hasHeader: false };
    await expect(parse('a.com\nb.com\nc.org\n')).resolves.toMatchObject(expected);
    await expect(parse('a.com\r\nb.com\r\nc.org')).resolves.toMatchObject(expected);
  });

  it('drops a UTF-8 BOM before a header', async () => {
    const preview = await parse('\ufeffDomain\r\nexample.com\r\nwww.example.com\r\n');
    expect(preview).toMatchObject({ rows: 2, hostnames: 1, duplicates: 1, hasHeader: true });
  });

  it('takes the named column of an SEO tool export, separated by semicolons', async () => {
    const csv = [
      'Source title;Source url;Target url;Anchor',
      'Home;https://www.blog.example.com/post/1;https://shop.test/;buy',
      'Other;https://news.example.org/a;https://shop.test/b;shop',
    ].join('\n');
    await expect(parse(csv)).resolves.toMatchObject({
      rows: 2,
      hostnames: 2,
      invalidCount: 0,
      hasHeader: true,
    });
  });

  it('reads tab-separated files and header names in any case', async () => {
    const csv = 'DR\tREFERRING_DOMAIN\n50\tone.example\n60\ttwo.example\n';
    await expect(parse(csv)).resolves.toMatchObject({ rows: 2, hostnames: 2, invalidCount: 0 });
  });

  it('keeps counting lines across quoted fields that hold newlines and delimiters', async () => {
    const csv = 'domain,note\n"a.com","one\nline, two"\n"bad value",x\nb.com,y\n';
    const preview = await parse(csv);
    expect(preview).toMatchObject({ rows: 3, hostnames: 2, invalidCount: 1 });
    expect(preview.invalid).toEqual([
      { line: 4, column: 1, value: 'bad value', message: HOSTNAME_MESSAGES.invalid },
    ]);
  });

  it('gives each row that is not a domain its line, column and reason', async () => {
    const label = 'a'.repeat(64);
    const csv = [
      'Domain',
      'ok.com',
      '=1+1',
      'javascript:alert(1)',
      '10.0.0.1',
      `${label}.com`,
      '""',
    ];
    const preview = await parse(csv.join('\n'));
    expect(preview.invalid).toEqual([
      { line: 3, column: 1, value: '=1+1', message: HOSTNAME_MESSAGES.invalid },
      { line: 4, column: 1, value: 'javascript:alert(1)', message: HOSTNAME_MESSAGES.invalid },
      { line: 5, column: 1, value: '10.0.0.1', message: HOSTNAME_MESSAGES.ip_address },
      { line: 6, column: 1, value: `${label}.com`, message: HOSTNAME_MESSAGES.label_too_long },
    ]);
    expect(preview).toMatchObject({ rows: 5, hostnames: 1, invalidCount: 4 });
  });

  it('lists the first 20 invalid rows and counts them all, cutting long values', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `not a domain ${i} ${'x'.repeat(100)}`);
    const preview = await parse(['Domain', ...lines].join('\n'));
    expect(preview.invalidCount).toBe(30);
    expect(preview.invalid).toHaveLength(MAX_INVALID_ROWS_SHOWN);
    expect(preview.invalid[0]?.value).toHaveLength(81);
    expect(preview.invalid[19]?.line).toBe(21);
  });

  it('reads competitor files with a header in any column order', async () => {
    const csv = [
      'Referring domain,Competitor',
      'links.example,rival.com',
      'links.example,rival.com',
      'more.example,rival.com',
      'links.example,https://www.other.com/',
    ].join('\n');
    await expect(parse(csv, 'competitors')).resolves.toMatchObject({
      rows: 4,
      competitors: 2,
      pairs: 3,
      hostnames: 2,
      duplicates: 1,
      invalidCount: 0,
    });
  });

  it('reads competitor files without a header as competitor then referring domain', async () => {
    const preview = await parse(
      'rival.com;links.example\nrival.com\nrival.com;1.2.3.4\n',
      'competitors',
    );
    expect(preview).toMatchObject({ rows: 3, competitors: 1, pairs: 1, invalidCount: 2 });
    expect(preview.invalid).toEqual([
      { line: 2, column: 1, value: 'rival.com', message: MISSING_REFERRING_DOMAIN_MESSAGE },
      { line: 3, column: 2, value: '1.2.3.4', message: HOSTNAME_MESSAGES.ip_address },
    ]);
  });

  it('reports progress while it reads and counts an empty file as nothing', async () => {
    const text = Array.from({ length: 200_000 }, (_, i) => `site-${i}.example`).join('\n');
    const progress: ParseProgress[] = [];
    const preview = await importsApi.parseDomainList(new Blob([text]), 'referents', (step) =>
      progress.push(step),
    );
    expect(preview.hostnames).toBe(200_000);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ loaded: text.length, total: text.length });
    await expect(parse('')).resolves.toMatchObject({ rows: 0, hostnames: 0, invalidCount: 0 });
  });

  it('refuses what is not text, as the server would: an image, UTF-16, a NUL late in the file', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2e, 0x00]);
    const lateNul = `${'a.com\n'.repeat(300_000)}b.com\u0000\n`;
    for (const bytes of [png, utf16]) {
      await expect(importsApi.parseDomainList(new Blob([bytes]), 'referents')).rejects.toThrow(
        TEXT_FILE_TYPE_MESSAGE,
      );
    }
    await expect(parse(lateNul)).rejects.toThrow(TEXT_FILE_TYPE_MESSAGE);
  });

  it('keeps a character split between two read slices whole', async () => {
    // "ü" takes two bytes, the first the last of the first 1 MiB slice.
    const text = `Domain\n${'a'.repeat(1024 * 1024 - 10)}\nbücher.example\n`;
    const preview = await parse(text);
    expect(preview.invalid[0]?.message).toBe(HOSTNAME_MESSAGES.too_long);
    expect(preview.hostnames).toBe(1);
  });
});

describe('column and delimiter recognition', () => {
  it('picks the delimiter of the first record outside quotes', () => {
    expect(detectDelimiter('a;b;c\nx,y')).toBe(';');
    expect(detectDelimiter('"a,b";c\n')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('example.com\n')).toBe(',');
  });

  it('treats a first row of words without dots as a header', () => {
    expect(recogniseColumns(['Backlinks'], 'referents')).toEqual({
      hasHeader: true,
      primary: 0,
      referring: -1,
    });
    expect(recogniseColumns(['example.com'], 'referents').hasHeader).toBe(false);
    expect(recogniseColumns(['target', 'source'], 'competitors')).toEqual({
      hasHeader: true,
      primary: 0,
      referring: 1,
    });
  });
});
