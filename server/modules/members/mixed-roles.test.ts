// One person with different roles in two companies (decision 203): Emma is the Owner of
// Northwind (A) and, invited to a company created through a company request (B), its Viewer.
// What works in the current company (catalogue, cart, members, audit log) follows her role in the
// company she switched to; what reaches an object (an order, its items, a company's details or
// billing, the company named at checkout or in a change request) follows her role in that
// object's company, whichever is current. Services checked: cart, catalogue, members,
// invitations, audit log (current), checkout, orders, order items, companies (object).
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { CompanyRequestSchema } from '#contract/companies.ts';
import type { Order } from '#contract/orders.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { stableUuid } from '#server/db/stable-id.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { mailsTo } from '#tests/helpers/mail-box.ts';
import {
  itemsOfOrder,
  lineFor,
  placeOrder,
  setCredits,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';

import { createCompaniesService } from '../companies/companies.service.ts';

const VIEWER_REFUSAL = 'Your role in this company (Viewer) does not allow this.';

/** A new company's request as a buyer files it (spec §3 "Company"). */
const NEW_COMPANY = {
  business_name: 'Fjord Media AS',
  business_type: stableUuid('business-type:Agency'),
  contact_email: 'hello@fjord-media.no',
  accounting_email: 'invoices@fjord-media.no',
  accounting_phone: '+47 22 12 34 56',
  country: 'fr',
  city: 'Paris',
  zip_code: '75002',
  address: '10 Rue de la Paix',
  registration_number: '732 829 320',
  vat_number: 'fr 40 303 265 045',
  bank_name: 'BNP Paribas',
  iban: 'fr14 2004 1010 0505 0001 3M02 606',
  bic_swift: 'bnpafrpp',
};

function expectViewerRefusal(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ code: 403, message: VIEWER_REFUSAL });
}

