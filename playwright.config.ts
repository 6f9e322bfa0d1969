import os from 'node:os';
import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

// One fresh data directory per run, shared by the runner and its workers through the environment.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `buyer-portal-e2e-${Date.now()}`);
process.env.E2E_JWT_SECRET ??= 'e2e-signing-secret-that-is-long-enough-for-hs256';

const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://localhost:${port}`;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/test-reports/e2e.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The server as `npm start` runs it: built into one module (decision 148).
    command: 'node scripts/build-server.mjs && node --enable-source-maps dist-server/index.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_SITES: '2000',
      DEMO_DATA: 'true',
      // The stories move order items themselves (npm run demo:advance); the paced demo
      // publisher would change the demo data under them.
      DEMO_ADVANCE_SECONDS: '0',
      JWT_SECRET: process.env.E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
    },
  },
});
