import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeCatalogueSuite } from '../../../tests/suites/catalogue.suite.ts';

describeCatalogueSuite('PGlite', () => createTestContext());
