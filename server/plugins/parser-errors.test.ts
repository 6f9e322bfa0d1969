// Requests refused before any route runs (a path that does not decode, headers or a query over
// Node's limit, Content-Length with Transfer-Encoding) answer in the error format, with the
// security headers of every other answer and without echoing the request.
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import {
  BAD_ADDRESS_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  MALFORMED_REQUEST_MESSAGE,
} from './parser-errors.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('requests refused by the HTTP layer', () => {
  let ctx: TestContext;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Sends bytes as they are and reads the whole answer (the server closes after an error). */
  const send = (request: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'))));
      socket.write(request);
      // Keep-alive answers stay open: end our side once the answer has had time to arrive.
      setTimeout(() => socket.end(), 500);
    });

  const expectFormatted = (answer: RawAnswer, status: number, message: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(JSON.parse(answer.body)).toEqual({ code: status, message });
  };

  it('answers a path that does not decode with 400, not echoing it', async () => {
    const answer = await send(
      'GET /api/v1/buyer/orders/%E0%A4%A<script> HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expectFormatted(answer, 400, BAD_ADDRESS_MESSAGE);
    expect(answer.body).not.toContain('script');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
  });

  it('answers a 100 kB query with 431', async () => {
    const answer = await send(
      `GET /api/v1/common/niches?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectFormatted(answer, 431, HEADERS_TOO_LARGE_MESSAGE);
  });

  it('answers Content-Length together with Transfer-Encoding with 400', async () => {
    const answer = await send(
      'POST /api/login_check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expectFormatted(answer, 400, MALFORMED_REQUEST_MESSAGE);
  });
});
