import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompanyRequestCreateSchema,
  CompanyRequestListSchema,
  CompanyRequestSchema,
  CompanySchema,
  CurrentAccountBodySchema,
  CurrentAccountSchema,
} from '#contract/companies.ts';
import { AccountBillingSchema } from '#contract/billing.ts';
import { pageQuerySchema } from '#contract/pagination.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { CompaniesService } from './companies.service.ts';

const common = { tags: ['Companies'], security: [{ bearerAuth: [] }] };
const RequestsQuerySchema = pageQuerySchema({ defaultLimit: 20, maxLimit: 100 });

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  app.put(
    '/profiles/companies/accounts/current',
    {
      schema: {
        ...common,
        summary: 'Makes one of the caller’s company accounts the current one',
        description:
          'Checkout’s default company and the dashboard follow the current account. Another buyer’s account answers 404 like an unknown one.',
        body: CurrentAccountBodySchema,
        response: { 200: CurrentAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => companies.setCurrentAccount(principalOf(request).userId, request.body.account),
  );

  app.get(
    '/profiles/accounts/:id/companies',
    {
      schema: {
        ...common,
        summary: 'The company of one of the caller’s accounts, with every detail',
        params: z.object({ id: z.uuid() }),
        response: { 200: CompanySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => companies.companyOfAccount(principalOf(request).userId, request.params.id),
  );

  app.get(
    '/profiles/accounts/:id/billing',
    {
      schema: {
        ...common,
        summary: 'What the caller may spend for the company of one of their accounts',
        description:
          'The company’s credit balance and the caller’s pay-by-bill limit, unpaid pay-by-bill orders and what is available to pay by bill (bounded by the company’s own limit too), all with VAT: the figures checkout’s payment methods show (decision 168).',
        params: z.object({ id: z.uuid() }),
        response: { 200: AccountBillingSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => companies.billingOfAccount(principalOf(request).userId, request.params.id),
  );

  app.get(
    '/profiles/companies/requests',
    {
      schema: {
        ...common,
        summary: "The caller's company requests ('My company requests'), newest first",
        querystring: RequestsQuerySchema,
        response: { 200: CompanyRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => companies.listRequests(principalOf(request).userId, request.query),
  );

  app.post(
    '/profiles/companies/requests',
    {
      config: { idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions },
      schema: {
        ...common,
        summary: "Files a company request ('Add new company request', or a change of a company)",
        description:
          'Every field of spec §3 "Company" the buyer gives; `company` names one of the caller’s companies for a change of its details. The country is `country_id`, the `id` of an entry of GET /api/v1/common/countries (an ISO 3166-1 alpha-2 code in `country` is still accepted). IBAN and BIC checksums, VAT number formats (of the country) and e-mail addresses are checked. The pay-by-bill flag, status and credit are the marketplace’s and refused. Marketplace staff approve or reject the request; an approved new company becomes an account with a credit limit of 0.',
        headers: IdempotencyHeadersSchema,
        body: CompanyRequestCreateSchema,
        response: { 201: CompanyRequestSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) =>
      companies.createRequest(transactionOf(request), principalOf(request).userId, request.body),
  );
};
