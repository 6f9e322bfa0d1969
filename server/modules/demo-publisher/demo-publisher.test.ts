import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '#server/db/open-database.ts';
import { demoControlKey } from '#server/http/demo-control.ts';
import { createTestContext, TEST_JWT_SECRET } from '#tests/helpers/test-app.ts';

describe('the demo control outside a demo', () => {
  it('is not served outside a demo installation', async () => {
    const plain = await createTestContext();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/demo/order-items/100001-1/advance',
        headers: { 'x-demo-key': demoControlKey(TEST_JWT_SECRET) },
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('npm run demo:advance', () => {
  const run = promisify(execFile);
  const script = path.resolve('server/modules/demo-publisher/demo-advance-cli.ts');
  const tsx = path.resolve('node_modules/.bin/tsx');
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-advance-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const advance = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout } = await run(tsx, [script, ...args], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          NODE_ENV: 'development',
          ...env,
        },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, output: failed.stderr };
    }
  };

  it('refuses to run in production and explains its arguments', async () => {
    // A production installation that would otherwise start (decision 198).
    const production = await advance(['100001-1'], {
      NODE_ENV: 'production',
      SINGLE_MACHINE: 'true',
      MAIL_TRANSPORT: 'file',
      PUBLIC_URL: 'https://portal.example.com',
      SELLER_NAME: 'Portal GmbH',
      SELLER_ADDRESS: 'Hauptstraße 1, 10115 Berlin, Germany',
      SELLER_VAT_ID: 'DE999999999',
      SELLER_BANK_ACCOUNT: 'IBAN DE02 1203 0000 0000 2020 51',
    });
    expect(production).toMatchObject({ code: 1 });
    expect(production.output).toContain('never in production');
    const usage = await advance([]);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: npm run demo:advance');
    const unknown = await advance(['100001-1', 'approve_topic']);
    expect(unknown.output).toContain('Unknown publisher event "approve_topic"');
  });

  it('never creates a database: it names the folder it looked in and what to set', async () => {
    const nowhere = await advance(['100001-1']);
    expect(nowhere).toMatchObject({ code: 1 });
    expect(nowhere.output).toContain(`No portal database in ${dataDir}.`);
    expect(nowhere.output).toContain('same DATA_DIR (or DATABASE_URL) and PORT');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('says so when the item does not exist', async () => {
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await handle.close();
    const missing = await advance(['100001-1']);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.output.trim()).toBe('Order item not found');
  }, 60_000);
});
