import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeOrdersSuite } from '../../../tests/suites/orders-checkout.suite.ts';

describeOrdersSuite('PGlite', () => createTestContext());
