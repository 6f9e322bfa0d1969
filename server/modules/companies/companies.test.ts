import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { CartDefaultsSchema } from '#contract/cart.ts';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  COMPANY_NOT_FOUND_MESSAGE,
  CompanyRequestListSchema,
  CompanyRequestSchema,
  CompanySchema,
  INVALID_BIC_MESSAGE,
  INVALID_BUSINESS_TYPE_MESSAGE,
  INVALID_COUNTRY_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_IBAN_MESSAGE,
  INVALID_VAT_MESSAGE,
  NUL_MESSAGE,
  PENDING_CHANGE_MESSAGE,
  VAT_COUNTRY_MISMATCH_MESSAGE,
} from '#contract/companies.ts';
import { LINE_BREAK_MESSAGE } from '#contract/input-rules.ts';
import { type BuyerProfile, BuyerProfileSchema } from '#contract/profile.ts';
import { accounts, companies, companyRequests } from '#server/db/schema/index.ts';
import { stableUuid } from '#server/db/stable-id.ts';
import { DEMO_KEY_HEADER, demoControlKey } from '#server/http/demo-control.ts';
import { UNKNOWN_FIELD_MESSAGE } from '#server/http/validation.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { type BuyerCalls, buyerCalls, type Who } from '#tests/helpers/orders.ts';
import {
  createTestContext,
  signInBuyers,
  TEST_JWT_SECRET,
  TEST_START,
  type TestContext,
} from '#tests/helpers/test-app.ts';

import { createCompaniesService, DEFAULT_REJECTION_REASON } from './companies.service.ts';

const AGENCY = stableUuid('business-type:Agency');

const REQUEST = {
  business_name: 'Fjord Media AS',
  business_type: AGENCY,
  contact_email: 'Hello@Fjord-Media.no',
  accounting_email: 'invoices@fjord-media.no',
  accounting_phone: '+47 22 12 34 56',
  country: 'fr',
  city: 'Paris',
  zip_code: '75002',
  address: '10 Rue de la Paix',
  address_extra: 'Bâtiment B',
  registration_number: '732 829 320',
  vat_number: 'fr 40 303 265 045',
  bank_name: 'BNP Paribas',
  bank_address: '16 Boulevard des Italiens, Paris',
  iban: 'fr14 2004 1010 0505 0001 3M02 606',
  bic_swift: 'bnpafrpp',
  additional_info: 'We buy links for our clients in France.',
};

