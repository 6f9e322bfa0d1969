import { inject } from 'vitest';
import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { createTestPostgres } from '../../../tests/helpers/test-databases.ts';
import { describeOrderDocumentsSuite } from '../../../tests/suites/order-documents.suite.ts';

describeOrderDocumentsSuite('PostgreSQL', async () => {
  const database = await createTestPostgres(inject('databaseUrl'));
  return createTestContext({ handle: database.handle, closeHandle: database.drop });
});
