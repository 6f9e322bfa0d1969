// The demo's article pages (decision 145): served under the publisher's hostname in a demo only,
// broken on purpose or now and then by the demo publisher, and repaired by a republish.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoArticlePages, linkMonitors } from '#server/db/schema/index.ts';
import { demoControlKey } from '#server/http/demo-control.ts';
import {
  createScriptedChecker,
  expectedRelOf,
  type LiveItem,
  liveItems,
  monitoringOverrides,
  monitorOf,
  publisherStep,
} from '#tests/helpers/link-monitoring.ts';
import { catalogueFacts } from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_JWT_SECRET,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { createDemoLinks, withDemoBreakages } from './demo-pages.ts';

describe('the demo’s article pages', () => {
  let ctx: TestContext;
  let item: LiveItem;
  let other: LiveItem;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext({ overrides: monitoringOverrides(createScriptedChecker()) });
    const facts = await catalogueFacts(ctx.handle.db);
    token = (await signInBuyers(ctx.app)).buyer;
    [item, other] = (await liveItems(ctx, facts, token, 2)).items as [LiveItem, LiveItem];
  });
  afterAll(async () => {
    await ctx.close();
  });

  const page = (live: LiveItem, host = new URL(live.liveLink!).host) =>
    ctx.app.inject({ method: 'GET', url: new URL(live.liveLink!).pathname, headers: { host } });
  const breakLink = (reference: string, body: object = {}, key = demoControlKey(TEST_JWT_SECRET)) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/demo/order-items/${reference}/break-link`,
      headers: { 'x-demo-key': key },
      payload: body,
    });
  const link = (live: LiveItem) => `<a href="${live.targetUrl}"`;

  it('serves the article with the ordered link at the live link, under the publisher’s hostname', async () => {
    const response = await page(item);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const rel = await expectedRelOf(ctx, item);
    const relText = { do_follow: '', no_follow: ' rel="nofollow"', sponsored: ' rel="sponsored"' }[
      rel
    ];
    expect(response.body).toContain(`${link(item)}${relText}>${item.anchorText}</a>`);
    const robots = await ctx.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: new URL(item.liveLink!).host },
    });
    expect(robots.body).toBe('User-agent: *\nAllow: /\n');
    // The portal's own names and unknown pages are not articles.
    expect((await page(item, 'localhost:4124')).body).not.toContain(link(item));
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/no-such-article',
      headers: { host: new URL(item.liveLink!).host },
    });
    expect(unknown.body).not.toContain('<article>');
  });

  it('breaks a link on purpose, has it checked at once, and repairs it when republished', async () => {
    const before = await monitorOf(ctx, item.id);
    expect((await breakLink(item.number, {}, 'wrong-key')).statusCode).toBe(403);
    const broken = await breakLink(item.number, { state: 'anchor_changed' });
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json()).toEqual({ item: item.number, state: 'anchor_changed' });
    expect((await page(item)).body).toContain('>click here</a>');
    const after = await monitorOf(ctx, item.id);
    expect(after!.nextCheckAt.getTime()).toBe(ctx.clock.now().getTime());
    expect(after!.nextCheckAt.getTime()).toBeLessThanOrEqual(before!.nextCheckAt.getTime());

    expect((await breakLink(item.id, { state: 'removed' })).statusCode).toBe(200);
    expect((await page(item)).body).not.toContain(link(item));
    expect((await breakLink(item.number, { state: 'deleted' })).statusCode).toBe(400);
    expect((await breakLink('999999-9')).statusCode).toBe(404);

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/buyer/orders/items/request-edits',
      headers: { authorization: `Bearer ${token}` },
      payload: { is_requested_edits: true, ids: [item.id] },
    });
    await publisherStep(ctx, item.id, 'start_update');
    expect((await breakLink(item.number)).statusCode).toBe(409);
    await publisherStep(ctx, item.id, 'republish');
    expect((await page(item)).body).toContain(link(item));
  });

  it('breaks one healthy live link now and then while the demo publisher runs', async () => {
    const links = createDemoLinks({ db: ctx.handle.db, now: ctx.clock.now });
    let passes = 0;
    const job = withDemoBreakages(
      async () => {
        passes += 1;
      },
      links,
      15,
      () => 0.5,
    );
    await job({});
    expect(passes).toBe(1);
    const states = async () =>
      (await ctx.handle.db.select().from(demoArticlePages)).filter(
        (row) => row.linkState !== 'intact',
      );
    expect(await states()).toEqual([]);
    const always = withDemoBreakages(
      async () => {},
      links,
      15,
      () => 0,
    );
    await always({});
    const [changed, ...more] = await states();
    expect(more).toEqual([]);
    expect([item.id, other.id]).toContain(changed?.itemId);
    const [monitor] = await ctx.handle.db
      .select()
      .from(linkMonitors)
      .where(eq(linkMonitors.itemId, changed!.itemId));
    expect(monitor?.nextCheckAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('is not served outside a demo', async () => {
    const plain = await createTestContext({
      overrides: { linkChecker: createScriptedChecker() },
      handle: ctx.handle,
      closeHandle: async () => {},
    });
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: new URL(other.liveLink!).pathname,
        headers: { host: new URL(other.liveLink!).host },
      });
      expect(response.body).not.toContain(link(other));
      const control = await plain.app.inject({
        method: 'POST',
        url: `/api/demo/order-items/${other.number}/break-link`,
        headers: { 'x-demo-key': demoControlKey(TEST_JWT_SECRET) },
        payload: {},
      });
      expect(control.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
