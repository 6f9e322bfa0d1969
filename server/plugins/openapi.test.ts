import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';
import { words } from '#tests/helpers/words.ts';

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
      expect.arrayContaining(
        words(`
          /livez /readyz /api/health /api/login_check /api/token/refresh /api/v1/public/registrations
          /api/v1/public/registrations/confirmations/{token}
          /api/v1/public/passwords/resets /api/v1/public/passwords/resets/{token}
          /api/v1/buyer/profiles /api/v1/buyer/domains
        `),
      ),
    );
    const login = document.paths['/api/login_check'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(['200', '400', '401', '429', '500']);
    expect(Object.keys(document.paths['/readyz'].get.responses)).toEqual(['200', '503']);
  });

  it('documents the catalogue, reference data, favourites, saved views, exports and files', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(
        words(`
          /api/v1/buyer/sites /api/v1/buyer/sites/{id} /api/v1/buyer/sites/similar
          /api/v1/buyer/sites/favorites /api/v1/buyer/sites/favorites/removals
          /api/v1/buyer/sites/blacklists /api/v1/buyer/sites/blacklists/removals
          /api/v1/buyer/favorite-items /api/v1/buyer/saved-views
          /api/v1/buyer/saved-views/{id} /api/v1/buyer/sites/exports/tasks
          /api/v1/buyer/sites/exports/tasks/{id} /api/v1/files/{id}
          /api/v1/common/countries /api/v1/common/top-level-domains
          /api/v1/common/content-product-plans
        `),
      ),
    );
    const create = document.paths['/api/v1/buyer/saved-views'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual([
      'kind',
      'name',
      'value',
    ]);
    expect(Object.keys(create.responses)).toEqual(['201', '400', '401', '403', '409', '500']);
  });

  it('GET /api/docs serves the browsable UI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
  });
});
