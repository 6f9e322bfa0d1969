import { beforeAll, describe, expect, it } from 'vitest';
import { BuyerDomainListSchema } from '#contract/domains.ts';
import { bearer, useSignedInApp, type TestContext } from '#tests/helpers/test-app.ts';

describe('GET /api/v1/buyer/domains', () => {
  const app = useSignedInApp();
  let ctx: TestContext, tokens: Record<string, string>;
  beforeAll(() => ({ ctx, tokens } = app));

  const list = (who: 'buyer' | 'secondBuyer', query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/buyer/domains${query}`,
      headers: bearer(tokens[who] ?? ''),
    });

  it("answers the caller's own domains, 10 per page by default", async () => {
    const response = await list('buyer');
    expect(response.statusCode).toBe(200);
    const body = BuyerDomainListSchema.parse(response.json());
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 2 });
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        hostname: 'northwind-outdoor.com',
        referents_file: null,
        import_status: { id: expect.any(String), status: 'success', errors: [] },
      },
      {
        id: expect.any(String),
        hostname: 'northwind-travel.co.uk',
        referents_file: null,
        import_status: null,
      },
    ]);
  });

  it("never shows one buyer another buyer's domains", async () => {
    const first = BuyerDomainListSchema.parse((await list('buyer')).json());
    const second = BuyerDomainListSchema.parse((await list('secondBuyer')).json());
    expect(second.data.map((domain) => domain.hostname)).toEqual([
      'bergmann-moebel.de',
      'kuechen-profi.de',
    ]);
    const firstIds = new Set(first.data.map((domain) => domain.id));
    expect(second.data.some((domain) => firstIds.has(domain.id))).toBe(false);
  });

  it('pages with limit and page', async () => {
    const body = BuyerDomainListSchema.parse((await list('buyer', '?limit=1&page=2')).json());
    expect(body.pagination).toEqual({ page: 2, limit: 1, total: 2 });
    expect(body.data.map((domain) => domain.hostname)).toEqual(['northwind-travel.co.uk']);
  });

  it('answers 400 for a page size above 100 or a page below 1', async () => {
    const tooLarge = await list('buyer', '?limit=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().violations).toEqual([
      { path: 'limit', message: 'Too big: expected number to be <=100' },
    ]);
    expect((await list('buyer', '?page=0')).statusCode).toBe(400);
    expect((await list('buyer', '?limit=ten')).statusCode).toBe(400);
  });
});
