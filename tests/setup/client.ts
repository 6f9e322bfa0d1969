import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

import { installSchemaMessages } from '#contract/schema-messages.ts';
import { resetConnection } from '#src/lib/connection.ts';
import { installAnimationsStub } from '#src/test-utils/animations.ts';
import { failOnConsole, watchConsole } from '#src/test-utils/console-guard.ts';
import { installResizeObserverStub } from '#src/test-utils/resize-observer.ts';

// findBy*/waitFor give up after 1 s by default, too short on a busy 2-core machine; a test that
// waits for something that never comes still fails, only later.
// Every component renders in StrictMode, as in the app (src/app/start.tsx).
configure({ asyncUtilTimeout: 8000, reactStrictMode: true });

installSchemaMessages();

// jsdom lacks what Headless UI measures with; without these it warns or throws in every dialog.
installAnimationsStub();
installResizeObserverStub();

beforeEach(() => {
  watchConsole();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // What one test's requests met says nothing about the next test's server.
  resetConnection();
  failOnConsole();
});
