import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkImportDirection, importDirection, resolveImport } from './eslint-import-direction.js';

const root = path.resolve(import.meta.dirname, '..');
const at = (file: string) => path.join(root, file);

describe('import direction rule', () => {
  it('lets contract import only zod and itself', () => {
    expect(checkImportDirection(at('contract/a.ts'), 'zod')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), './b.ts')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), 'dayjs')).toMatch(/nothing but zod and/);
    expect(checkImportDirection(at('contract/a.ts'), '@zxcvbn-ts/core')).toMatch(/nothing but/);
    expect(checkImportDirection(at('contract/password-policy.ts'), '@zxcvbn-ts/core')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), '../server/app.ts')).toMatch(/server/);
    expect(checkImportDirection(at('contract/a.ts'), '../tests/helpers/x.ts')).toMatch(/tests/);
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
    expect(
      checkImportDirection(at('src/features/cart/a.ts'), '../orders/api/query-keys.ts'),
    ).toBeNull();
    expect(checkImportDirection(at('src/features/cart/a.ts'), '../orders/api/requests.ts')).toMatch(
      /feature "cart" must not import feature "orders"/,
    );
    expect(checkImportDirection(at('src/features/cart/a.ts'), '../../app/router.tsx')).toMatch(
      /src\/app/,
    );
    expect(checkImportDirection(at('src/app/router.tsx'), '../features/cart/a.ts')).toBeNull();
  });

  it('lets a server module use another module only through its service', () => {
    const routes = at('server/modules/cart/cart.routes.ts');
    expect(checkImportDirection(routes, './cart.repository.ts')).toBeNull();
    expect(checkImportDirection(routes, '../../db/schema/index.ts')).toBeNull();
    expect(checkImportDirection(routes, '../../http/validation.ts')).toBeNull();
    expect(checkImportDirection(routes, '../orders/orders.service.ts')).toBeNull();
    expect(checkImportDirection(routes, '../orders/orders.repository.ts')).toMatch(
      /module "cart" may use module "orders" only through orders\/orders.service.ts/,
    );
    expect(checkImportDirection(routes, '../orders/checkout.service.ts')).toMatch(
      /only through orders\/orders.service.ts/,
    );
    expect(
      checkImportDirection(at('server/modules/cart/x.test.ts'), '../files/multipart.ts'),
    ).toMatch(/module "cart" may use module "files"/);
  });

  it('lets the rest of the server use a module only through its service, and app.ts its registration', () => {
    const service = '#server/modules/cart/cart.service.ts';
    const repository = '#server/modules/cart/cart.repository.ts';
    for (const file of [
      'server/db/seed/demo-data.ts',
      'server/db/prepare.ts',
      'server/http/validation.ts',
      'server/plugins/auth.ts',
      'server/demo/demo-orders.ts',
      'server/jobs/job-runner.ts',
      'server/app.ts',
    ]) {
      expect(checkImportDirection(at(file), service)).toBeNull();
      expect(checkImportDirection(at(file), repository)).toMatch(
        /may use module "cart" only through cart\/cart.service.ts/,
      );
    }
    expect(
      checkImportDirection(at('server/plugins/auth.ts'), '../modules/auth/access-tokens.ts'),
    ).toMatch(/server\/plugins may use module "auth" only through auth\/auth.service.ts/);
    expect(
      checkImportDirection(at('server/db/seed/x.test.ts'), '#server/modules/auth/passwords.ts'),
    ).toMatch(/only through auth\/auth.service.ts/);
    expect(checkImportDirection(at('server/app.ts'), './modules/cart/cart.module.ts')).toBeNull();
    expect(checkImportDirection(at('server/app.ts'), './modules/cart/cart.routes.ts')).toMatch(
      /only through cart\/cart.service.ts/,
    );
    expect(
      checkImportDirection(
        at('server/db/seed/demo-data.ts'),
        '#server/modules/cart/cart.module.ts',
      ),
    ).toMatch(/only through cart\/cart.service.ts/);
    expect(
      checkImportDirection(at('server/modules/orders/orders.module.ts'), '../cart/cart.module.ts'),
    ).toMatch(/module "orders" may use module "cart" only through cart\/cart.service.ts/);
    expect(
      checkImportDirection(
        at('server/demo/demo-orders.ts'),
        '#server/modules/demo-publisher/demo-publisher.ts',
      ),
    ).toBeNull();
  });
});

