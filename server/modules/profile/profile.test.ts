import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BuyerProfileSchema } from '#contract/profile.ts';
import { FIXTURE } from '#tests/helpers/fixture.ts';
import { addBuyersToCompany, setCredits } from '#tests/helpers/orders.ts';
import { bearer, createTestContext, login, type TestContext } from '#tests/helpers/test-app.ts';

describe('GET /api/v1/buyer/profiles', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function profileOf(email: string) {
    const { token } = await login(ctx.app, email, FIXTURE.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/profiles',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return BuyerProfileSchema.parse(response.json());
  }

  it("answers the first buyer's profile with managers and the company account", async () => {
    const profile = await profileOf(FIXTURE.buyer);
    expect(profile).toMatchObject({
      first_name: 'Emma',
      last_name: 'Johnson',
      email: FIXTURE.buyer,
      username: FIXTURE.buyer,
      phone: '+44 20 7946 0958',
      roles: ['ROLE_BUYER'],
      is_allowed_to_export_sites: true,
      avatar_file: null,
      sales_manager: {
        first_name: 'Sophie',
        last_name: 'Martin',
        email: FIXTURE.salesManager,
        avatar_file: null,
      },
      account_manager: {
        first_name: 'Lucas',
        last_name: 'Bernard',
        email: FIXTURE.accountManager,
        avatar_file: null,
      },
    });
    expect(profile.notification_preferences).toEqual({
      missing_details_reminder: true,
      topic_ready_for_approval: true,
      content_ready_for_approval: true,
      link_published: true,
      order_summary: true,
      link_issues: true,
      company_orders: false,
      billing_documents: true,
      publisher_messages: true,
    });
    expect(profile.accounts).toEqual([
      {
        id: expect.any(String),
        company: { id: expect.any(String), title: 'Northwind Outdoor Ltd' },
        is_current: true,
        role: 'owner',
        credit_limit: '5000.00',
        credits_balance: '2000.00',
        is_pay_by_bill_allowed: true,
        sees_prices: true,
      },
    ]);
  });

  it("answers the second buyer's own profile and company only", async () => {
    const profile = await profileOf(FIXTURE.secondBuyer);
    expect(profile).toMatchObject({
      email: FIXTURE.secondBuyer,
      is_allowed_to_export_sites: false,
    });
    expect(
      profile.accounts.map((account) => [account.company.title, account.credits_balance]),
    ).toEqual([['Bergmann Digital GmbH', '50.00']]);
  });

  it("shows the company's one credits balance on every account of the company", async () => {
    const first = await profileOf(FIXTURE.buyer);
    const companyId = first.accounts[0]?.company.id ?? '';
    const [colleague] = await addBuyersToCompany(ctx, companyId, 1);
    await setCredits(ctx.handle.db, companyId, '123.45');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/profiles',
      headers: bearer(colleague?.token ?? ''),
    });
    const theirs = BuyerProfileSchema.parse(response.json());
    expect(theirs.accounts.map((account) => [account.company.id, account.credits_balance])).toEqual(
      [[companyId, '123.45']],
    );
    expect((await profileOf(FIXTURE.buyer)).accounts[0]?.credits_balance).toBe('123.45');
    // The credit limit stays per account.
    expect(theirs.accounts[0]?.credit_limit).toBe('0.00');
  });
});
