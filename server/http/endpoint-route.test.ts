import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
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

describe('an endpoint with answers beside its success', () => {
  const picture = endpoint({
    method: 'GET',
    path: '/v1/common/pictures/{file}',
    access: 'public',
    tags: ['Pictures'],
    summary: 'A picture',
    params: z.object({ file: z.string() }),
    status: 200,
    response: z.string(),
    errors: [404],
    otherAnswers: { 304: z.null() },
    produces: ['image/svg+xml'],
  });

  it('documents them, and a handler that sends one itself is answered as it sent it', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let schema: RouteOptions['schema'];
    app.addHook('onRoute', (options) => {
      if (options.method === 'GET') schema = options.schema;
    });
    await app.register(
      async (scope) =>
        route(scope, picture, (request, reply) =>
          request.headers['if-none-match'] === '"1"'
            ? reply.status(304).send()
            : reply.header('content-type', 'image/svg+xml').send('<svg/>'),
        ),
      { prefix: '/api/v1/common' },
    );
    expect(schema?.produces).toEqual(['image/svg+xml']);
    expect(Object.keys(schema?.response as object)).toEqual(['200', '304', '404', '500']);
    const fresh = await app.inject({ method: 'GET', url: '/api/v1/common/pictures/a.svg' });
    expect([fresh.statusCode, fresh.headers['content-type'], fresh.body]).toEqual([
      200,
      'image/svg+xml',
      '<svg/>',
    ]);
    const cached = await app.inject({
      method: 'GET',
      url: '/api/v1/common/pictures/a.svg',
      headers: { 'if-none-match': '"1"' },
    });
    expect([cached.statusCode, cached.body]).toEqual([304, '']);
    await app.close();
  });
});