describe('path aliases in the import direction rule', () => {
  it('resolves every alias of package.json imports to its directory', () => {
    const from = at('server/app.ts');
    expect(resolveImport(from, '#contract/errors.ts')).toBe(at('contract/errors.ts'));
    expect(resolveImport(from, '#server/env.ts')).toBe(at('server/env.ts'));
    expect(resolveImport(from, '#src/lib/db.ts')).toBe(at('src/lib/db.ts'));
    expect(resolveImport(from, '#workers/catalogue-api.ts')).toBe(at('workers/catalogue-api.ts'));
    expect(resolveImport(from, '#tests/helpers/test-app.ts')).toBe(at('tests/helpers/test-app.ts'));
    expect(resolveImport(from, 'zod')).toBeNull();
  });

  it('checks #contract imports', () => {
    expect(checkImportDirection(at('server/app.ts'), '#contract/errors.ts')).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), '#contract/b.ts')).toBeNull();
  });

  it('checks #server imports', () => {
    expect(checkImportDirection(at('contract/a.ts'), '#server/app.ts')).toMatch(
      /contract\/ must not import from server\//,
    );
    expect(checkImportDirection(at('src/lib/x.ts'), '#server/env.ts')).toMatch(
      /src\/ must not import from server\//,
    );
    expect(
      checkImportDirection(
        at('server/modules/cart/cart.service.ts'),
        '#server/modules/orders/orders.repository.ts',
      ),
    ).toMatch(/only through orders\/orders.service.ts/);
    expect(
      checkImportDirection(
        at('server/modules/cart/cart.service.ts'),
        '#server/modules/orders/orders.service.ts',
      ),
    ).toBeNull();
  });

  it('checks #src imports', () => {
    expect(checkImportDirection(at('server/app.ts'), '#src/lib/db.ts')).toMatch(
      /server\/ must not import from src\//,
    );
    expect(checkImportDirection(at('src/lib/x.ts'), '#src/features/auth/y.ts')).toMatch(
      /src\/lib must not import from src\/features/,
    );
    expect(checkImportDirection(at('src/features/cart/a.ts'), '#src/features/orders/b.ts')).toMatch(
      /feature "cart" must not import feature "orders"/,
    );
    expect(
      checkImportDirection(at('src/features/cart/a.ts'), '#src/features/orders/api/queries.ts'),
    ).toBeNull();
    expect(checkImportDirection(at('src/features/cart/a.ts'), '#src/utils/money.ts')).toBeNull();
  });

  it('keeps the shared layers of the app in order: utils and config, lib, hooks, components', () => {
    expect(checkImportDirection(at('src/utils/a.ts'), '#src/lib/api-client.ts')).toMatch(
      /src\/utils must not import from src\/lib/,
    );
    expect(checkImportDirection(at('src/lib/a.ts'), '#src/components/toast.tsx')).toMatch(
      /src\/lib must not import from src\/components/,
    );
    expect(checkImportDirection(at('src/hooks/a.ts'), '#src/components/toast.tsx')).toMatch(
      /src\/hooks must not import from src\/components/,
    );
    expect(checkImportDirection(at('src/components/a.tsx'), '#src/lib/toast-store.ts')).toBeNull();
    expect(checkImportDirection(at('src/lib/a.ts'), '#src/config/constants.ts')).toBeNull();
    expect(checkImportDirection(at('src/lib/a.test.tsx'), '#src/components/toast.tsx')).toBeNull();
  });

  it('checks #workers imports', () => {
    expect(checkImportDirection(at('src/lib/x.ts'), '#workers/catalogue-api.ts')).toBeNull();
    expect(checkImportDirection(at('server/app.ts'), '#workers/catalogue-api.ts')).toMatch(
      /server\/ must not import from workers\//,
    );
  });

  it('checks #tests imports', () => {
    expect(
      checkImportDirection(at('server/modules/cart/cart.test.ts'), '#tests/helpers/test-app.ts'),
    ).toBeNull();
    expect(checkImportDirection(at('contract/a.ts'), '#tests/helpers/test-app.ts')).toMatch(
      /contract\/ must not import from tests\//,
    );
  });

  it('reports an alias package.json does not declare instead of skipping it', () => {
    expect(checkImportDirection(at('src/lib/x.ts'), '#server-only/app.ts')).toMatch(
      /not a path alias/,
    );
  });
});

