import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateCompetitorGroup } from '#contract/domains.ts';

import { forgetSelectedDomain } from '../selected-domain.ts';
import { addDomain, type QueuedDomainDelete, removeDomain } from './domain-writes.ts';
import { domainQueries } from './queries.ts';
import { createCompetitorGroup, deleteCompetitorGroup } from './requests.ts';

export const domainMutationKeys = {
  add: ['domains', 'add'] as const,
  remove: ['domains', 'remove'] as const,
  addGroup: ['domains', 'add-competitor-group'] as const,
  removeGroup: ['domains', 'remove-competitor-group'] as const,
};

/** Adds a domain; offline it is kept on this device (domain-writes.ts). The form shows errors. */
export function useAddDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: domainMutationKeys.add,
    mutationFn: (hostname: string) => addDomain(hostname),
    // Offline is handled by the function itself: it keeps the write instead of waiting.
    networkMode: 'always',
    meta: { errorToast: false },
    onSuccess: (result) => {
      if (result.status === 'sent') {
        return queryClient.invalidateQueries({ queryKey: domainQueries.all() });
      }
    },
  });
}

/** Deletes a domain; offline it is kept on this device. */
export function useRemoveDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: domainMutationKeys.remove,
    mutationFn: (domain: QueuedDomainDelete) => removeDomain(domain),
    networkMode: 'always',
    onSuccess: (result, domain) => {
      forgetSelectedDomain(domain.id);
      if (result.status === 'sent') {
        return queryClient.invalidateQueries({ queryKey: domainQueries.all() });
      }
    },
  });
}

export function useCreateCompetitorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: domainMutationKeys.addGroup,
    mutationFn: (body: CreateCompetitorGroup) => createCompetitorGroup(body),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainQueries.competitorGroups() }),
  });
}

export function useDeleteCompetitorGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: domainMutationKeys.removeGroup,
    mutationFn: (id: string) => deleteCompetitorGroup(id),
    meta: { successMessage: 'Competitor group deleted' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainQueries.competitorGroups() }),
  });
}
