// The permission check every signed-in route runs before its handler (decision 203): the role in
// the current company decides, it is read on each request, and refusals are in the error format.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { accounts, auditEvents, users } from '#server/db/schema/index.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { bearer, useSignedInApp } from '#tests/helpers/test-app.ts';

import { appendAuditEvent } from '../db/audit-events.ts';

describe('the permission of a route, by the role in the current company', () => {
  const app = useSignedInApp();

  async function setRole(role: 'owner' | 'viewer' | 'finance') {
    const db = app.ctx.handle.db;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, FIXTURE.buyer));
    await db
      .update(accounts)
      .set({ role })
      .where(and(eq(accounts.userId, user!.id), eq(accounts.isCurrent, true)));
  }

  const cart = () =>
    app.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/shopping-carts/items',
      headers: bearer(app.tokens.buyer),
    });

  it('refuses a Viewer the cart with 403 in the error format, from their next request on', async () => {
    expect((await cart()).statusCode).toBe(200);
    await setRole('viewer');
    const refused = await cart();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      message: 'Your role in this company (Viewer) does not allow this.',
    });
    await setRole('owner');
    expect((await cart()).statusCode).toBe(200);
  });

  it('lets a Finance member read orders and their own profile but not the catalogue', async () => {
    await setRole('finance');
    const get = (url: string) =>
      app.ctx.app.inject({ method: 'GET', url, headers: bearer(app.tokens.buyer) });
    expect((await get('/api/v1/buyer/orders')).statusCode).toBe(200);
    expect((await get('/api/v1/buyer/profiles')).statusCode).toBe(200);
    expect((await get('/api/v1/buyer/sites')).statusCode).toBe(403);
    await setRole('owner');
  });

  it('keeps the record as it was written: an update is refused by the database', async () => {
    const db = app.ctx.handle.db;
    const [account] = await db.select({ companyId: accounts.companyId }).from(accounts).limit(1);
    await appendAuditEvent(db, {
      companyId: account!.companyId,
      actorUserId: null,
      action: 'member.invited',
      subject: 'someone@example.com',
      details: { role: 'Viewer' },
    });
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, account!.companyId));
    expect(event).toMatchObject({ actorName: 'Platform', subject: 'someone@example.com' });
    await expect(
      db.update(auditEvents).set({ subject: 'changed' }).where(eq(auditEvents.id, event!.id)),
    ).rejects.toThrow();
  });
});