describe('import cycle rule', () => {
  let fixture: string;

  const write = (file: string, text: string) => {
    const absolute = path.join(fixture, file);
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    fs.writeFileSync(absolute, text);
  };

  const lint = (file: string) => {
    const linter = new Linter({ cwd: fixture });
    return linter
      .verify(
        fs.readFileSync(path.join(fixture, file), 'utf8'),
        [
          {
            files: ['**/*.ts'],
            plugins: { local: importDirection },
            rules: { 'local/no-import-cycles': ['error', { root: fixture }] },
          },
        ],
        path.join(fixture, file),
      )
      .map((message) => message.message);
  };

  beforeAll(() => {
    fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    write(
      'package.json',
      JSON.stringify({ type: 'module', imports: { '#server/*': './server/*' } }),
    );
    // Two files that import each other, one through an alias, and a third that only uses them.
    write(
      'server/db/users.ts',
      "import { files } from './files.ts';\nexport const users = files;\n",
    );
    write(
      'server/db/files.ts',
      "import { users } from '#server/db/users.ts';\nexport const files = 1;\n",
    );
    write('server/db/index.ts', "export * from './users.ts';\nexport * from './files.ts';\n");
    write('server/self.ts', "export * from './self.ts';\n");
    // Two server modules that need each other through different files.
    write('server/modules/cart/cart.service.ts', "import '../orders/orders.service.ts';\n");
    write('server/modules/orders/orders.service.ts', 'export const order = 1;\n');
    write('server/modules/orders/orders.routes.ts', "import '../cart/cart.service.ts';\n");
    write('server/modules/orders/orders.repository.ts', 'export const row = 1;\n');
    // Two client features whose public query files use each other.
    write('src/features/cart/api/queries.ts', "import '../../orders/api/queries.ts';\n");
    write('src/features/orders/api/queries.ts', 'export const orderQueries = 1;\n');
    write('src/features/orders/components/list.ts', "import '../../cart/api/queries.ts';\n");
    // A feature and a module without cycles.
    write('src/features/catalogue/api/queries.ts', "import '../../orders/api/queries.ts';\n");
    write('server/modules/sites/sites.routes.ts', "import './sites.service.ts';\n");
    write('server/modules/sites/sites.service.ts', "import '../orders/orders.service.ts';\n");
    // A module's test that uses a module which uses it: no cycle, nothing imports a test.
    write('server/modules/orders/orders.test.ts', "import '../sites/sites.service.ts';\n");
  });

  afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

  it('reports both files of a cycle, also when one side imports through an alias', () => {
    expect(lint('server/db/users.ts')).toEqual([
      'import cycle: server/db/users.ts → server/db/files.ts → server/db/users.ts',
    ]);
    expect(lint('server/db/files.ts')).toEqual([
      'import cycle: server/db/files.ts → server/db/users.ts → server/db/files.ts',
    ]);
    expect(lint('server/db/index.ts')).toEqual([]);
  });

  it('reports a file that imports itself', () => {
    expect(lint('server/self.ts')).toEqual(['import cycle: server/self.ts → server/self.ts']);
  });

  it('reports server modules that import each other through different files', () => {
    expect(lint('server/modules/cart/cart.service.ts')).toEqual([
      'import cycle between server/modules/cart → server/modules/orders → server/modules/cart',
    ]);
    expect(lint('server/modules/orders/orders.routes.ts')).toEqual([
      'import cycle between server/modules/orders → server/modules/cart → server/modules/orders',
    ]);
    expect(lint('server/modules/orders/orders.service.ts')).toEqual([]);
  });

  it('reports client features that import each other', () => {
    expect(lint('src/features/cart/api/queries.ts')).toEqual([
      'import cycle between src/features/cart → src/features/orders → src/features/cart',
    ]);
    expect(lint('src/features/orders/components/list.ts')).toEqual([
      'import cycle between src/features/orders → src/features/cart → src/features/orders',
    ]);
  });

  it('reports nothing where imports go one way', () => {
    expect(lint('src/features/catalogue/api/queries.ts')).toEqual([]);
    expect(lint('server/modules/sites/sites.routes.ts')).toEqual([]);
    expect(lint('server/modules/sites/sites.service.ts')).toEqual([]);
    expect(lint('server/modules/orders/orders.test.ts')).toEqual([]);
  });

  it('notices a cycle that an edit removes', () => {
    write('server/db/files.ts', 'export const files = 1;\n');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(fixture, 'server/db/files.ts'), later, later);
    expect(lint('server/db/users.ts')).toEqual([]);
  });
});
