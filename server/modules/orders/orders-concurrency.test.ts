import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeOrdersConcurrencySuite } from '../../../tests/suites/orders-concurrency.suite.ts';

// PGlite runs one transaction at a time, so this checks the bookkeeping rather than the races;
// orders.pg.test.ts runs the same suite on PostgreSQL.
describeOrdersConcurrencySuite('PGlite', () => createTestContext());
