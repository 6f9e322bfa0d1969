/**
 * Switching the current company account. Kept apart from the company requests: the switch sits on
 * the catalogue's first screen, and the request code (IBAN, BIC and VAT checks) must not come with
 * it (decision 110).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type Account, profileEndpoints } from '#contract/profile.ts';
import { cartQueries } from '#src/features/cart/api/queries.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { apiClient } from '#src/lib/api-client.ts';
import { toast } from '#src/lib/toast-store.ts';

/** The answer is the account made current. */
export function setCurrentAccount(account: string): Promise<Account> {
  return apiClient.call(profileEndpoints.setCurrentAccount, { body: { account } });
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
