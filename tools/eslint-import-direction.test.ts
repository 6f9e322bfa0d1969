import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImportDirection } from './eslint-import-direction.js';

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);

describe('import direction rule', () => {
  it('lets contract import only zod and itself', () => {
    expect(checkImportDirection(at('contract/a.ts'), 'zod')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), './b.ts')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), 'dayjs')).toMatch(/nothing but zod and qs/);
    expect(checkImportDirection(at('contract/a.ts'), '../server/app.ts')).toMatch(/server/);
  });

  it('keeps the server away from the client', () => {
    expect(checkImportDirection(at('server/app.ts'), '../contract/errors.ts')).toBeNull();
    expect(checkImportDirection(at('server/app.ts'), '../src/lib/db.ts')).toMatch(/src/);
  });

  it('keeps workers away from src and server', () => {
    expect(checkImportDirection(at('workers/tld.ts'), '../contract/errors.ts')).toBeNull();
    expect(checkImportDirection(at('workers/tld.ts'), '../src/lib/db.ts')).toMatch(/src/);
  });

  it('lets the lower layers of src import neither features nor app', () => {
    expect(checkImportDirection(at('src/lib/x.ts'), '../features/auth/y.ts')).toMatch(/features/);
    expect(checkImportDirection(at('src/components/x.tsx'), '../app/router.tsx')).toMatch(/app/);
    expect(checkImportDirection(at('src/hooks/x.ts'), '../features/auth/y.ts')).toMatch(/features/);
    expect(checkImportDirection(at('src/lib/x.ts'), '../../workers/tld.ts')).toBeNull();
  });

  it('forbids one feature importing another, and features importing app', () => {
    expect(checkImportDirection(at('src/features/cart/a.ts'), './b.ts')).toBeNull();
    expect(checkImportDirection(at('src/features/cart/a.ts'), '../orders/b.ts')).toMatch(
      /feature "cart" must not import feature "orders"/,
    );
    expect(
      checkImportDirection(at('src/features/cart/a.ts'), '../orders/api/queries.ts'),
    ).toBeNull();
    expect(checkImportDirection(at('src/features/cart/a.ts'), '../orders/api/requests.ts')).toMatch(
      /feature "cart" must not import feature "orders"/,
    );
    expect(checkImportDirection(at('src/features/cart/a.ts'), '../../app/router.tsx')).toMatch(
      /src\/app/,
    );
    expect(checkImportDirection(at('src/app/router.tsx'), '../features/cart/a.ts')).toBeNull();
  });
});
