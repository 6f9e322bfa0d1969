import { describe, expect, it } from 'vitest';

import {
  checkBudgets,
  formatReport,
  type Manifest,
  type PageBudget,
  pageScripts,
  relativeImports,
  staticClosure,
} from './check-js-budget.mjs';

/** A small build: an entry, two routes sharing a chunk, a lazy dialog, and a worker with a chunk. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/routes/home.tsx', 'src/app/routes/login.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', name: 'shared', imports: ['_react.js'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js', '_table.js'],
    dynamicImports: ['src/features/dialog.tsx'],
    assets: ['assets/catalogue.worker-abc.js', 'assets/imports.worker-def.js'],
  },
  '_table.js': { file: 'assets/table.js', imports: ['_shared.js'] },
  'src/features/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true },
  'src/app/routes/login.tsx': {
    file: 'assets/login.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
  },
  'src/app/persisted-queries.ts': {
    file: 'assets/persisted-queries.js',
    isDynamicEntry: true,
    imports: ['_dexie.js'],
  },
  '_dexie.js': { file: 'assets/dexie.js' },
};

const builtFiles: Record<string, string> = {
  'assets/catalogue.worker-abc.js': 'import{a as b}from"./worker-chunk.js";import"./other.js";b()',
  'assets/worker-chunk.js': 'export const a=()=>1',
  'assets/other.js': '',
};
const readFile = (file: string) => {
  const text = builtFiles[file];
  if (text === undefined) throw new Error(`unexpected read of ${file}`);
  return text;
};

const budget = (overrides: Partial<PageBudget>): PageBudget => ({
  page: 'page',
  budgetKiB: 10,
  roots: ['index.html'],
  afterFirstPaint: [],
  workers: [],
  ...overrides,
});

describe('the JavaScript budget check', () => {
  it('follows static imports once each, dependencies first, and leaves lazy chunks out', () => {
    expect(staticClosure(manifest, ['index.html', 'src/app/routes/home.tsx'])).toEqual([
      'assets/react.js',
      'assets/index.js',
      'assets/shared.js',
      'assets/table.js',
      'assets/home.js',
    ]);
  });

  it('finds a shared chunk by its name, whatever its hash', () => {
    expect(staticClosure(manifest, ['chunk:shared'])).toEqual([
      'assets/react.js',
      'assets/shared.js',
    ]);
    expect(() => staticClosure(manifest, ['chunk:missing'])).toThrow(/names 0 chunks/);
  });

  it('refuses a root the build does not have instead of counting it as nothing', () => {
    expect(() => staticClosure(manifest, ['src/app/routes/missing.tsx'])).toThrow(
      /not in the build manifest/,
    );
  });

  it('reads the relative imports of built code', () => {
    expect(relativeImports('import{x}from"./a.js";import "./b.js";const u="./c.js"')).toEqual([
      './a.js',
      './b.js',
    ]);
  });

  it('counts what loads after the first paint and a started worker with its own imports', () => {
    const files = pageScripts(
      manifest,
      budget({
        roots: ['index.html', 'src/app/routes/home.tsx'],
        afterFirstPaint: ['src/app/persisted-queries.ts'],
        workers: ['catalogue.worker'],
      }),
      readFile,
    );
    expect(files).toEqual([
      'assets/react.js',
      'assets/index.js',
      'assets/shared.js',
      'assets/table.js',
      'assets/home.js',
      'assets/dexie.js',
      'assets/persisted-queries.js',
      'assets/catalogue.worker-abc.js',
      'assets/worker-chunk.js',
      'assets/other.js',
    ]);
    expect(files).not.toContain('assets/imports.worker-def.js');
  });

  it('refuses a started worker that the page does not reference', () => {
    expect(() =>
      pageScripts(
        manifest,
        budget({ roots: ['src/app/routes/login.tsx'], workers: ['catalogue.worker'] }),
        readFile,
      ),
    ).toThrow(/not referenced/);
  });

  it('fails a page whose scripts weigh more than its budget and passes one within it', () => {
    const gzipSize = (file: string) => (file === 'assets/table.js' ? 6 * 1024 : 1024);
    const [home, login] = checkBudgets(
      manifest,
      [
        budget({ page: '/', budgetKiB: 10, roots: ['index.html', 'src/app/routes/home.tsx'] }),
        budget({ page: '/login', budgetKiB: 4, roots: ['src/app/routes/login.tsx'] }),
      ],
      { gzipSize, readFile },
    );
    expect(home).toMatchObject({ page: '/', totalBytes: 10 * 1024, isOverBudget: false });
    expect(login).toMatchObject({ page: '/login', totalBytes: 4 * 1024, isOverBudget: false });

    const [over] = checkBudgets(
      manifest,
      [budget({ page: '/', budgetKiB: 9, roots: ['src/app/routes/home.tsx'] })],
      { gzipSize, readFile },
    );
    expect(over?.isOverBudget).toBe(true);
    expect(formatReport([{ ...home!, targetKiB: 8 }])).toMatch(
      /^ok {3}\/: 10\.0 KiB gzip of 10 KiB \(target 8 KiB not reached yet\)/,
    );
    expect(formatReport([over!])).toMatch(
      /^OVER \/: 10\.0 KiB gzip of 9 KiB\n\s+6\.0 KiB {2}assets\/table\.js/,
    );
  });
});