describe('a person who is Owner of one company and Viewer of another', () => {
  const app = useBuyerApp();
  const call: (typeof app)['call'] = (...args) => app.call(...args);
  /** Emma's accounts (A: Owner, B: Viewer) and the two companies. */
  const emma = { accountA: '', accountB: '' };
  const companies = { a: '', b: '' };
  /** An order of B placed by its Owner, and one of A placed by Emma. */
  let orderB: Order;
  let orderA: Order;

  const accountOf = async (token: string, companyId: string) => {
    const profile = BuyerProfileSchema.parse((await call('GET', '/profiles', token)).json());
    const account = profile.accounts.find((a) => a.company.id === companyId);
    if (!account) throw new Error(`No account in ${companyId}`);
    return account.id;
  };
  const workIn = async (token: string, accountId: string) => {
    const response = await call('PUT', '/profiles/companies/accounts/current', token, {
      account: accountId,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    const { ctx, facts, tokens } = app;
    companies.a = facts.companyIds.buyer;
    // B: the second buyer files a new company, which the marketplace approves.
    const filed = await call('POST', '/profiles/companies/requests', tokens.secondBuyer, {
      ...NEW_COMPANY,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const decided = await createCompaniesService({ db: ctx.handle.db, now: ctx.clock.now }).decide(
      CompanyRequestSchema.parse(filed.json()).number,
      { decision: 'approve' },
    );
    companies.b = decided.company!.id;
    await workIn(tokens.secondBuyer, await accountOf(tokens.secondBuyer, companies.b));

    // B's Owner invites Emma as a Viewer; she accepts the mailed link.
    const invited = await call('POST', '/invitations', tokens.secondBuyer, {
      email: FIXTURE.buyer,
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await ctx.drainMail();
    const link = (mailsTo(ctx.mailDir, FIXTURE.buyer).at(-1)?.text ?? '')
      .split(/\s+/)
      .find((word) => word.startsWith('http://portal.test/invitations/'));
    if (!link) throw new Error('No invitation link was mailed');
    const accepted = await call(
      'POST',
      `/invitations/${link.split('/').at(-1)}/acceptances`,
      tokens.buyer,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    emma.accountA = await accountOf(tokens.buyer, companies.a);
    emma.accountB = await accountOf(tokens.buyer, companies.b);

    // An order of B, placed by its Owner.
    ({ order: orderB } = await placeOrder(
      ctx,
      tokens.secondBuyer,
      facts,
      [lineFor(facts, siteWithNiches(facts, 1), {}, 'secondBuyer')],
      'bank_transfer',
      'secondBuyer',
      { company: companies.b },
    ));
    await setCredits(ctx.handle.db, companies.a, '100000.00');
  });

  it('orders and manages in A while A is current, and reads but cannot act on B’s order', async () => {
    const { ctx, facts, tokens } = app;
    await workIn(tokens.buyer, emma.accountA);
    ({ order: orderA } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineFor(facts, siteWithNiches(facts, 1)), lineFor(facts, siteWithNiches(facts, 1, 1))],
      'credits',
    ));
    expect((await call('GET', '/members', tokens.buyer)).statusCode).toBe(200);
    expect((await call('GET', '/audit-events', tokens.buyer)).statusCode).toBe(200);

    // B's order by id: read as B's Viewer, refused as one.
    expect((await call('GET', `/orders/${orderB.id}`, tokens.buyer)).statusCode).toBe(200);
    const [itemB] = await itemsOfOrder(ctx.handle.db, orderB.id);
    expectViewerRefusal(
      await call('PUT', '/orders/items/statuses', tokens.buyer, {
        transition: 'cancel',
        ids: [itemB!.id],
      }),
    );
    expectViewerRefusal(
      await call('POST', '/orders', tokens.buyer, {
        company: companies.b,
        invoice_emails: ['accounts@example.com'],
        payment_method: 'bank_transfer',
      }),
    );
  });

  it('is refused every action in B once B is current, and reads what a Viewer reads', async () => {
    const { ctx, facts, tokens } = app;
    await workIn(tokens.buyer, emma.accountB);
    const token = tokens.buyer;
    // The current company's work: catalogue, cart, members, invitations, the audit log.
    expectViewerRefusal(await call('GET', '/sites', token));
    expectViewerRefusal(
      await call('POST', '/shopping-carts/items', token, lineFor(facts, siteWithNiches(facts, 1))),
    );
    expectViewerRefusal(await call('GET', '/shopping-carts/items', token));
    expectViewerRefusal(await call('GET', '/members', token));
    expectViewerRefusal(
      await call('POST', '/invitations', token, { email: 'x@example.com', role: 'buyer' }),
    );
    expectViewerRefusal(await call('GET', '/audit-events', token));
    // B's objects: ordering for it, its items, its billing, changing its details.
    expectViewerRefusal(
      await call('POST', '/orders', token, {
        company: companies.b,
        invoice_emails: ['accounts@example.com'],
        payment_method: 'bank_transfer',
      }),
    );
    const [itemB] = await itemsOfOrder(ctx.handle.db, orderB.id);
    expectViewerRefusal(
      await call('PUT', '/orders/items/request-edits', token, {
        is_requested_edits: true,
        ids: [itemB!.id],
      }),
    );
    expectViewerRefusal(await call('GET', `/profiles/accounts/${emma.accountB}/billing`, token));
    expectViewerRefusal(
      await call('POST', '/profiles/companies/requests', token, {
        ...NEW_COMPANY,
        business_name: 'Fjord Media Group AS',
        company: companies.b,
      }),
    );

    // Reads: the orders of both companies, B's order and items, B's details.
    const list = await call('GET', '/orders?limit=50', token);
    expect(list.statusCode).toBe(200);
    const ids = list.json<{ data: Order[] }>().data.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([orderA.id, orderB.id]));
    expect((await call('GET', `/orders/${orderB.id}`, token)).statusCode).toBe(200);
    expect((await call('GET', `/orders/${orderB.id}/items`, token)).statusCode).toBe(200);
    expect(
      (await call('GET', `/profiles/accounts/${emma.accountB}/companies`, token)).json(),
    ).toMatchObject({ id: companies.b });
  });

  it('still acts on A’s objects by id as A’s Owner while B is current', async () => {
    const { ctx, facts, tokens } = app;
    await workIn(tokens.buyer, emma.accountB);
    const token = tokens.buyer;
    const [first, second] = await itemsOfOrder(ctx.handle.db, orderA.id);
    const cancelled = await call('PUT', '/orders/items/statuses', token, {
      transition: 'cancel',
      ids: [first!.id],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await itemsOfOrder(ctx.handle.db, orderA.id))[0]?.status).toBe('cancelled');
    expect(second?.status).not.toBe('cancelled');
    expect((await call('GET', `/orders/${orderA.id}`, token)).statusCode).toBe(200);
    expect(
      (await call('GET', `/profiles/accounts/${emma.accountA}/billing`, token)).statusCode,
    ).toBe(200);
    const change = await call('POST', '/profiles/companies/requests', token, {
      ...NEW_COMPANY,
      business_name: 'Northwind Outdoor Group Ltd',
      company: companies.a,
    });
    expect(change.statusCode, change.body).toBe(201);

    // The company named at checkout is an object too: her cart, filled while she worked in A,
    // is ordered for A while B is current.
    await workIn(token, emma.accountA);
    const added = await call(
      'POST',
      '/shopping-carts/items',
      token,
      lineFor(facts, siteWithNiches(facts, 1)),
    );
    expect(added.statusCode, added.body).toBe(201);
    await workIn(token, emma.accountB);
    const placed = await call('POST', '/orders', token, {
      company: companies.a,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'credits',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>().company.id).toBe(companies.a);
  });

  it('answers 404 for a company she is no member of, whichever is current', async () => {
    const { tokens } = app;
    const bergmann = await accountOf(tokens.secondBuyer, app.facts.companyIds.secondBuyer);
    for (const account of [emma.accountA, emma.accountB]) {
      await workIn(tokens.buyer, account);
      const response = await call('GET', `/profiles/accounts/${bergmann}/companies`, tokens.buyer);
      expect(response.statusCode).toBe(404);
    }
  });
});
