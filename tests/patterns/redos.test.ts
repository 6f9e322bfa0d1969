// Every regular expression of the product's code is checked with recheck, a ReDoS checker: none
// may take more than linear time on some input (decision 131). The patterns are found with the
// TypeScript parser (regex literals, and RegExp built from a literal string); building a pattern
// from computed text is refused in product code, since no checker can see it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { checkSync } from 'recheck';
import { afterAll, describe, expect, it } from 'vitest';

import { findPatterns, type FoundPattern } from './regex-sources.ts';

/** The code that runs in the product: the API, the app, its workers and the shared contract. */
const PRODUCT_DIRECTORIES = ['contract', 'server', 'src', 'workers', 'src-sw'] as const;

/** Test files check the test's own values, never a caller's; they are not scanned. */
function isProductCode(file: string): boolean {
  return !/\.test\.tsx?$/.test(file) && !file.includes('/test-utils/');
}

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('finding the patterns', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'patterns-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('finds literals and RegExp built from literal text, not pattern-like strings or comments', () => {
    mkdirSync(path.join(directory, 'code'));
    writeFileSync(
      path.join(directory, 'code', 'sample.tsx'),
      [
        "const a = /a+b/gi; // '/not+a/pattern/'",
        "const b = new RegExp('c*d', 'u');",
        'const c = RegExp(`e?f`);',
        "const d = '/g+h/';",
        'const e = new RegExp(a.source + "x");',
        'const f = <div title="/i+j/">{x / y / z}</div>;',
      ].join('\n'),
    );
    const found = findPatterns(directory, ['code']);
    expect(found.patterns.map(({ source, flags, line }) => [source, flags, line])).toEqual([
      ['a+b', 'gi', 1],
      ['c*d', 'u', 2],
      ['e?f', '', 3],
    ]);
    expect(found.computed).toEqual([
      { file: 'code/sample.tsx', line: 5, text: 'new RegExp(a.source + "x")' },
    ]);
  });
});

describe('patterns of the product', () => {
  const found = findPatterns(ROOT, PRODUCT_DIRECTORIES);
  const patterns = found.patterns.filter(({ file }) => isProductCode(file));

  it('are all found', () => {
    expect(patterns.length).toBeGreaterThan(100);
    const sources = new Set(patterns.map(({ source }) => source));
    // A few known ones, from the contract, the server and the app.
    expect(sources).toContain('^https?:\\/\\/[^/\\\\?#@\\s]+(?:[/?#]|$)');
    expect(patterns.some(({ file }) => file.startsWith('server/'))).toBe(true);
    expect(patterns.some(({ file }) => file.startsWith('src/'))).toBe(true);
  });

  it('are never built from computed text', () => {
    expect(found.computed.filter(({ file }) => isProductCode(file))).toEqual([]);
  });

  it('are linear: recheck finds none vulnerable', () => {
    const unique = new Map<string, FoundPattern>();
    for (const pattern of patterns) unique.set(`/${pattern.source}/${pattern.flags}`, pattern);
    const vulnerable: string[] = [];
    for (const [written, { file, line, source, flags }] of unique) {
      const diagnostics = checkSync(source, flags);
      if (diagnostics.status === 'vulnerable') {
        vulnerable.push(`${file}:${line} ${written} (${diagnostics.complexity.type})`);
      }
    }
    expect(vulnerable).toEqual([]);
  }, 120_000);

  it('would find a vulnerable one', () => {
    expect(checkSync('\\s*[\\r\\n]+\\s*', 'g').status).toBe('vulnerable');
    expect(checkSync('\\/+$', '').status).toBe('vulnerable');
  });
});
