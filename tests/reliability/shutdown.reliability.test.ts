// SIGTERM on the real server process: a client holding half a request does not keep it from
// exiting within the limit, requests sent just after the signal on idle keep-alive connections
// are answered, the data directory lock is removed, and a replacement starts at once.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ServerProcess, startServer } from './server-process.ts';

const PORT = Number(process.env.RELIABILITY_PORT ?? 4143);
const TIMEOUT_SECONDS = 10;

function get(agent: http.Agent, path: string): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path, agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

describe('SIGTERM on the server process', () => {
  let dataDir: string;
  let server: ServerProcess | null = null;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-shutdown-'));
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits within the limit with half a request open, answering requests already sent', async () => {
    server = await startServer({
      dataDir,
      port: PORT,
      env: { SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
    });
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const warm = await Promise.all([1, 2, 3, 4].map(() => get(agent, '/api/health')));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const half = net.connect(PORT, '127.0.0.1');
    half.on('error', () => {});
    await new Promise((resolve) => half.once('connect', resolve));
    half.write(
      'POST /api/login_check HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\n' +
        'Content-Length: 200\r\n\r\n{"username":"buyer@exa',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await Promise.all([1, 2, 3, 4].map(() => get(agent, '/api/health')));
    expect(after.map((answer) => [answer.status, answer.connection])).toEqual(
      [1, 2, 3, 4].map(() => [200, 'close']),
    );

    const exit = await server.exited;
    const tookMs = Date.now() - signalledAt;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(TIMEOUT_SECONDS * 1000);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    agent.destroy();
    half.destroy();

    // A replacement takes the data directory at once.
    server = await startServer({ dataDir, port: PORT });
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    server = null;
  });
});
