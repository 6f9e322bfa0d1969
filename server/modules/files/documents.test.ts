import { createTestContext } from '../../../tests/helpers/test-app.ts';
import { describeOrderDocumentsSuite } from '../../../tests/suites/order-documents.suite.ts';

describeOrderDocumentsSuite('PGlite', () => createTestContext());
