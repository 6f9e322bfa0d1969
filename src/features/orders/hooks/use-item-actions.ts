import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { OrderItem } from '#contract/order-items.ts';
import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { isApiError } from '#src/lib/api-client.ts';
import { MUTATION_ERROR_DESCRIPTION, MUTATION_ERROR_TITLE } from '#src/lib/query-client.ts';
import { toast } from '#src/lib/toast-store.ts';

import {
  actionNumbers,
  FileNeedsConnectionError,
  itemActionOutbox,
  type ItemActionResult,
  type QueuedItemAction,
  runItemAction,
} from '../api/item-actions.ts';
import { orderQueries } from '../api/queries.ts';
import type { ItemAction } from '../api/requests.ts';
import { BUYER_TRANSITION_LABELS } from '../labels.ts';

export const ITEM_ACTION_MUTATION_KEY = ['orders', 'item-action'] as const;

/** What the success toast says was done: '{item} successfully {action}d' (spec §8). */
export function actionPastTense(action: ItemAction): string {
  switch (action.kind) {
    case 'status':
      return BUYER_TRANSITION_LABELS[action.transition].done;
    case 'request_edits':
      return action.value ? 'sent for edits' : 'withdrawn from edits';
    case 'topic':
    case 'article':
      return 'confirmed';
    case 'topic_feedback':
    case 'article_feedback':
      return 'declined with feedback';
  }
}

export function successMessage(action: ItemAction): string {
  const numbers = actionNumbers(action);
  const subject = numbers.length === 1 ? `Item ${numbers[0]}` : `Items ${numbers.join(', ')}`;
  return `${subject} successfully ${actionPastTense(action)}`;
}

/** Puts the server's answer for the changed items into every cached page of their orders. */
export function applyChangedItems(queryClient: QueryClient, items: OrderItem[]): void {
  const byId = new Map(items.map((item) => [item.id, item]));
  const orderIds = new Set(items.map((item) => item.order.id));
  for (const orderId of orderIds) {
    queryClient.setQueriesData<{ data: OrderItem[]; pagination: unknown }>(
      { queryKey: orderQueries.itemPages(orderId) },
      (page) =>
        page ? { ...page, data: page.data.map((item) => byId.get(item.id) ?? item) } : page,
    );
    // The header's counts, payment and credit note may have changed with the items.
    void queryClient.invalidateQueries({ queryKey: orderQueries.detail(orderId).queryKey });
  }
}

/** The actions made offline: answers refresh the changed items, refusals show on the page. */
export const itemActionSync: OutboxSync<QueuedItemAction, OrderItem[]> = {
  kind: itemActionOutbox,
  afterRound: async (round, queryClient) => {
    applyChangedItems(queryClient, round.answers.flat());
    await queryClient.invalidateQueries({ queryKey: orderQueries.queued().queryKey });
    await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
  },
  sent: { title: 'Success', description: 'The changes made offline have been sent.' },
  refused: {
    title: 'Some changes were not made',
    description: 'See the notice on the page for the reason.',
  },
};

interface Variables {
  action: ItemAction;
  idempotencyKey: string;
}

/**
 * Runs buyer actions on order items: answers refresh only the changed items; failures offer
 * 'Try again' with the same idempotency key; offline actions wait in the outbox.
 */
export function useItemActions() {
  const queryClient = useQueryClient();
  const mutation = useMutation<ItemActionResult, Error, Variables>({
    mutationKey: ITEM_ACTION_MUTATION_KEY,
    mutationFn: ({ action, idempotencyKey }) => runItemAction(action, idempotencyKey),
    meta: { errorToast: false },
    // Offline, the action is kept in the outbox by runItemAction instead of pausing here.
    networkMode: 'always',
  });
  const { mutateAsync } = mutation;

  const execute = useCallback(
    (first: Variables): Promise<ItemActionResult | null> => {
      const attempt = async (variables: Variables): Promise<ItemActionResult | null> => {
        try {
          const result = await mutateAsync(variables);
          if (result.status === 'done') {
            applyChangedItems(queryClient, result.items);
            toast({
              title: 'Success',
              description: successMessage(variables.action),
              variant: 'success',
            });
          } else {
            await queryClient.invalidateQueries({ queryKey: orderQueries.queued().queryKey });
            toast({
              title: 'Saved on this device',
              description: `${successMessage(variables.action).replace(' successfully ', ' will be ')} when the connection returns.`,
            });
          }
          return result;
        } catch (error) {
          if (error instanceof FileNeedsConnectionError) {
            toast({
              title: MUTATION_ERROR_TITLE,
              description: error.message,
              variant: 'destructive',
            });
            return null;
          }
          if (isApiError(error, 401)) return null;
          toast({
            title: MUTATION_ERROR_TITLE,
            description: MUTATION_ERROR_DESCRIPTION,
            variant: 'destructive',
            action: { label: 'Try again', onClick: () => void attempt(variables) },
          });
          return null;
        }
      };
      return attempt(first);
    },
    [mutateAsync, queryClient],
  );

  const run = useCallback(
    (action: ItemAction) => execute({ action, idempotencyKey: crypto.randomUUID() }),
    [execute],
  );

  return { run, isPending: mutation.isPending };
}
