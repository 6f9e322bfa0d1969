import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeAuthSuite } from '../../../tests/suites/auth.suite.ts';

describeAuthSuite('PGlite', () => createTestContext());
