import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): the real server as a process of its own,
 * stopped with SIGTERM and killed with kill -9 while orders are placed. Kept out of `npm test`
 * for its length; see docs/decisions/127-reliability-suite.md.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/**/*.reliability.test.ts'],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
