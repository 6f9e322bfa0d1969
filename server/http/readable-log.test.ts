import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createReadableLogStream, formatLogLine } from './readable-log.ts';

const at = Date.UTC(2026, 10, 24, 9, 5, 7);

describe('the readable log', () => {
  it('writes time, level and message, with a request and its outcome', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time: at, msg: 'Ready in 812 ms' }))).toBe(
      '09:05:07  INFO   Ready in 812 ms',
    );
    expect(
      formatLogLine(
        JSON.stringify({
          level: 20,
          time: at,
          msg: 'request completed',
          req: { method: 'GET', url: '/api/health' },
          res: { statusCode: 200 },
          responseTime: 3.4,
        }),
      ),
    ).toBe('09:05:07  DEBUG  request completed  GET /api/health  200  3 ms');
  });

  it('names the kind, user and address of a security event, and the request of an error', () => {
    const event = {
      level: 40,
      time: at,
      msg: 'Security event',
      event: 'rate_limited',
      user_id: null,
      address: '203.0.113.7',
      route: '/api/login_check',
      reqId: 'r-1',
    };
    expect(formatLogLine(JSON.stringify(event))).toBe(
      '09:05:07  WARN   Security event  rate_limited  user -  from 203.0.113.7  /api/login_check',
    );
    const failure = { level: 50, time: at, msg: 'Request failed', reqId: 'r-2' };
    expect(formatLogLine(JSON.stringify(failure))).toBe(
      '09:05:07  ERROR  Request failed  request r-2',
    );
  });

  it('keeps an error stack and passes on what is not JSON', () => {
    const line = JSON.stringify({ level: 50, time: at, msg: 'boom', err: { stack: 'Error: x' } });
    expect(formatLogLine(line)).toBe('09:05:07  ERROR  boom\nError: x');
    expect(formatLogLine('plain text')).toBe('plain text');
  });

  it('joins lines split across writes', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stream = createReadableLogStream(out);
    const line = JSON.stringify({ level: 40, time: at, msg: 'slow' });
    stream.write(line.slice(0, 10));
    stream.write(`${line.slice(10)}\n`);
    expect(text).toBe('09:05:07  WARN   slow\n');
  });
});
