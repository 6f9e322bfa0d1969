import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { beforeAll, describe, expect, it } from 'vitest';

import { createTestContext } from '#tests/helpers/test-app.ts';

import packageJson from '../../package.json' with { type: 'json' };
import { buildInfo } from '../build-info.ts';
import { logBindings, serializeRequest } from './request-log.ts';

interface LogLine {
  msg: string;
  version?: string;
  commit?: string;
  reqId?: string;
  route?: string;
  req?: { route?: string; url?: string };
}

describe('log lines', () => {
  const lines: LogLine[] = [];
  const id = randomUUID();
  // The app is built, asked once and closed before the test reads its lines.
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim()) lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    const ctx = await createTestContext({
      overrides: {
        logger: {
          level: 'info',
          base: logBindings(buildInfo('abc1234')),
          serializers: { req: serializeRequest },
          stream,
        },
      },
    });
    try {
      ctx.app.log.info('Started');
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/buyer/sites/exports/tasks/${id}`,
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await ctx.close();
    }
  });

  it('name the build on every line, and the route template on every line of a request', () => {
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['Started', 'incoming request', 'request completed']),
    );
    for (const line of lines) {
      expect(line).toMatchObject({ version: packageJson.version, commit: 'abc1234' });
    }
    const template = '/api/v1/buyer/sites/exports/tasks/:id';
    const requestLines = lines.filter((line) => line.reqId);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) expect(line.route ?? line.req?.route).toBe(template);
    expect(lines.find((line) => line.msg === 'request completed')?.route).toBe(template);
    expect(lines.find((line) => line.msg === 'incoming request')?.req?.url).toContain(id);
  });
});
