import { AccountBillingSchema, type AccountBilling } from '#contract/billing.ts';
import {
  CompanyRequestListSchema,
  CompanyRequestSchema,
  CompanySchema,
  type Company,
  type CompanyRequest,
  type CompanyRequestCreate,
  type CompanyRequestList,
} from '#contract/companies.ts';
import {
  referenceDataEndpoints,
  type Country,
  type ReferenceItem,
} from '#contract/reference-data.ts';
import { apiClient } from '#src/lib/api-client.ts';

const REQUESTS = '/v1/buyer/profiles/companies/requests';
/** One page of requests; a buyer files a handful. */
export const COMPANY_REQUEST_LIST_LIMIT = 50;

export function fetchCompanyOfAccount(accountId: string, signal?: AbortSignal): Promise<Company> {
  return apiClient.request(
    `/v1/buyer/profiles/accounts/${encodeURIComponent(accountId)}/companies`,
    {
      schema: CompanySchema,
      signal,
    },
  );
}

/** What the buyer may spend for the account's company: every figure in one answer. */
export function fetchAccountBilling(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountBilling> {
  return apiClient.request(`/v1/buyer/profiles/accounts/${encodeURIComponent(accountId)}/billing`, {
    schema: AccountBillingSchema,
    signal,
  });
}

export function fetchCompanyRequests(signal?: AbortSignal): Promise<CompanyRequestList> {
  return apiClient.request(REQUESTS, {
    query: { page: 1, limit: COMPANY_REQUEST_LIST_LIMIT },
    schema: CompanyRequestListSchema,
    signal,
  });
}

export function createCompanyRequest(body: CompanyRequestCreate): Promise<CompanyRequest> {
  return apiClient.request(REQUESTS, { method: 'POST', body, schema: CompanyRequestSchema });
}

/** Countries with their ISO codes (the request carries the code). */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  const body = await apiClient.call(referenceDataEndpoints.countries, { signal });
  return body.data;
}

export async function fetchBusinessTypes(signal?: AbortSignal): Promise<ReferenceItem[]> {
  const body = await apiClient.call(referenceDataEndpoints.businessTypes, { signal });
  return body.data;
}
