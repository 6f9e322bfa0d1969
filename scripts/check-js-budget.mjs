/**
 * The JavaScript budget of the first load (issue 13): the gzip size of every script a page loads,
 * read from the build's manifest (dist/.vite/manifest.json), must stay within its budget.
 *
 * A page loads: the entry (index.html) and what it imports statically, the route modules and
 * layouts its first render needs (their static imports too), the modules it loads right after the
 * first paint (the query persister, for example), and the workers it starts at once (a worker's
 * own imports too). Counting static imports alone would miss the last two, so they are named here;
 * a root that is missing from the manifest fails the check rather than counting as zero.
 *
 * Run after `vite build`: `node scripts/check-js-budget.mjs` (exit code 1 when over budget).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KIB = 1024;

/**
 * What each page loads, by manifest key (source path), and its budget in KiB of gzip. `budgetKiB`
 * fails the check; it is what the pages weigh now with a little room, so any growth is a decision.
 * `targetKiB` is the goal (decision 165: a React app's), printed beside it until the pages reach it.
 */
export const BUDGETS = [
  {
    page: '/ (signed in, the catalogue)',
    budgetKiB: 242,
    targetKiB: 210,
    roots: ['index.html', 'src/app/layouts/default-layout.tsx', 'src/app/routes/home.tsx'],
    afterFirstPaint: ['src/lib/persister.ts'],
    workers: [],
  },
  {
    page: '/login',
    budgetKiB: 149,
    targetKiB: 130,
    roots: ['index.html', 'src/app/routes/login.tsx'],
    // The form's validation, loaded once the browser is idle after drawing it (decision 150).
    afterFirstPaint: ['src/features/auth/login-schema.ts', 'chunk:schema-resolver'],
    workers: [],
  },
];

/**
 * The manifest key of `key`: a source path as it is, or `chunk:<name>` for a shared chunk, which
 * the manifest keys by its hashed file name (`_schema-resolver-<hash>.js`). Throws unless exactly
 * one chunk has that name.
 */
export function manifestKey(manifest, key) {
  if (!key.startsWith('chunk:')) return key;
  const name = key.slice('chunk:'.length);
  const found = Object.keys(manifest).filter(
    (candidate) => candidate.startsWith('_') && manifest[candidate].name === name,
  );
  if (found.length !== 1) throw new Error(`"${key}" names ${found.length} chunks in the manifest`);
  return found[0];
}

/**
 * The JavaScript files reached from `keys` through static imports, in load order, each once.
 * Throws when a key is not in the manifest (a renamed route must not silently count as nothing).
 */
export function staticClosure(manifest, keys) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
  };
  for (const key of keys) visit(manifestKey(manifest, key));
  return files;
}

/** The worker files the given chunks reference (Vite lists them as the chunks' assets). */
export function workerAssets(manifest, files) {
  const assets = new Set();
  for (const chunk of Object.values(manifest)) {
    if (!files.includes(chunk.file)) continue;
    for (const asset of chunk.assets ?? [])
      if (/\.worker-[^/]*\.js$/.test(asset)) assets.add(asset);
  }
  return [...assets];
}

/** Relative imports of an ES module's built code (`import … from "./x.js"`, `import "./x.js"`). */
export function relativeImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.add(match[1]);
  }
  return [...found];
}

/**
 * Every script one page loads. `readFile(file)` returns a built file's text (for a worker's own
 * imports). Throws when a named worker is not referenced by the page's chunks.
 */
export function pageScripts(manifest, budget, readFile) {
  const files = staticClosure(manifest, [...budget.roots, ...budget.afterFirstPaint]);
  const available = workerAssets(manifest, files);
  for (const name of budget.workers) {
    const worker = available.find((asset) => path.basename(asset).startsWith(`${name}-`));
    if (!worker) throw new Error(`${budget.page}: the worker "${name}" is not referenced`);
    const pending = [worker];
    while (pending.length > 0) {
      const file = pending.shift();
      if (files.includes(file)) continue;
      files.push(file);
      for (const relative of relativeImports(readFile(file))) {
        pending.push(path.posix.join(path.posix.dirname(file), relative));
      }
    }
  }
  return files;
}

/** Sizes each page's scripts with `gzipSize(file)` and says which pages are over budget. */
export function checkBudgets(manifest, budgets, { gzipSize, readFile }) {
  return budgets.map((budget) => {
    const scripts = pageScripts(manifest, budget, readFile).map((file) => ({
      file,
      gzipBytes: gzipSize(file),
    }));
    const totalBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    return {
      page: budget.page,
      budgetKiB: budget.budgetKiB,
      targetKiB: budget.targetKiB,
      scripts,
      totalBytes,
      isOverBudget: totalBytes > budget.budgetKiB * KIB,
    };
  });
}

export function formatReport(results) {
  const lines = [];
  for (const result of results) {
    const target =
      result.targetKiB !== undefined && result.totalBytes > result.targetKiB * KIB
        ? ` (target ${result.targetKiB} KiB not reached yet)`
        : '';
    lines.push(
      `${result.isOverBudget ? 'OVER' : 'ok  '} ${result.page}: ${(result.totalBytes / KIB).toFixed(1)} KiB gzip of ${result.budgetKiB} KiB${target}`,
    );
    const bySize = [...result.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
    for (const script of bySize) {
      lines.push(`       ${(script.gzipBytes / KIB).toFixed(1).padStart(6)} KiB  ${script.file}`);
    }
  }
  return lines.join('\n');
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.join(root, 'dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error('No dist/.vite/manifest.json: run `npx vite build` first.');
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const readFile = (file) => readFileSync(path.join(dist, file), 'utf8');
  const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const results = checkBudgets(manifest, BUDGETS, { gzipSize, readFile });
  console.log(formatReport(results));
  if (results.some((result) => result.isOverBudget)) {
    console.error('The JavaScript budget of the first load is exceeded (decision 110).');
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
