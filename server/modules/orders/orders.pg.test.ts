import { inject } from 'vitest';
import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { createTestPostgres } from '../../../tests/helpers/test-databases.ts';
import { describeOrdersSuite } from '../../../tests/suites/orders-checkout.suite.ts';
import { describeOrdersConcurrencySuite } from '../../../tests/suites/orders-concurrency.suite.ts';
import { describeDemoPublisherSuite } from '../../../tests/suites/orders-demo.suite.ts';
import { describeOrdersFollowingSuite } from '../../../tests/suites/orders-following.suite.ts';
import { describeIdempotencyInFlightSuite } from '../../../tests/suites/orders-idempotency.suite.ts';

const postgresContext = async () => {
  const database = await createTestPostgres(inject('databaseUrl'));
  return createTestContext({ handle: database.handle, closeHandle: database.drop });
};

describeOrdersSuite('PostgreSQL', postgresContext);
describeOrdersConcurrencySuite('PostgreSQL', postgresContext);
describeIdempotencyInFlightSuite('PostgreSQL', postgresContext);
describeOrdersFollowingSuite('PostgreSQL', postgresContext);
describeDemoPublisherSuite('PostgreSQL', async (overrides) => {
  const database = await createTestPostgres(inject('databaseUrl'));
  return createTestContext({ handle: database.handle, closeHandle: database.drop, overrides });
});
