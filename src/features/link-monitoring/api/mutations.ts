import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { LINK_CHECK_OUTCOME_TITLES, type LinkRemedyKind } from '#contract/link-monitoring.ts';
import { orderQueries } from '#src/features/orders/api/queries.ts';
import { toast } from '#src/lib/toast-store.ts';

import { linkMonitoringQueries } from './queries.ts';
import { checkLinkNow, requestRemedy } from './requests.ts';

/**
 * The item whose link a call is about, with its order, whose item pages show its health, and the
 * order's company, whose role decides whether the member may act on the link.
 */
export interface MonitoredItemRef {
  id: string;
  number: string;
  orderId: string;
  companyId: string;
}

export const linkMutationKeys = {
  checkNow: ['link-monitoring', 'check-now'] as const,
  remedy: ['link-monitoring', 'remedy'] as const,
};

/**
 * A changed link shows anew in its item's dialog and the monitoring list and overview (all under
 * `all()`), and in its order's items.
 */
function refreshLinkOf(queryClient: QueryClient, item: MonitoredItemRef) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: linkMonitoringQueries.all() }),
    queryClient.invalidateQueries({ queryKey: orderQueries.itemPages(item.orderId) }),
  ]);
}

/**
 * "Check now" for one link. The button shows a refusal (a second check within a minute) beside
 * itself, so no toast repeats it.
 */
export function useCheckNow(item: MonitoredItemRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...linkMutationKeys.checkNow, item.id],
    mutationFn: () => checkLinkNow(item.id),
    meta: { errorToast: false },
    onSuccess: (check) => {
      toast({
        title: `Link of item ${item.number} checked`,
        description: LINK_CHECK_OUTCOME_TITLES[check.outcome],
        variant: check.outcome === 'ok' ? 'success' : 'default',
      });
      return refreshLinkOf(queryClient, item);
    },
  });
}

export const REMEDY_REQUESTED: Record<LinkRemedyKind, string> = {
  restore: 'The publisher is asked to restore the link. We check it again once it is updated.',
  refund: 'A refund is on its way as a credit note.',
};

/** Asks for a restore or a refund of an open issue; the dialog shows a refusal itself. */
export function useRequestRemedy(item: MonitoredItemRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...linkMutationKeys.remedy, item.id],
    mutationFn: ({ issueId, kind }: { issueId: string; kind: LinkRemedyKind }) =>
      requestRemedy(item.id, issueId, kind),
    meta: { errorToast: false },
    onSuccess: (_issue, { kind }) => {
      toast({
        title: kind === 'restore' ? 'Restore asked for' : 'Refund asked for',
        description: REMEDY_REQUESTED[kind],
        variant: 'success',
      });
      return refreshLinkOf(queryClient, item);
    },
  });
}
