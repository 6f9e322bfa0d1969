import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIT_PERIOD_MESSAGE, AuditEventListSchema } from '#contract/audit.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { auditEvents } from '#server/db/schema/index.ts';
import { readCsv } from '#tests/helpers/csv-reader.ts';
import { type BuyerCalls, buyerCalls } from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

describe('the record of who did what', () => {
  let ctx: TestContext;
  let call: BuyerCalls;
  let team: Team;
  beforeAll(async () => {
    ctx = await createTestContext();
    call = buyerCalls(ctx);
    team = await setUpTeam(ctx);
    const at = (moment: string) => new Date(moment);
    // Three days of events in the company, and one in another company (the record's own times).
    await ctx.handle.db.insert(auditEvents).values([
      {
        companyId: team.companyId,
        actorUserId: team.owner.userId,
        actorName: 'Owen Owner',
        action: 'member.limit_changed',
        subject: 'colleague@example.com',
        details: { from: 'No limit', to: '500.00' },
        createdAt: at('2026-03-02T10:00:00Z'),
      },
      {
        companyId: team.companyId,
        actorUserId: team.members.admin.userId,
        actorName: 'Ada Admin',
        action: 'member.role_changed',
        subject: 'viewer@example.com',
        details: { from: 'Viewer', to: 'Finance' },
        createdAt: at('2026-03-03T23:59:00Z'),
      },
      {
        companyId: team.companyId,
        actorUserId: null,
        actorName: 'Platform',
        action: 'order.placed',
        subject: '=HYPERLINK("http://evil.example")',
        // As events were written before amounts had money keys.
        details: { total: '1261.00 EUR', payment_method: 'Credits' },
        createdAt: at('2026-03-04T00:00:00Z'),
      },
      {
        companyId: team.otherCompanyId,
        actorUserId: null,
        actorName: 'Platform',
        action: 'order.placed',
        subject: 'ORD-OTHER',
        createdAt: at('2026-03-04T00:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (filter: object = {}, page: object = {}) => {
    const query = encodeQuery({ filter, ...page });
    const response = await call('GET', `/audit-events?${query}`, team.members.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return AuditEventListSchema.parse(response.json());
  };

  it('lists the company’s events newest first, never another company’s', async () => {
    const events = await list();
    expect(events.data.map((event) => event.action)).toEqual([
      'order.placed',
      'member.role_changed',
      'member.limit_changed',
    ]);
    expect(events.data.map((event) => event.subject)).not.toContain('ORD-OTHER');
    expect(events.data[1]).toMatchObject({
      actor: { id: team.members.admin.userId },
      details: { from: 'Viewer', to: 'Finance' },
    });
    expect(events.data[0]!.actor).toEqual({ id: null, name: 'Platform' });
    // Amounts written in the older form ("1261.00 EUR", a limit's bare "500.00") read as today's.
    expect(events.data[0]!.details).toEqual({ total: '1261.00', payment_method: 'Credits' });
    expect(events.data[2]!.details).toEqual({ limit_from: 'No limit', limit_to: '500.00' });
    const page = await list({}, { page: 2, limit: 2 });
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.data.map((event) => event.action)).toEqual(['member.limit_changed']);
  });

  it('filters by action, member and whole days', async () => {
    const byAction = await list({ action: ['member.limit_changed', 'order.placed'] });
    expect(byAction.data.map((event) => event.action)).toEqual([
      'order.placed',
      'member.limit_changed',
    ]);
    const byActor = await list({ actor: team.owner.userId });
    expect(byActor.data.map((event) => event.action)).toEqual(['member.limit_changed']);
    const oneDay = await list({ from: '2026-03-03', to: '2026-03-03' });
    expect(oneDay.data.map((event) => event.action)).toEqual(['member.role_changed']);
    const fromDay = await list({ from: '2026-03-03' });
    expect(fromDay.pagination.total).toBe(2);
  });

  it('refuses a period that ends before it starts, on the field that ends it', async () => {
    const response = await call(
      'GET',
      `/audit-events?${encodeQuery({ filter: { from: '2026-12-05', to: '2026-12-01' } })}`,
      team.owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      violations: [{ path: expect.stringMatching(/filter.*to/), message: AUDIT_PERIOD_MESSAGE }],
    });
    const exported = await call(
      'GET',
      `/audit-events/exports?${encodeQuery({ filter: { from: '2026-12-05', to: '2026-12-01' } })}`,
      team.owner.token,
    );
    expect(exported.statusCode).toBe(400);
    expect((await list({ from: '2026-03-03', to: '2026-03-03' })).pagination.total).toBe(1);
  });

  it('refuses bad filters and roles without audit.read', async () => {
    const bad = await call(
      'GET',
      `/audit-events?${encodeQuery({ filter: { action: ['member.sneezed'], from: 'soon' } })}`,
      team.owner.token,
    );
    expect(bad.statusCode).toBe(400);
    for (const role of ['buyer', 'finance', 'viewer'] as const) {
      const refused = await call('GET', '/audit-events', team.members[role].token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403 });
      expect(
        (await call('GET', '/audit-events/exports', team.members[role].token)).statusCode,
      ).toBe(403);
    }
  });

  it('exports the filtered record as CSV, safe for spreadsheets', async () => {
    const response = await call(
      'GET',
      `/audit-events/exports?${encodeQuery({ filter: { action: ['member.role_changed', 'order.placed'] } })}`,
      team.owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('audit-log-');
    const { rows } = readCsv(response.body);
    expect(rows[0]).toEqual(['Date', 'Member', 'Action', 'Subject', 'Details']);
    expect(rows.slice(1)).toEqual([
      [
        '04/03/2026 00:00 UTC',
        'Platform',
        'Order placed',
        `'=HYPERLINK("http://evil.example")`,
        'Total (EUR): 1261.00; Payment method: Credits',
      ],
      [
        '03/03/2026 23:59 UTC',
        'Ada Admin',
        'Role changed',
        'viewer@example.com',
        'From: Viewer; To: Finance',
      ],
    ]);
  });
});
