import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/helpers/test-app.ts';

describe('API documentation', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET /api/docs/json describes every route from its schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/login_check',
        '/api/token/refresh',
        '/api/v1/public/registrations',
        '/api/v1/public/registrations/confirmations/{token}',
        '/api/v1/public/passwords/resets',
        '/api/v1/public/passwords/resets/{token}',
        '/api/v1/buyer/profiles',
        '/api/v1/buyer/domains',
      ]),
    );
    const login = document.paths['/api/login_check'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '429', '500']);
  });

  it('GET /api/docs serves the browsable UI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});
