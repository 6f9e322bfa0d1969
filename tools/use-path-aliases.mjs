#!/usr/bin/env node
// Rewrites relative imports into the path aliases of package.json `imports` (decision 050): an
// import that crosses into another top-level area (`../../../contract/x.ts` → `#contract/x.ts`)
// or climbs two or more directories (`../../lib/x.ts` → `#src/lib/x.ts`). Imports within reach
// (`./x.ts`, `../x.ts` inside one area) stay relative. Running it again changes nothing.
//
//   node tools/use-path-aliases.mjs            rewrite every source file of the project
//   node tools/use-path-aliases.mjs --check    list what would change; exit 1 if anything would
//   node tools/use-path-aliases.mjs src/app    only the files under the given paths
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { listSourceFiles } from './import-graph.js';

/** package.json `imports` as area → alias prefix: { contract: '#contract/' }. */
function readAliases(root) {
  const { imports = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const byArea = new Map();
  for (const [alias, target] of Object.entries(imports)) {
    const match = /^\.\/([^/*]+)\/\*$/.exec(String(target));
    if (alias.endsWith('/*') && match) byArea.set(match[1], alias.slice(0, -1));
  }
  return byArea;
}

/** The aliased form of a relative specifier, or null when it stays as it is. */
export function aliasedSpecifier(root, aliases, fromFile, specifier) {
  if (!specifier.startsWith('../')) return null;
  const target = path.resolve(path.dirname(fromFile), specifier);
  const [fromArea] = path.relative(root, fromFile).split(path.sep);
  const [toArea, ...rest] = path.relative(root, target).split(path.sep);
  const alias = aliases.get(toArea);
  if (!alias || rest.length === 0) return null;
  const climbsTwice = specifier.startsWith('../../');
  if (fromArea === toArea && !climbsTwice) return null;
  return `${alias}${rest.join('/')}`;
}

/** The file's text with its imports rewritten, and the list of changes. */
export function rewriteImports(root, aliases, file, text) {
  const changes = [];
  const imports = ts.preProcessFile(text, true, true).importedFiles;
  let result = text;
  for (const { fileName, pos } of [...imports].sort((a, b) => b.pos - a.pos)) {
    const aliased = aliasedSpecifier(root, aliases, file, fileName);
    if (aliased === null) continue;
    // `pos` is where the string literal starts, its quote included.
    const start = text.indexOf(fileName, pos);
    result = result.slice(0, start) + aliased + result.slice(start + fileName.length);
    changes.unshift({ from: fileName, to: aliased });
  }
  return { text: result, changes };
}

function main(argv) {
  const root = process.cwd();
  const check = argv.includes('--check');
  const targets = argv.filter((arg) => !arg.startsWith('--'));
  const aliases = readAliases(root);
  const files = (targets.length > 0 ? targets : ['.']).flatMap((target) =>
    listSourceFiles(path.resolve(root, target)),
  );
  let changed = 0;
  for (const file of files) {
    const before = fs.readFileSync(file, 'utf8');
    const { text, changes } = rewriteImports(root, aliases, file, before);
    if (changes.length === 0) continue;
    changed += 1;
    const name = path.relative(root, file);
    for (const change of changes) console.log(`${name}: ${change.from} → ${change.to}`);
    if (!check) fs.writeFileSync(file, text);
  }
  console.log(`${changed} file(s) ${check ? 'would change' : 'changed'}`);
  if (check && changed > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
