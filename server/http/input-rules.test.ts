// The text and nesting rules every input obeys (contract/input-rules.ts, decision 101), seen
// through real routes: signed out, signed in, JSON bodies, query strings and multipart forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FORBIDDEN_CHARACTER_MESSAGE, TOO_DEEP_MESSAGE } from '#contract/input-rules.ts';
import { multipart } from '#tests/helpers/orders.ts';
import {
  bearer,
  createTestContext,
  signInBuyers,
  type TestContext,
} from '#tests/helpers/test-app.ts';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

/** Written as text: the runtime's own JSON.stringify would run out of stack first. */
function deeplyNestedJson(levels: number): string {
  return `${'{"next":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;
}

describe('text and nesting every input obeys', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ buyer: token } = await signInBuyers(ctx.app));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const expectRefused = (
    response: { statusCode: number; json: () => unknown },
    path: string,
    message = FORBIDDEN_CHARACTER_MESSAGE,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      violations: expect.arrayContaining([{ path, message }]),
    });
  };

  it('refuses a NUL or a lone surrogate in a signed-out body, naming the field', async () => {
    for (const bad of [NUL, LONE_SURROGATE]) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: bad, password: 'whatever-password' },
      });
      expectRefused(login, 'username');

      const registration = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/public/registrations',
        payload: { first_name: bad, last_name: 'Doe', email: 'new@example.com' },
      });
      expectRefused(registration, 'first_name');
    }
  });

  it('refuses them in a query value and in a key', async () => {
    const search = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/common/top-level-domains?filter[search]=${encodeURIComponent(NUL)}`,
    });
    expectRefused(search, 'filter[search]');

    const key = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/buyer/sites?filter[${encodeURIComponent('x\u0000')}]=1`,
      headers: bearer(token),
    });
    expect(key.statusCode).toBe(400);
    expect(JSON.stringify(key.json())).toContain(FORBIDDEN_CHARACTER_MESSAGE);
  });

  it('refuses them deep inside a saved value, and stores nothing', async () => {
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/saved-views',
      headers: bearer(token),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/buyer/saved-views',
      headers: bearer(token),
      payload: {
        kind: 'site_filters',
        name: 'Mine',
        value: { filter: { tlds: ['com', LONE_SURROGATE] } },
      },
    });
    expectRefused(response, 'value.filter.tlds[1]');
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/saved-views',
      headers: bearer(token),
    });
    expect(after.json()).toEqual(before.json());
  });

  it('refuses a value nested 10,000 levels deep with a 400, not a crash', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/buyer/saved-views',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"kind":"site_filters","name":"Deep","value":${deeplyNestedJson(10_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ violations: { path: string; message: string }[] }>();
    expect(body.violations[0]?.message).toBe(TOO_DEEP_MESSAGE);
    expect(body.violations[0]?.path).toMatch(/^value(\.next)+$/);
  });

  it('refuses an uploaded file whose name carries a NUL', async () => {
    const form = multipart({}, { name: 'face\u0000.png', bytes: Buffer.from('not looked at') });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/common/profiles/avatars',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expectRefused(response, 'file');
  });

  it('accepts every other text: emoji, accents, right-to-left, tabs and newlines', async () => {
    const name = 'Ünïcödé 🚀 שלום\tline\nend';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/buyer/saved-views',
      headers: bearer(token),
      payload: { kind: 'site_filters', name, value: { filter: { search: '🚀' } } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: name.trim(),
      value: { filter: { search: '🚀' } },
    });
  });
});
