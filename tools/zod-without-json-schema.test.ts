import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  exportedNames,
  JSON_SCHEMA_UNAVAILABLE,
  standInModule,
  zodWithoutJsonSchema,
} from './zod-without-json-schema.ts';

describe('exportedNames', () => {
  it('reads declared and listed exports', () => {
    const code = [
      'export function a() {}',
      'export const b = 1;',
      'export async function c() {}',
      'function d() {}',
      'export { d as e, f };',
      '  export const indented = 1;',
    ].join('\n');
    expect(exportedNames(code).sort()).toEqual(['a', 'b', 'c', 'e', 'f']);
  });
});

describe('standInModule', () => {
  it('keeps aggregateChecks real and makes every other export throw', () => {
    const code = standInModule(
      ['aggregateChecks', 'stringProcessor', 'createToJSONSchemaMethod'],
      '/x/json-schema-processors.js',
    );
    expect(code).toContain('export { aggregateChecks } from "/x/json-schema-processors.js";');
    expect(code).toContain('export const stringProcessor = unavailable;');
    expect(code).toContain('export const createToJSONSchemaMethod = unavailableMethod;');
  });
});

describe('a browser build of zod with the plugin', () => {
  let dir: string;
  let bundle: string;
  let built: {
    name: { parse(v: unknown): unknown; minLength: number | null; toJSONSchema(): unknown };
    age: { maxValue: number | null };
    standard: { jsonSchema: { input: () => unknown } };
  };

  beforeAll(async () => {
    // Inside the project, so the entry resolves the project's zod.
    const cache = path.join(process.cwd(), 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    dir = await mkdtemp(path.join(cache, 'zod-plugin-'));
    const entry = path.join(dir, 'entry.js');
    await writeFile(
      entry,
      [
        "import { z } from 'zod';",
        'export const name = z.string().min(2).max(5);',
        'export const age = z.number().int().max(130);',
        "export const standard = name['~standard'];",
      ].join('\n'),
    );
    await build({
      configFile: false,
      logLevel: 'silent',
      root: process.cwd(),
      plugins: [zodWithoutJsonSchema()],
      build: {
        outDir: path.join(dir, 'out'),
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'bundle' },
      },
    });
    const file = path.join(dir, 'out', 'bundle.js');
    bundle = await readFile(file, 'utf8');
    built = await import(pathToFileURL(file).href);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the JSON Schema writer out', () => {
    expect(bundle).not.toContain('function extractDefs');
    expect(bundle).not.toContain('function stringProcessor');
    expect(bundle).toContain(JSON_SCHEMA_UNAVAILABLE);
  });

  it('still parses and reads the bounds of a schema', () => {
    expect(built.name.parse('abc')).toBe('abc');
    expect(() => built.name.parse('a')).toThrow();
    expect(built.name.minLength).toBe(2);
    expect(built.age.maxValue).toBe(130);
  });

  it('throws a clear error when a JSON Schema is asked for', () => {
    expect(() => built.name.toJSONSchema()).toThrow(JSON_SCHEMA_UNAVAILABLE);
    expect(() => built.standard.jsonSchema.input()).toThrow(JSON_SCHEMA_UNAVAILABLE);
  });
});
