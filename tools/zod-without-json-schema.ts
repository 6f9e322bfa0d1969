import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Plugin } from 'vite';

/**
 * Leaves zod's JSON Schema generation out of the browser's bundles (decision 158).
 *
 * Every zod schema has a `toJSONSchema()` method, so the classic API's module imports the JSON
 * Schema writer and one processor per schema type; no bundler can drop them although the browser
 * never writes a JSON Schema (the server does, for `/api/docs`). This build swaps those two
 * modules, for the classic API only, for stand-ins that export the same names: calling any of
 * them throws. `aggregateChecks`, which the string, number and date schemas use for their
 * `minLength`/`maxValue` properties, is the real one.
 *
 * The stand-ins are generated from the real modules' export lists, so a zod release that adds an
 * export still builds; one that renames these modules fails the build (`moduleIdsFound`).
 */
export const JSON_SCHEMA_UNAVAILABLE =
  'JSON Schema is not built into the browser bundle: the API serves it at /api/docs.';

const CLASSIC_SCHEMAS = path.join('zod', 'v4', 'classic', 'schemas.js');
const REPLACED = {
  '../core/json-schema-processors.js': '\0zod-json-schema-processors',
  '../core/to-json-schema.js': '\0zod-to-json-schema',
} as const;
/** Real exports the stand-ins keep: used by schemas at run time, not by JSON Schema alone. */
const KEPT = new Set(['aggregateChecks']);

/** The names an ES module exports (`export function x`, `export const x`, `export { a as b }`). */
export function exportedNames(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(
    /^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/gm,
  ))
    names.add(match[1] ?? '');
  for (const match of code.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  }
  names.delete('');
  return [...names];
}

/** A module exporting `names`: each a function that throws, except those re-exported from `real`. */
export function standInModule(names: string[], real: string): string {
  const kept = names.filter((name) => KEPT.has(name));
  const lines = [
    `const unavailable = () => { throw new Error(${JSON.stringify(JSON_SCHEMA_UNAVAILABLE)}); };`,
    // The JSON Schema methods are created when a schema's `~standard` is read: only calling one throws.
    'const unavailableMethod = () => unavailable;',
  ];
  if (kept.length > 0) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(real)};`);
  for (const name of names) {
    if (KEPT.has(name)) continue;
    lines.push(
      `export const ${name} = ${/^create\w*Method$/.test(name) ? 'unavailableMethod' : 'unavailable'};`,
    );
  }
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  const require = createRequire(import.meta.url);
  const coreDir = path.dirname(require.resolve('zod/v4/core'));
  const realFile = {
    '\0zod-json-schema-processors': path.join(coreDir, 'json-schema-processors.js'),
    '\0zod-to-json-schema': path.join(coreDir, 'to-json-schema.js'),
  } as const;
  const moduleIdsFound = new Set<string>();
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.endsWith(CLASSIC_SCHEMAS)) return null;
      const id = REPLACED[source as keyof typeof REPLACED];
      if (!id) return null;
      moduleIdsFound.add(id);
      return id;
    },
    load(id) {
      if (!(id in realFile)) return null;
      const real = realFile[id as keyof typeof realFile];
      return standInModule(exportedNames(readFileSync(real, 'utf8')), real);
    },
    buildEnd(error) {
      if (error) return;
      const missing = Object.values(REPLACED).filter((id) => !moduleIdsFound.has(id));
      // A build that bundles zod's classic API must have met both imports.
      if (this.getModuleIds && [...this.getModuleIds()].some((id) => id.endsWith(CLASSIC_SCHEMAS)))
        if (missing.length > 0)
          this.error(`zod's classic schemas no longer import ${missing.join(', ')} (decision 158)`);
    },
  };
}
