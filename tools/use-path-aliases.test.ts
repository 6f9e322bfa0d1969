import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { rewriteImports } from './use-path-aliases.mjs';

const root = '/project';
const aliases = new Map([
  ['contract', '#contract/'],
  ['server', '#server/'],
  ['src', '#src/'],
]);
const rewrite = (file: string, text: string) =>
  rewriteImports(root, aliases, path.join(root, file), text).text;

describe('use-path-aliases', () => {
  it('aliases an import into another area', () => {
    expect(
      rewrite('src/features/auth/user.ts', "import { A } from '../../../contract/auth.ts';"),
    ).toBe("import { A } from '#contract/auth.ts';");
    expect(
      rewrite('tests/helpers/x.ts', "import type { D } from '../../server/db/database.ts';"),
    ).toBe("import type { D } from '#server/db/database.ts';");
  });

  it('aliases an import that climbs two directories within one area', () => {
    expect(
      rewrite('src/features/auth/guards.ts', "import { r } from '../../utils/redirect.ts';"),
    ).toBe("import { r } from '#src/utils/redirect.ts';");
  });

  it('leaves near imports, packages, areas without an alias and aliased imports alone', () => {
    const text = [
      "import { a } from './a.ts';",
      "import { b } from '../b.ts';",
      "import { z } from 'zod';",
      "import { c } from '../playwright.config.ts';",
      "import { d } from '../../../e2e/pages/d.ts';",
      "import { e } from '#contract/e.ts';",
    ].join('\n');
    expect(rewrite('src/features/auth/x.ts', text)).toBe(text);
  });

  it('rewrites re-exports and dynamic imports, and a second run changes nothing', () => {
    const text = [
      "export * from '../../../contract/x.ts';",
      "const m = await import('../../lib/m.ts');",
    ].join('\n');
    const once = rewrite('src/features/auth/x.ts', text);
    expect(once).toBe(
      ["export * from '#contract/x.ts';", "const m = await import('#src/lib/m.ts');"].join('\n'),
    );
    expect(rewrite('src/features/auth/x.ts', once)).toBe(once);
  });
});
