import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { type ConnectionTracker, stopServer, trackConnections } from './shutdown.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping the server', () => {
  let ctx: TestContext | null = null;
  let connections: ConnectionTracker;
  let port: number;
  let exits: { code: number; afterMs: number }[] = [];

  afterEach(async () => {
    exits = [];
    await ctx?.close();
    ctx = null;
  });

  // A fresh app listening on a free port for each test (stopping it is what the tests do).
  beforeEach(async () => {
    ctx = await createTestContext();
    ctx.app.get('/slow', async () => {
      await wait(600);
      return { done: true };
    });
    connections = trackConnections(ctx.app.server);
    // The first answer of a fresh app compiles its schemas: done here, not in the timed tests.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  function stop(
    options: { timeoutMs?: number; idleGraceMs?: number; closeDatabase?: () => Promise<void> } = {},
  ): Promise<void> {
    const app = ctx!.app;
    const startedAt = Date.now();
    const recorded = exits;
    return stopServer({
      app,
      connections,
      closeDatabase: options.closeDatabase ?? (async () => {}),
      timeoutMs: options.timeoutMs ?? 5000,
      idleGraceMs: options.idleGraceMs,
      exit: (code) => recorded.push({ code, afterMs: Date.now() - startedAt }),
    });
  }

  it('answers a request sent on an idle keep-alive connection just after the signal, then closes it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const first = await Promise.all([1, 2, 3].map(() => get(agent, port, '/api/health')));
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const stopping = stop({ idleGraceMs: 1000 });
    await wait(100);
    const after = await Promise.all([1, 2, 3].map(() => get(agent, port, '/api/health')));
    expect(after.map((answer) => [answer.status, answer.connection])).toEqual([
      [200, 'close'],
      [200, 'close'],
      [200, 'close'],
    ]);
    await stopping;
    expect(exits.map((exit) => exit.code)).toEqual([0]);
    agent.destroy();
  });

  it('cuts a connection holding half a request after the grace, and exits well before the limit', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    socket.write(
      'POST /api/login_check HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    );
    const headersOnly = net.connect(port, '127.0.0.1');
    headersOnly.on('error', () => {});
    headersOnly.write('GET /api/health HTTP/1.1\r\nHost: portal');
    await wait(100);
    const closed = Promise.all(
      [socket, headersOnly].map((each) => new Promise((resolve) => each.once('close', resolve))),
    );
    await stop({ timeoutMs: 10_000, idleGraceMs: 300 });
    await closed;
    expect(exits).toHaveLength(1);
    expect(exits[0]!.code).toBe(0);
    expect(exits[0]!.afterMs).toBeLessThan(5000);
  });

  it('lets an answer the server is working on finish before it stops', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const slow = get(agent, port, '/slow');
    await wait(100);
    const stopping = stop({ idleGraceMs: 100 });
    expect(await slow).toMatchObject({ status: 200, connection: 'close', body: '{"done":true}' });
    await stopping;
    expect(exits.map((exit) => exit.code)).toEqual([0]);
    expect(exits[0]!.afterMs).toBeLessThan(5000);
    agent.destroy();
  });

  it('exits with a failure once the time limit is reached, whatever still hangs', async () => {
    let release = () => {};
    const hanging = new Promise<void>((resolve) => (release = resolve));
    const stopping = stop({ timeoutMs: 2000, idleGraceMs: 100, closeDatabase: () => hanging });
    await wait(2300);
    expect(exits).toHaveLength(1);
    expect(exits[0]!.code).toBe(1);
    expect(exits[0]!.afterMs).toBeGreaterThanOrEqual(1990);
    release();
    await stopping;
  });
});
