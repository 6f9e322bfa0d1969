// A country is named the same way in every request (decision 172): `country_id`, the `id` of an
// entry of GET /api/v1/common/countries; the OpenAPI document says so on each field.
import { describe, expect, it } from 'vitest';

import { CompanyRequestSchema, INVALID_COUNTRY_MESSAGE } from '#contract/companies.ts';
import { OrderSchema } from '#contract/orders.ts';
import { type Country, CountryListSchema } from '#contract/reference-data.ts';
import { stableUuid } from '#server/db/stable-id.ts';
import { UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { lineFor, siteWithNiches, useBuyerApp } from '#tests/helpers/orders.ts';

const COMPANY_REQUEST = {
  business_name: 'Fjord Media AS',
  business_type: stableUuid('business-type:Agency'),
  contact_email: 'hello@fjord-media.no',
  accounting_email: 'invoices@fjord-media.no',
  city: 'Paris',
  zip_code: '75002',
  address: '10 Rue de la Paix',
};
const BILLING = {
  business_name: 'Fjord Media SAS',
  city: 'Paris',
  address: '10 Rue de la Paix',
  zip_code: '75002',
};

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

describe('a country in requests', () => {
  const app = useBuyerApp();
  const violationsOf = (response: { json(): unknown }) =>
    (response.json() as { violations?: { path: string; message: string }[] }).violations ?? [];

  async function countries(): Promise<Country[]> {
    const response = await app.ctx.app.inject({ method: 'GET', url: '/api/v1/common/countries' });
    expect(response.statusCode).toBe(200);
    return CountryListSchema.parse(response.json()).data;
  }
  async function country(code: string): Promise<Country> {
    const found = (await countries()).find((item) => item.code === code);
    if (!found) throw new Error(`No ${code} in the countries list`);
    return found;
  }
  const fileRequest = (body: object) =>
    app.call('POST', '/profiles/companies/requests', app.tokens.buyer, body);
  async function order(billing: object) {
    const line = lineFor(app.facts, siteWithNiches(app.facts));
    const added = await app.call('POST', '/shopping-carts/items', app.tokens.buyer, line);
    expect(added.statusCode, added.body).toBe(201);
    return app.call('POST', '/orders', app.tokens.buyer, {
      company: app.facts.companyIds.buyer,
      invoice_emails: ['accounts@example.com'],
      payment_method: 'bank_transfer',
      billing,
    });
  }

  it('takes the id of the countries list in a company request and in checkout billing', async () => {
    const france = await country('FR');
    const filed = await fileRequest({
      ...COMPANY_REQUEST,
      country_id: france.id,
      vat_number: 'FR40303265045',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(CompanyRequestSchema.parse(filed.json()).details.country).toEqual(france);

    const placed = await order({ ...BILLING, country_id: france.id });
    expect(placed.statusCode, placed.body).toBe(201);
    const placedOrder = OrderSchema.parse(placed.json());
    expect(placedOrder.billing.country_id).toBe(france.id);
    // France is in the EU and the seller in Germany: the country decided the VAT.
    expect(placedOrder.vat_treatment).toBe('eu_no_vat_number');
  });

  it('still takes an ISO code in a company request, as before, and both when they agree', async () => {
    const kenya = await country('KE');
    for (const naming of [{ country: 'ke' }, { country: 'KE', country_id: kenya.id }]) {
      const filed = await fileRequest({ ...COMPANY_REQUEST, ...naming });
      expect(filed.statusCode, filed.body).toBe(201);
      expect(CompanyRequestSchema.parse(filed.json()).details.country).toEqual(kenya);
    }
  });

  it.each([
    ['an unknown id', { country_id: UNKNOWN_ID }, 422, 'country_id'],
    ['a code as the id', { country_id: 'FR' }, 400, 'country_id'],
    ['no country', {}, 400, 'country_id'],
    ['an unknown code', { country: 'ZZ' }, 400, 'country'],
  ])('refuses a company request with %s', async (_case, naming, status, path) => {
    const response = await fileRequest({ ...COMPANY_REQUEST, ...naming });
    expect(response.statusCode).toBe(status);
    expect(violationsOf(response)).toEqual([{ path, message: INVALID_COUNTRY_MESSAGE }]);
  });

  it('refuses a code and an id that name two countries', async () => {
    const france = await country('FR');
    const response = await fileRequest({
      ...COMPANY_REQUEST,
      country_id: france.id,
      country: 'DE',
    });
    expect(response.statusCode).toBe(422);
    expect(violationsOf(response)).toEqual([{ path: 'country', message: INVALID_COUNTRY_MESSAGE }]);
  });

  it('checks the VAT number against a country named by its id', async () => {
    const france = await country('FR');
    const response = await fileRequest({
      ...COMPANY_REQUEST,
      country_id: france.id,
      vat_number: 'DE123456789',
    });
    expect(response.statusCode).toBe(422);
    expect(violationsOf(response)).toEqual([
      {
        path: 'vat_number',
        message: "This VAT number belongs to another country than the company's.",
      },
    ]);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a code', 'FR'],
  ])('refuses checkout billing with %s', async (_case, countryId) => {
    const response = await order({ ...BILLING, country_id: countryId });
    expect(response.statusCode).toBe(400);
    expect(violationsOf(response)).toEqual([
      { path: 'billing.country_id', message: INVALID_COUNTRY_MESSAGE },
    ]);
    await app.call('DELETE', '/shopping-carts', app.tokens.buyer);
  });

  it('says in the OpenAPI document which value names a country', async () => {
    const document = (await app.ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
            responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
          }
        >
      >;
    }>();
    const body = (path: string) =>
      document.paths[path]!.post!.requestBody!.content['application/json']!.schema;
    const company = body('/api/v1/buyer/profiles/companies/requests').properties!;
    expect(company.country_id?.description).toContain('GET /api/v1/common/countries');
    expect(company.country?.description).toMatch(/^Deprecated: .*ISO 3166-1 alpha-2/);
    const billing = body('/api/v1/buyer/orders').properties!.billing!.properties!;
    expect(billing.country_id?.description).toContain('GET /api/v1/common/countries');
    const listed =
      document.paths['/api/v1/common/countries']!.get!.responses['200']!.content[
        'application/json'
      ]!.schema.properties!.data!.items!.properties!;
    expect(listed.id?.description).toContain('country_id');
  });
});
