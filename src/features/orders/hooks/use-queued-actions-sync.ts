import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/toast-store.ts';
import { syncQueuedActions } from '../api/item-actions.ts';
import { orderQueries } from '../api/queries.ts';
import { applyChangedItems } from './use-item-actions.ts';

/** Sends the item actions kept offline: when the page starts and whenever the connection returns. */
export function useQueuedActionsSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let isActive = true;
    const run = async () => {
      try {
        const result = await syncQueuedActions();
        if (result.items.length) applyChangedItems(queryClient, result.items);
        if (result.sent > 0 || result.refused > 0) {
          await queryClient.invalidateQueries({ queryKey: orderQueries.queued().queryKey });
          await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
        }
        if (!isActive) return;
        if (result.refused > 0) {
          toast({
            title: 'Some changes were not made',
            description: 'See the notice on the page for the reason.',
            variant: 'destructive',
          });
        } else if (result.sent > 0) {
          toast({
            title: 'Success',
            description: 'The changes made offline have been sent.',
            variant: 'success',
          });
        }
      } catch {
        // Nothing was lost: the actions stay on this device for the next attempt.
      }
    };
    const onOnline = () => void run();
    void run();
    window.addEventListener('online', onOnline);
    return () => {
      isActive = false;
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
