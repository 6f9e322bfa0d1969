import { describe, expect, it } from 'vitest';

import { columnsOf } from '#contract/import-columns.ts';

// One rule for the upload preview (imports worker) and the server's import.
describe('columnsOf', () => {
  it('recognises SEO export headers, preferring the referring column over the target', () => {
    expect(columnsOf('referents', ['Target URL', 'Source URL', 'Anchor'])).toEqual({
      competitor: -1,
      referring: 1,
      isHeader: true,
    });
    expect(columnsOf('referents', ['DR', 'Domain', 'Backlinks'])).toMatchObject({ referring: 1 });
    expect(columnsOf('referents', ['Target'])).toMatchObject({ referring: 0, isHeader: true });
  });

  it('finds the competitor and referring columns of a competitor file', () => {
    expect(columnsOf('competitors', ['Referring domain', 'Competitor'])).toEqual({
      competitor: 1,
      referring: 0,
      isHeader: true,
    });
    expect(columnsOf('competitors', ['target', 'x'])).toMatchObject({
      competitor: 0,
      referring: 1,
    });
  });

  it('reads a first row of domains as data and one of words as a header', () => {
    expect(columnsOf('referents', ['example.com'])).toMatchObject({ isHeader: false });
    expect(columnsOf('referents', ['=1+1'])).toMatchObject({ isHeader: false });
    expect(columnsOf('referents', ['Our links'])).toMatchObject({ isHeader: true });
  });
});
