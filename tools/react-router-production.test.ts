import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { reactRouterProductionEntry } from './react-router-production.ts';

describe('reactRouterProductionEntry', () => {
  const developmentEntry = createRequire(import.meta.url).resolve('react-router');

  it('finds the production build beside the development one the package exports', () => {
    const production = reactRouterProductionEntry(developmentEntry);
    expect(production).toBe(
      path.join(path.dirname(path.dirname(developmentEntry)), 'production', 'index.mjs'),
    );
    expect(existsSync(production)).toBe(true);
  });

  it('picks a build with the development warnings turned off', () => {
    const production = reactRouterProductionEntry(developmentEntry);
    const chunks = [...readFileSync(production, 'utf8').matchAll(/from "\.\/(chunk-\w+\.mjs)"/g)];
    const code = chunks
      .map((match) => readFileSync(path.join(path.dirname(production), match[1]!), 'utf8'))
      .join('\n');
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(code).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });

  it('refuses an entry that is not a development build', () => {
    expect(() => reactRouterProductionEntry('/x/node_modules/react-router/dist/index.mjs')).toThrow(
      /not dist\/development/,
    );
  });
});
