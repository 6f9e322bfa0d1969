import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyRequestCreate } from '#contract/companies.ts';
import { toast } from '#src/components/toast-store.ts';
import { cartQueries } from '#src/features/cart/api/queries.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { companyQueries } from './queries.ts';
import { createCompanyRequest, setCurrentAccount } from './requests.ts';

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

/** Makes an account current; the profile (accounts) and checkout's defaults follow. */
export function useSetCurrentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['companies', 'current'],
    // Switches made one after another (arrow keys on the selector) reach the server in order.
    scope: { id: 'current-company-account' },
    mutationFn: (account: string) => setCurrentAccount(account),
    onSuccess: async (account) => {
      toast({ title: `Current company: ${account.company.title}`, variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueries.all() }),
        queryClient.invalidateQueries({ queryKey: cartQueries.all() }),
      ]);
    },
  });
}
