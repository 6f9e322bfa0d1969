import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeOrdersFollowingSuite } from '../../../tests/suites/orders-following.suite.ts';

describeOrdersFollowingSuite('PGlite', () => createTestContext());