describe('companies and company requests', () => {
  let ctx: TestContext, call: BuyerCalls, tokens: Record<Who, string>;
  const profile = async (who: Who = 'buyer'): Promise<BuyerProfile> => {
    const response = await call('GET', '/profiles', tokens[who]);
    expect(response.statusCode).toBe(200);
    return BuyerProfileSchema.parse(response.json());
  };
  const fileRequest = (body: object, who: Who = 'buyer') =>
    call('POST', '/profiles/companies/requests', tokens[who], body);
  const listRequests = async (who: Who = 'buyer') => {
    const response = await call('GET', '/profiles/companies/requests', tokens[who]);
    expect(response.statusCode).toBe(200);
    return CompanyRequestListSchema.parse(response.json());
  };
  const makeCurrent = (account: string, who: Who = 'buyer') =>
    call('PUT', '/profiles/companies/accounts/current', tokens[who], { account });
  const service = () => createCompaniesService({ db: ctx.handle.db, now: ctx.clock.now });
  const violationsOf = (response: { json(): unknown }) =>
    (response.json() as { violations?: { path: string; message: string }[] }).violations ?? [];

  let firstAccount: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
    firstAccount = (await profile()).accounts[0]!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => {
    ctx.clock.set(TEST_START);
    await ctx.handle.db.delete(companyRequests);
    // Companies created by approvals go; the fixture's stay.
    const fixtureAccount = await ctx.handle.db
      .select({ companyId: accounts.companyId })
      .from(accounts)
      .where(eq(accounts.id, firstAccount));
    for (const row of await ctx.handle.db.select({ id: companies.id }).from(companies)) {
      if (row.id === fixtureAccount[0]!.companyId) continue;
      const members = await ctx.handle.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.companyId, row.id));
      if (members.length === 0) continue;
      const [company] = await ctx.handle.db
        .select({ name: companies.businessName })
        .from(companies)
        .where(eq(companies.id, row.id));
      if (company?.name === REQUEST.business_name) {
        await ctx.handle.db.delete(companies).where(eq(companies.id, row.id));
      }
    }
    await makeCurrent(firstAccount);
  });

  describe('the company of an account', () => {
    it('answers every field of the company of one of the caller’s accounts', async () => {
      const response = await call(
        'GET',
        `/profiles/accounts/${firstAccount}/companies`,
        tokens.buyer,
      );
      expect(response.statusCode).toBe(200);
      expect(CompanySchema.strict().parse(response.json())).toEqual({
        id: expect.any(String),
        business_name: 'Northwind Outdoor Ltd',
        business_type: { id: stableUuid('business-type:E-commerce'), title: 'E-commerce' },
        contact_email: 'hello@northwind-outdoor.com',
        accounting_email: 'accounts@northwind-outdoor.com',
        accounting_phone: '+44 20 7946 0959',
        country: { id: expect.any(String), code: 'GB', title: 'United Kingdom' },
        city: 'London',
        zip_code: 'EC1V 9HX',
        address: '12 Old Street',
        address_extra: null,
        registration_number: '09876543',
        vat_number: 'GB123456789',
        bank_name: 'Barclays Bank',
        bank_address: '1 Churchill Place, London',
        iban: 'GB33BUKB20201555555555',
        bic_swift: 'BUKBGB22',
        additional_info: null,
        is_pay_by_bill_allowed: true,
        status: 'approved',
      });
    });

    it('answers another buyer’s account like an unknown one, and refuses a malformed id', async () => {
      const other = (await profile('secondBuyer')).accounts[0]!.id;
      const foreign = await call('GET', `/profiles/accounts/${other}/companies`, tokens.buyer);
      const unknown = await call('GET', `/profiles/accounts/${UNKNOWN_ID}/companies`, tokens.buyer);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(unknown.json()).toMatchObject({ message: ACCOUNT_NOT_FOUND_MESSAGE });
      const malformed = await call('GET', '/profiles/accounts/not-an-id/companies', tokens.buyer);
      expect(malformed.statusCode).toBe(400);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/buyer/profiles/accounts/${firstAccount}/companies`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('filing a company request', () => {
    it('stores every field, normalised, as pending, and lists it for the buyer only', async () => {
      const response = await fileRequest(REQUEST);
      expect(response.statusCode).toBe(201);
      const request = CompanyRequestSchema.parse(response.json());
      expect(request).toMatchObject({
        number: expect.stringMatching(/^CR-\d+$/),
        company: null,
        is_change: false,
        status: 'pending',
        rejection_reason: null,
        created_at: TEST_START.toISOString(),
        decided_at: null,
        details: {
          business_name: 'Fjord Media AS',
          business_type: { id: AGENCY, title: 'Agency' },
          contact_email: 'hello@fjord-media.no',
          accounting_email: 'invoices@fjord-media.no',
          accounting_phone: '+47 22 12 34 56',
          country: { code: 'FR', title: 'France' },
          city: 'Paris',
          zip_code: '75002',
          address: '10 Rue de la Paix',
          address_extra: 'Bâtiment B',
          registration_number: '732 829 320',
          vat_number: 'FR40303265045',
          bank_name: 'BNP Paribas',
          bank_address: '16 Boulevard des Italiens, Paris',
          iban: 'FR1420041010050500013M02606',
          bic_swift: 'BNPAFRPP',
          additional_info: 'We buy links for our clients in France.',
        },
      });
      expect((await listRequests()).data).toEqual([request]);
      expect((await listRequests('secondBuyer')).data).toEqual([]);
    });

    it('takes a country of the full ISO 3166 list, and optional fields left out', async () => {
      const response = await fileRequest({
        ...REQUEST,
        country: 'KE',
        city: 'Nairobi',
        vat_number: 'P051234567X',
        iban: '',
        bic_swift: null,
        address_extra: undefined,
        additional_info: '   ',
      });
      expect(response.statusCode).toBe(201);
      expect(CompanyRequestSchema.parse(response.json()).details).toMatchObject({
        country: { code: 'KE', title: 'Kenya' },
        vat_number: 'P051234567X',
        iban: null,
        bic_swift: null,
        address_extra: null,
        additional_info: null,
      });
    });

    it.each([
      ['iban', { iban: 'FR14 2004 1010 0505 0001 3M02 607' }, INVALID_IBAN_MESSAGE],
      ['iban', { iban: 'not an iban' }, INVALID_IBAN_MESSAGE],
      ['bic_swift', { bic_swift: 'BNPA12PP' }, INVALID_BIC_MESSAGE],
      ['vat_number', { vat_number: 'FR12' }, INVALID_VAT_MESSAGE],
      ['vat_number', { vat_number: 'DE123456789' }, VAT_COUNTRY_MISMATCH_MESSAGE],
      ['country', { country: 'ZZ' }, INVALID_COUNTRY_MESSAGE],
      ['country', { country: 'France' }, INVALID_COUNTRY_MESSAGE],
      ['contact_email', { contact_email: 'hello@' }, INVALID_EMAIL_MESSAGE],
      ['accounting_email', { accounting_email: 'accounts.example.com' }, INVALID_EMAIL_MESSAGE],
      ['business_name', { business_name: '  ' }, 'Enter the business name.'],
      ['business_name', { business_name: 'Fjord\u0000Media' }, NUL_MESSAGE],
      ['business_name', { business_name: 'Fjord\r\nBcc: all@example.com' }, LINE_BREAK_MESSAGE],
      ['business_name', { business_name: 'Fjord\nMedia' }, LINE_BREAK_MESSAGE],
      ['business_name', { business_name: 'x'.repeat(10_000) }, 'At most 255 characters.'],
      ['business_type', { business_type: 'agency' }, INVALID_BUSINESS_TYPE_MESSAGE],
      ['city', { city: 42 }, expect.any(String)],
    ])('refuses a bad %s with a violation on it', async (path, change, message) => {
      const response = await fileRequest({ ...REQUEST, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400 });
      expect(violationsOf(response)).toEqual([{ path, message }]);
      expect((await listRequests()).data).toEqual([]);
    });

    it('refuses an unknown business type on the field', async () => {
      const response = await fileRequest({ ...REQUEST, business_type: UNKNOWN_ID });
      expect(response.statusCode).toBe(422);
      expect(violationsOf(response)).toEqual([
        { path: 'business_type', message: INVALID_BUSINESS_TYPE_MESSAGE },
      ]);
    });

    it('refuses the fields that are the marketplace’s to set, applying none', async () => {
      const response = await fileRequest({
        ...REQUEST,
        is_pay_by_bill_allowed: true,
        status: 'approved',
        credit_limit: '100000.00',
        credits_balance: '5000.00',
        user_id: UNKNOWN_ID,
      });
      expect(response.statusCode).toBe(400);
      expect(violationsOf(response).map((v) => [v.path, v.message])).toEqual(
        ['is_pay_by_bill_allowed', 'status', 'credit_limit', 'credits_balance', 'user_id'].map(
          (path) => [path, UNKNOWN_FIELD_MESSAGE],
        ),
      );
      expect((await listRequests()).data).toEqual([]);
    });

    it('asks for a change of the buyer’s own company only, one pending change at a time', async () => {
      const own = await call('GET', `/profiles/accounts/${firstAccount}/companies`, tokens.buyer);
      const companyId = CompanySchema.parse(own.json()).id;
      const change = await fileRequest({
        ...REQUEST,
        company: companyId,
        business_name: 'Northwind Outdoor Group Ltd',
      });
      expect(change.statusCode).toBe(201);
      expect(CompanyRequestSchema.parse(change.json())).toMatchObject({
        is_change: true,
        company: { id: companyId, title: 'Northwind Outdoor Ltd' },
      });
      const again = await fileRequest({ ...REQUEST, company: companyId });
      expect(again.statusCode).toBe(409);
      expect(violationsOf(again)).toEqual([{ path: 'company', message: PENDING_CHANGE_MESSAGE }]);

      const foreign = await call(
        'GET',
        `/profiles/accounts/${(await profile('secondBuyer')).accounts[0]!.id}/companies`,
        tokens.secondBuyer,
      );
      const foreignCompany = CompanySchema.parse(foreign.json()).id;
      for (const company of [foreignCompany, UNKNOWN_ID]) {
        const refused = await fileRequest({ ...REQUEST, company });
        expect(refused.statusCode).toBe(422);
        expect(violationsOf(refused)).toEqual([
          { path: 'company', message: COMPANY_NOT_FOUND_MESSAGE },
        ]);
      }
    });
  });

  describe('decisions of the marketplace (the demo reviewer)', () => {
    it('turns an approved request into a selectable account with a credit limit of 0', async () => {
      const request = CompanyRequestSchema.parse((await fileRequest(REQUEST)).json());
      ctx.clock.advanceSeconds(30);
      const result = await service().decide(request.number, { decision: 'approve' });
      expect(result).toMatchObject({ request: request.number, status: 'approved' });

      const [listed] = (await listRequests()).data;
      expect(listed).toMatchObject({
        status: 'approved',
        decided_at: new Date(TEST_START.getTime() + 30_000).toISOString(),
        company: { id: result.company!.id, title: 'Fjord Media AS' },
      });
      const { accounts: mine } = await profile();
      const added = mine.find((account) => account.company.id === result.company!.id)!;
      expect(added).toMatchObject({
        is_current: false,
        credit_limit: '0.00',
        credits_balance: '0.00',
      });

      const company = await call('GET', `/profiles/accounts/${added.id}/companies`, tokens.buyer);
      expect(CompanySchema.parse(company.json())).toMatchObject({
        business_name: 'Fjord Media AS',
        iban: 'FR1420041010050500013M02606',
        is_pay_by_bill_allowed: false,
        status: 'approved',
      });

      const switched = await makeCurrent(added.id);
      expect(switched.statusCode).toBe(200);
      expect(switched.json()).toMatchObject({
        id: added.id,
        is_current: true,
        credit_limit: '0.00',
      });
      const after = await profile();
      expect(after.accounts.filter((account) => account.is_current).map((a) => a.id)).toEqual([
        added.id,
      ]);
      // Checkout's default company follows the current account.
      const defaults = await call('GET', '/shopping-carts/defaults', tokens.buyer);
      expect(CartDefaultsSchema.parse(defaults.json()).company.id).toBe(result.company!.id);

      await expect(service().decide(request.number, { decision: 'reject' })).rejects.toMatchObject({
        statusCode: 409,
      });
    });

    it('rejects with a reason, or the default one, and creates no account', async () => {
      const first = CompanyRequestSchema.parse((await fileRequest(REQUEST)).json());
      const second = CompanyRequestSchema.parse(
        (await fileRequest({ ...REQUEST, business_name: 'Fjord Media Two' })).json(),
      );
      await service().decide(first.id, {
        decision: 'reject',
        reason: 'The IBAN belongs to another company.',
      });
      await service().decide(second.number.replace('CR-', ''), { decision: 'reject' });
      const listed = (await listRequests()).data;
      expect(listed.map((r) => [r.number, r.status, r.rejection_reason])).toEqual(
        expect.arrayContaining([
          [first.number, 'rejected', 'The IBAN belongs to another company.'],
          [second.number, 'rejected', DEFAULT_REJECTION_REASON],
        ]),
      );
      expect((await profile()).accounts).toHaveLength(1);
      await expect(service().decide('CR-999999', { decision: 'approve' })).rejects.toMatchObject({
        statusCode: 404,
      });
    });

    it('applies an approved change to the company', async () => {
      const own = await call('GET', `/profiles/accounts/${firstAccount}/companies`, tokens.buyer);
      const before = CompanySchema.parse(own.json());
      const request = CompanyRequestSchema.parse(
        (
          await fileRequest({
            ...REQUEST,
            company: before.id,
            business_name: 'Northwind Outdoor Group Ltd',
            country: 'GB',
            vat_number: 'GB 980 7806 84',
            iban: before.iban,
            bic_swift: before.bic_swift,
          })
        ).json(),
      );
      await service().decide(request.id, { decision: 'approve' });
      const after = CompanySchema.parse(
        (await call('GET', `/profiles/accounts/${firstAccount}/companies`, tokens.buyer)).json(),
      );
      expect(after).toMatchObject({
        id: before.id,
        business_name: 'Northwind Outdoor Group Ltd',
        vat_number: 'GB980780684',
        city: 'Paris',
        is_pay_by_bill_allowed: true,
      });
      expect((await profile()).accounts).toHaveLength(1);
      await ctx.handle.db
        .update(companies)
        .set({ businessName: 'Northwind Outdoor Ltd', city: 'London', vatNumber: 'GB123456789' })
        .where(eq(companies.id, before.id));
    });

    it('approves the requests that waited the demo pace, in a paced job', async () => {
      await fileRequest(REQUEST);
      expect(await service().approveDue(60)).toBe(0);
      ctx.clock.advanceSeconds(61);
      expect(await service().approveDue(60)).toBe(1);
      expect((await listRequests()).data.map((r) => r.status)).toEqual(['approved']);
    });
  });

  describe('the current company account', () => {
    it('refuses another buyer’s account like an unknown one, and a bad body', async () => {
      const other = (await profile('secondBuyer')).accounts[0]!.id;
      const foreign = await makeCurrent(other);
      const unknown = await makeCurrent(UNKNOWN_ID);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect((await profile('secondBuyer')).accounts[0]!.is_current).toBe(true);
      const extra = await call('PUT', '/profiles/companies/accounts/current', tokens.buyer, {
        account: firstAccount,
        credit_limit: '1.00',
      });
      expect(extra.statusCode).toBe(400);
      expect(violationsOf(extra)).toEqual([
        { path: 'credit_limit', message: UNKNOWN_FIELD_MESSAGE },
      ]);
      const wrongType = await call('PUT', '/profiles/companies/accounts/current', tokens.buyer, {
        account: 42,
      });
      expect(wrongType.statusCode).toBe(400);
      expect(violationsOf(wrongType).map((v) => v.path)).toEqual(['account']);
    });
  });
});

describe('the demo control of company requests', () => {
  let ctx: TestContext, call: BuyerCalls, tokens: Record<Who, string>;
  beforeAll(async () => {
    ctx = await createTestContext({ overrides: { demo: { advanceSeconds: 0 } } });
    tokens = await signInBuyers(ctx.app);
    call = buyerCalls(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const decideOnServer = (reference: string, body: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/demo/company-requests/${reference}/decision`,
      headers: key ? { [DEMO_KEY_HEADER]: key } : {},
      payload: body,
    });

  it('decides a request only with the demo key', async () => {
    const filed = await call('POST', '/profiles/companies/requests', tokens.buyer, REQUEST);
    const request = CompanyRequestSchema.parse(filed.json());
    const refused = await decideOnServer(request.number, { decision: 'approve' }, 'wrong');
    expect(refused.statusCode).toBe(403);
    const anonymous = await decideOnServer(request.number, { decision: 'approve' });
    expect(anonymous.statusCode).toBe(403);
    const key = demoControlKey(TEST_JWT_SECRET);
    const rejected = await decideOnServer(
      request.number,
      { decision: 'reject', reason: 'Unknown company.' },
      key,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ request: request.number, status: 'rejected', company: null });
    const again = await decideOnServer(request.number, { decision: 'approve' }, key);
    expect(again.statusCode).toBe(409);
    const unknown = await decideOnServer('CR-1', { decision: 'approve' }, key);
    expect(unknown.statusCode).toBe(404);
  });
});
