// A list answers only the parameters it knows: an unknown one (`?user_id=…`, a misspelt filter)
// is refused with a violation on it, like an unknown body field, never silently ignored.
import { describe, expect, it } from 'vitest';

import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { bearer, useSignedInApp } from '#tests/helpers/test-app.ts';

import { UNKNOWN_FIELD_MESSAGE } from './validation.ts';

describe('query parameters of lists', () => {
  const app = useSignedInApp();
  const get = (url: string) =>
    app.ctx.app.inject({ method: 'GET', url, headers: bearer(app.tokens.buyer) });

  it.each([
    ['/api/v1/buyer/domains', 'user_id'],
    ['/api/v1/buyer/strategy-requests', 'user_id'],
    ['/api/v1/buyer/profiles/companies/requests', 'user_id'],
    ['/api/v1/buyer/domains/competitor-groups', 'user_id'],
    ['/api/v1/buyer/shopping-carts/sites', 'user_id'],
    ['/api/v1/buyer/favorite-items', 'user_id'],
    ['/api/v1/buyer/shopping-carts/items', 'user_id'],
    ['/api/v1/buyer/orders', 'user_id'],
    ['/api/v1/buyer/saved-views', 'user_id'],
    ['/api/v1/buyer/sites', 'user_id'],
    [`/api/v1/imports/statuses?filter[ids][]=${UNKNOWN_ID}`, 'user_id'],
  ])('%s refuses ?%s with a violation on it', async (url, name) => {
    const separator = url.includes('?') ? '&' : '?';
    const response = await get(`${url}${separator}${name}=${UNKNOWN_ID}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: expect.any(String),
      violations: [{ path: name, message: UNKNOWN_FIELD_MESSAGE }],
    });
  });

  it('refuses an unknown filter of a list', async () => {
    const response = await get(`/api/v1/buyer/domains/competitor-groups?filter[owner]=x`);
    expect(response.statusCode).toBe(400);
    expect(response.json().violations).toEqual([
      { path: 'filter[owner]', message: UNKNOWN_FIELD_MESSAGE },
    ]);
  });

  it('still answers the parameters a list knows', async () => {
    expect((await get('/api/v1/buyer/domains?page=1&limit=10')).statusCode).toBe(200);
    expect((await get('/api/v1/buyer/favorite-items')).statusCode).toBe(200);
    expect((await get('/api/v1/buyer/shopping-carts/sites')).statusCode).toBe(200);
  });
});
