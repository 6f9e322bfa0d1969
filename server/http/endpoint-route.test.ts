import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredEndpoints } from '#contract/api.ts';
import { endpoint, endpointPath } from '#contract/endpoint.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';
import { fastifyPath, route } from './endpoint-route.ts';

const SAMPLE_ID = '5b3c1a52-8a8e-4c8a-9a51-8d1f3c2b7e10';

describe('routes registered from the contract', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // A demo installation, so that the demo controls are served too.
    ctx = await createTestContext({ overrides: { demo: { advanceSeconds: 0 } } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(declaredEndpoints.map((e) => ({ name: `${e.method} ${e.path}`, e })))(
    '$name has a handler, documented, and refuses a caller its access does not allow',
    async ({ e }) => {
      const url = `/api${fastifyPath(e.path)}`;
      expect(ctx.app.hasRoute({ method: e.method, url })).toBe(true);
      if (e.access === 'buyer') {
        const anonymous = await ctx.app.inject({
          method: e.method,
          url: `/api${endpointPath(e.path, { id: SAMPLE_ID, issueId: SAMPLE_ID, token: 'x' })}`,
        });
        expect(anonymous.statusCode).toBe(401);
      }
    },
  );

  it('documents each declared endpoint under its method and path', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const e of declaredEndpoints) {
      expect(document.paths[`/api${e.path}`]?.[e.method.toLowerCase()]).toBeDefined();
    }
  });
});

describe('registering a declared endpoint', () => {
  const thing = endpoint({
    method: 'GET',
    path: '/v1/buyer/things/{id}',
    access: 'buyer',
    tags: ['Things'],
    summary: 'A thing',
    params: z.object({ id: z.uuid() }),
    status: 200,
    response: z.object({ id: z.uuid() }),
    errors: [400],
  });

  it('fails at start under a prefix its path does not begin with', async () => {
    const app = Fastify();
    await expect(
      app.register(async (scope) => route(scope, thing, (request) => request.params), {
        prefix: '/api/v1/common',
      }),
    ).rejects.toThrow('cannot be registered under /api/v1/common');
    await app.close();
  });
});
