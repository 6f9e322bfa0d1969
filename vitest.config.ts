import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          ],
          exclude: ['**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          environment: 'node',
          include: ['server/**/*.pg.test.ts', 'tests/**/*.pg.test.ts'],
          globalSetup: ['tests/setup/postgres.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
