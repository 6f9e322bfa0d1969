// Cancelled order items and changed company details in the company's record (decision 203):
// written with the change, as the action of the member who made it (the caller who cancelled, the
// member who asked for the change), and readable in the audit log filtered by action.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { type AuditAction, AuditEventListSchema } from '#contract/audit.ts';
import { CompanyRequestSchema, CompanySchema } from '#contract/companies.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { encodeQuery } from '#contract/query-string.ts';
import { auditEvents } from '#server/db/schema/index.ts';
import { stableUuid } from '#server/db/stable-id.ts';
import {
  lineFor,
  placeOrder,
  setCredits,
  siteWithNiches,
  useBuyerApp,
} from '#tests/helpers/orders.ts';
import { setUpTeam, type Team } from '#tests/helpers/team.ts';

import { createCompaniesService } from '../companies/companies.service.ts';

describe('the record of cancelled items and changed company details', () => {
  const app = useBuyerApp();
  let team: Team;
  beforeAll(async () => {
    team = await setUpTeam(app.ctx);
    await setCredits(app.ctx.handle.db, team.companyId, '100000.00');
  });

  const eventsOf = async (action: AuditAction) => {
    const query = encodeQuery({ filter: { action: [action] } });
    const response = await app.call('GET', `/audit-events?${query}`, team.owner.token);
    expect(response.statusCode, response.body).toBe(200);
    return AuditEventListSchema.parse(response.json()).data;
  };
  const cancel = (token: string, ids: string[]) =>
    app.call('PUT', '/orders/items/statuses', token, { transition: 'cancel', ids });

  it('writes one event per cancelling call, by the caller, with the items and the credit', async () => {
    const { ctx, facts } = app;
    const { order, items } = await placeOrder(
      ctx,
      team.owner.token,
      facts,
      [0, 1, 2].map((skip) => lineFor(facts, siteWithNiches(facts, 1, skip))),
      'credits',
    );
    const [first, second, third] = items;
    expect(await eventsOf('order.items_cancelled')).toEqual([]);

    const byAdmin = await cancel(team.members.admin.token, [first!.id]);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const byOwner = await cancel(team.owner.token, [second!.id, third!.id]);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    // A refused call (the item is cancelled already) changes nothing and records nothing.
    expect((await cancel(team.owner.token, [first!.id])).statusCode).toBe(409);

    const events = await eventsOf('order.items_cancelled');
    expect(events).toHaveLength(2);
    const [last, earlier] = events;
    expect(earlier).toMatchObject({
      actor: { id: team.members.admin.userId },
      action: 'order.items_cancelled',
      subject: order.number,
      details: { items: first!.number, credited: expect.stringMatching(/^\d+\.\d{2}$/) },
    });
    expect(last).toMatchObject({
      actor: { id: team.owner.userId },
      subject: order.number,
      details: { items: `${second!.number}, ${third!.number}` },
    });
    // The last cancel credits whatever is left: together, the whole order.
    const credited = events.map((event) => moneyToCents(event.details.credited!));
    expect(centsToMoney(credited[0]! + credited[1]!)).toBe(order.price_with_vat);
  });

  const companyChanges = () =>
    app.ctx.handle.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'company.details_changed'));

  it('writes an approved change of the company’s details as the requester’s, with its fields', async () => {
    const { ctx, call } = app;
    const finance = team.members.finance;
    const own = await call(
      'GET',
      `/profiles/accounts/${finance.accountId}/companies`,
      finance.token,
    );
    const company = CompanySchema.parse(own.json());
    const present = Object.fromEntries(
      Object.entries({
        contact_email: company.contact_email,
        accounting_email: company.accounting_email,
        accounting_phone: company.accounting_phone,
        zip_code: company.zip_code,
        address: company.address,
        address_extra: company.address_extra,
        registration_number: company.registration_number,
        vat_number: company.vat_number,
        bank_name: company.bank_name,
        bank_address: company.bank_address,
        iban: company.iban,
        bic_swift: company.bic_swift,
        additional_info: company.additional_info,
      }).filter(([, value]) => value !== null),
    );
    const fileChange = async (changes: object) => {
      const filed = await call('POST', '/profiles/companies/requests', finance.token, {
        ...present,
        business_type: company.business_type?.id,
        country: company.country?.code,
        business_name: company.business_name,
        city: company.city,
        company: company.id,
        ...changes,
      });
      expect(filed.statusCode, filed.body).toBe(201);
      return CompanyRequestSchema.parse(filed.json());
    };
    const service = createCompaniesService({ db: ctx.handle.db, now: ctx.clock.now });

    const rejected = await fileChange({ business_name: 'Northwind Rejected Ltd' });
    await service.decide(rejected.number, { decision: 'reject' });
    expect(await companyChanges()).toEqual([]);

    const approved = await fileChange({ business_name: 'Northwind Group Ltd', city: 'Leeds' });
    await service.decide(approved.number, { decision: 'approve' });
    const events = await eventsOf('company.details_changed');
    expect(events).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: finance.userId }),
        subject: approved.number,
        details: { fields: 'Business name, City' },
      }),
    ]);
  });

  it('writes nothing when a new company is approved: it had no details to change', async () => {
    const { ctx, call } = app;
    const before = (await companyChanges()).length;
    const filed = await call('POST', '/profiles/companies/requests', team.outsider, {
      business_name: 'Fjord Media AS',
      business_type: stableUuid('business-type:Agency'),
      contact_email: 'hello@fjord-media.no',
      accounting_email: 'invoices@fjord-media.no',
      country: 'NO',
      city: 'Oslo',
      zip_code: '0150',
      address: 'Karl Johans gate 1',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    await createCompaniesService({ db: ctx.handle.db, now: ctx.clock.now }).decide(
      CompanyRequestSchema.parse(filed.json()).number,
      { decision: 'approve' },
    );
    expect(await companyChanges()).toHaveLength(before);
  });
});
