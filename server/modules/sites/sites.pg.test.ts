import { inject } from 'vitest';
import { createTestPostgres } from '../../../tests/helpers/test-databases.ts';
import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeCatalogueSuite } from '../../../tests/suites/catalogue.suite.ts';

describeCatalogueSuite('PostgreSQL', async () => {
  const database = await createTestPostgres(inject('databaseUrl'));
  return createTestContext({ handle: database.handle, closeHandle: database.drop });
});
