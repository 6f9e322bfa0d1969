import { queryOptions } from '@tanstack/react-query';

import {
  fetchAccountBilling,
  fetchBusinessTypes,
  fetchCompanyOfAccount,
  fetchCompanyRequests,
  fetchCountries,
} from './requests.ts';

const HOUR = 60 * 60 * 1000;

export const companyQueries = {
  all: () => ['buyer', 'companies'] as const,
  company: (accountId: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'account', accountId] as const,
      queryFn: ({ signal }) => fetchCompanyOfAccount(accountId, signal),
    }),
  billing: (accountId: string) =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'account', accountId, 'billing'] as const,
      // Orders change these figures: read fresh whenever shown.
      staleTime: 0,
      queryFn: ({ signal }) => fetchAccountBilling(accountId, signal),
    }),
  requests: () =>
    queryOptions({
      queryKey: [...companyQueries.all(), 'requests'] as const,
      queryFn: ({ signal }) => fetchCompanyRequests(signal),
    }),
  countries: () =>
    queryOptions({
      queryKey: ['common', 'reference', 'countries', 'with-codes'] as const,
      queryFn: ({ signal }) => fetchCountries(signal),
      staleTime: HOUR,
    }),
  businessTypes: () =>
    queryOptions({
      queryKey: ['common', 'reference', 'business-types'] as const,
      queryFn: ({ signal }) => fetchBusinessTypes(signal),
      staleTime: HOUR,
    }),
};
