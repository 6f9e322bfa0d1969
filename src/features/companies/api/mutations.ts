import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CompanyRequestCreate } from '#contract/companies.ts';

import { companyQueries } from './queries.ts';
import { createCompanyRequest } from './requests.ts';

export function useCreateCompanyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['companies', 'requests', 'create'],
    mutationFn: (body: CompanyRequestCreate) => createCompanyRequest(body),
    // The form shows violations and other failures itself.
    meta: { errorToast: false },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: companyQueries.requests().queryKey }),
  });
}
