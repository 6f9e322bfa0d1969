import { inject } from 'vitest';
import { createTestPostgres } from '../../../tests/helpers/test-databases.ts';
import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeAuthSuite } from '../../../tests/suites/auth.suite.ts';

describeAuthSuite('PostgreSQL', async () => {
  const database = await createTestPostgres(inject('databaseUrl'));
  return createTestContext({ handle: database.handle, closeHandle: database.drop });
});
