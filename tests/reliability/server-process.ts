// The real server as a process of its own (`node --import tsx server/index.ts`, one process, so
// that a signal or kill -9 reaches the server itself), on a data directory of the test's.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process printed, for failure messages. */
  output(): string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function startServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  readyWithinMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      SEED_SITES: '0',
      DEMO_ADVANCE_SECONDS: '0',
      STATIC_DIR: path.join(options.dataDir, 'no-app'),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    baseUrl: `http://127.0.0.1:${options.port}`,
    exited,
    output: () => output,
  };
  const deadline = Date.now() + (options.readyWithinMs ?? 180_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The server was not healthy in time:\n${output}`);
}

/** Signs in and answers the access token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok)
    throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}
