// The app as the benchmarks call it: built on a loaded database and signed in as the demo buyer.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/database.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { createLocalFileStore } from '#server/storage/local-file-store.ts';

export interface BenchApp {
  app: FastifyInstance;
  /** The demo buyer's access token. */
  token: string;
  close(): Promise<void>;
}

export async function startBenchApp(
  db: Database,
  options: { staticDir?: string | null } = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-app-'));
  const app = await createApp({
    db,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    mailer: createMailer({
      from: 'bench@example.com',
      mailDir: path.join(dataDir, 'mail'),
      log: () => {},
    }),
    publicUrl: 'http://bench.test',
    files: createLocalFileStore(path.join(dataDir, 'files')),
    staticDir: options.staticDir ?? null,
  });
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: DEMO_EMAILS.buyer, password: DEMO_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    return { app, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}
