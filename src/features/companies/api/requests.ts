import type { AccountBilling } from '#contract/billing.ts';
import {
  type Company,
  companyEndpoints as endpoints,
  type CompanyRequest,
  type CompanyRequestCreate,
  type CompanyRequestList,
} from '#contract/companies.ts';
import {
  type Country,
  referenceDataEndpoints,
  type ReferenceItem,
} from '#contract/reference-data.ts';
import { apiClient } from '#src/lib/api-client.ts';

/** One page of requests; a buyer files a handful. */
export const COMPANY_REQUEST_LIST_LIMIT = 50;

export function fetchCompanyOfAccount(accountId: string, signal?: AbortSignal): Promise<Company> {
  return apiClient.call(endpoints.companyOfAccount, { params: { id: accountId }, signal });
}

/** What the buyer may spend for the account's company: every figure in one answer. */
export function fetchAccountBilling(
  accountId: string,
  signal?: AbortSignal,
): Promise<AccountBilling> {
  return apiClient.call(endpoints.billingOfAccount, { params: { id: accountId }, signal });
}

export function fetchCompanyRequests(signal?: AbortSignal): Promise<CompanyRequestList> {
  return apiClient.call(endpoints.listRequests, {
    query: { page: 1, limit: COMPANY_REQUEST_LIST_LIMIT },
    signal,
  });
}

export function createCompanyRequest(body: CompanyRequestCreate): Promise<CompanyRequest> {
  return apiClient.call(endpoints.createRequest, { body });
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
