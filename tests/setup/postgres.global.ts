// Global setup of the `postgres` test project: a PostgreSQL server for the test files that project
// runs (vitest.config.ts); their test context reads its address with inject('databaseUrl').
// DATABASE_URL, when set, names the server to use; otherwise an embedded PostgreSQL is started
// in a temporary directory on a free port and removed afterwards. Each test file creates its own
// database on it (tests/helpers/test-databases.ts).
import type { TestProject } from 'vitest/node';

import { type RunningPostgres, startTemporaryPostgres } from '../helpers/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Given in the `postgres` project only (undefined elsewhere): where test databases are made. */
    databaseUrl: string;
  }
}

let server: RunningPostgres | null = null;

export async function setup(project: TestProject): Promise<void> {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    project.provide('databaseUrl', externalUrl);
    return;
  }
  server = await startTemporaryPostgres('buyer-portal-pg-');
  project.provide('databaseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
