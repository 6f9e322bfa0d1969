import os from 'node:os';

import { defineConfig } from 'vitest/config';

/**
 * The server test files that run on PostgreSQL too (money, concurrency, durability, and the
 * queries PGlite could answer differently): the same file runs once per project, and its test
 * context takes the database the project provides (tests/helpers/test-databases.ts).
 * `*.pg.test.ts` files run on PostgreSQL only.
 */
const POSTGRES_TEST_FILES = [
  'server/modules/auth/auth.test.ts',
  'server/modules/sites/sites.test.ts',
  'server/modules/checkout/checkout.test.ts',
  'server/modules/checkout/checkout-concurrency.test.ts',
  'server/modules/billing/document-numbers.test.ts',
  'server/modules/order-items/order-items.test.ts',
  'server/modules/demo-publisher/demo-steps.test.ts',
  'server/modules/files/documents.test.ts',
  'server/modules/domains/domains.test.ts',
  'server/modules/strategy-requests/strategy-requests.test.ts',
  'server/modules/imports/imports.test.ts',
  'server/modules/account-settings/account-settings.test.ts',
  'server/modules/companies/companies.test.ts',
  'server/modules/content-guidelines/content-guidelines.test.ts',
  'server/modules/avatars/avatars.test.ts',
  'server/modules/notifications/notifications.test.ts',
  'server/modules/checkout/order-summary-mail.test.ts',
  'server/modules/link-monitoring/link-concurrency.test.ts',
  'server/modules/link-monitoring/link-remedies.test.ts',
  'server/jobs/schedules.test.ts',
  'server/**/*.pg.test.ts',
  'tests/**/*.pg.test.ts',
];

/**
 * The server test files that store files and run once more on the S3 file store, against s3rver
 * (a real S3 API on a loopback port) started by the project's global setup.
 */
const S3_TEST_FILES = [
  'server/modules/files/documents.test.ts',
  'server/modules/exports/exports.test.ts',
  'server/modules/imports/imports.test.ts',
  'server/modules/avatars/avatars.test.ts',
  'server/modules/files/file-jobs.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine a single worker ran
    // every test file, one after the other, and the second core idled. The `postgres` project runs
    // its files one at a time all the same (fileParallelism), after the other projects.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'workers/**/*.test.ts',
            'tests/**/*.test.ts',
            'tools/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The reliability suite runs on its own (vitest.reliability.config.ts).
          exclude: ['**/*.pg.test.ts', '**/*.reliability.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          environment: 'node',
          include: POSTGRES_TEST_FILES,
          globalSetup: ['tests/setup/postgres.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 's3',
          environment: 'node',
          include: S3_TEST_FILES,
          globalSetup: ['tests/setup/s3.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
