import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateStrategyRequest } from '#contract/strategy-requests.ts';

import { strategyRequestQueries } from './queries.ts';
import { createStrategyRequest } from './requests.ts';

export function useCreateStrategyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['strategy-requests', 'create'],
    mutationFn: (body: CreateStrategyRequest) => createStrategyRequest(body),
    // The dialog shows violations, the daily limit and other failures itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyRequestQueries.all() }),
  });
}
