import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorBodySchema } from '#contract/errors.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

describe('GET /api/v1/common/flags/{code}.svg', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (file: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/common/flags/${file}` });

  it('answers the SVG flag of a country code without sign-in, cacheable for a week', async () => {
    const response = await get('DE.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await get('de.svg')).body).toBe(response.body);
    expect((await get('gb.svg')).body).not.toBe(response.body);
  });

  it('answers 404 in the error format for a code without a flag', async () => {
    const response = await get('qq.svg');
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe(404);
  });

  it.each(['../package.json', 'deu.svg', 'de.png', '%2e%2e%2fde.svg'])(
    'refuses %s with 400 and reads no other file',
    async (file) => {
      const response = await get(file);
      expect([400, 404]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.body).not.toContain('flag-icons');
    },
  );
});
