import multipartPlugin from '@fastify/multipart';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { declaredEndpoints } from '#contract/api.ts';
import { endpoint, endpointPath, fileResponse, multipart } from '#contract/endpoint.ts';
import { registerErrorHandler } from '#server/plugins/errors.ts';
import { registerOpenApi } from '#server/plugins/openapi.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { fastifyPath, route } from './endpoint-route.ts';
import { validatorCompiler } from './validation.ts';

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
      // Every signed-in endpoint names what a member's role must hold (decision 203).
      expect(e.permission !== undefined).toBe(e.access === 'buyer');
      if (e.access === 'buyer') {
        const anonymous = await ctx.app.inject({
          method: e.method,
          url: `/api${endpointPath(e.path, {
            id: SAMPLE_ID,
            issueId: SAMPLE_ID,
            token: 'x',
            size: 'small',
          })}`,
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

describe('an upload and a file answer, declared', () => {
  const upload = endpoint({
    method: 'PUT',
    path: '/v1/buyer/things/{id}/file',
    access: 'public',
    tags: ['Things'],
    summary: 'Uploads a thing',
    params: z.object({ id: z.uuid() }),
    body: multipart(z.object({ file: z.file().describe('The list'), note: z.string().optional() })),
    status: 202,
    response: z.object({ name: z.string(), note: z.string() }),
    errors: [400, 415],
  });
  const download = endpoint({
    method: 'GET',
    path: '/v1/buyer/things/{id}/file',
    access: 'public',
    tags: ['Things'],
    summary: 'Downloads a thing',
    params: z.object({ id: z.uuid() }),
    status: 200,
    response: fileResponse(['text/csv', 'application/pdf'], 'The thing, as an attachment'),
    errors: [400, 404],
  });

  async function appWithThings() {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await registerOpenApi(app);
    await app.register(multipartPlugin);
    await app.register(
      async (scope) => {
        route(scope, upload, async (request, reply) => {
          if (!request.isMultipart()) return reply.status(415).send({ code: 415, message: 'no' });
          const fields: Record<string, string> = {};
          let name = '';
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              name = `${part.filename}:${(await part.toBuffer()).toString()}`;
            } else fields[part.fieldname] = String(part.value);
          }
          return { name, note: fields.note ?? '' };
        });
        route(scope, download, (request) => ({
          body: `id\n${request.params.id}\n`,
          type: 'text/csv; charset=utf-8',
          fileName: 'things “all”.csv',
          size: 42,
        }));
      },
      { prefix: '/api' },
    );
    return app;
  }

  it('hands the multipart form to the handler, still checking the path', async () => {
    const app = await appWithThings();
    const form = new FormData();
    form.append('file', new File(['a.com'], 'list.csv'));
    form.append('note', 'mine');
    const request = new Request('http://x', { method: 'PUT', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const headers = { 'content-type': request.headers.get('content-type') ?? '' };
    const sent = await app.inject({
      method: 'PUT',
      url: `/api/v1/buyer/things/${SAMPLE_ID}/file`,
      payload,
      headers,
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ name: 'list.csv:a.com', note: 'mine' });
    const badId = await app.inject({
      method: 'PUT',
      url: '/api/v1/buyer/things/1/file',
      payload,
      headers,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ violations: [{ path: 'id' }] });
    // Not a form: the handler, not a schema of the form, answers.
    const json = await app.inject({
      method: 'PUT',
      url: `/api/v1/buyer/things/${SAMPLE_ID}/file`,
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    await app.close();
  });

  it('answers a file with its type, name, disposition and the download headers', async () => {
    const app = await appWithThings();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/buyer/things/${SAMPLE_ID}/file`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(`id\n${SAMPLE_ID}\n`);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="things _all_.csv"; filename*=UTF-8''things%20%E2%80%9Call%E2%80%9D.csv`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('documents the form as multipart with a binary file part and the answer as bytes', async () => {
    const app = await appWithThings();
    await app.ready();
    const document = app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    const path = document.paths['/api/v1/buyer/things/{id}/file']!;
    expect(path.put?.requestBody).toMatchObject({
      content: {
        'multipart/form-data': {
          schema: {
            properties: { file: { type: 'string', format: 'binary', description: 'The list' } },
            required: ['file'],
          },
        },
      },
    });
    expect(path.get?.responses['200']).toMatchObject({
      description: 'The thing, as an attachment',
      content: {
        'text/csv': { schema: { type: 'string', format: 'binary' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    });
    await app.close();
  });
});
