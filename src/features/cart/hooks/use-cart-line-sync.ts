import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/toast-store.ts';
import { syncCartLineDrafts } from '../api/cart-lines.ts';
import { cartQueries } from '../api/queries.ts';
import { bumpCartRevision } from '../cart-revision.ts';

/** Sends the cart lines kept offline: when the app starts and whenever the connection returns. */
export function useCartLineSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let isActive = true;
    const run = async () => {
      try {
        const result = await syncCartLineDrafts();
        if (result.sent > 0) {
          bumpCartRevision();
          await queryClient.invalidateQueries({ queryKey: cartQueries.all() });
        }
        if (!isActive) return;
        if (result.refused > 0) {
          toast({
            title: 'Some articles were not added',
            description: 'See the cart for the reason.',
            variant: 'destructive',
          });
        } else if (result.sent > 0) {
          toast({
            title: 'Cart synced',
            description: 'The articles added offline are in your cart now.',
            variant: 'success',
          });
        }
      } catch {
        // Nothing was lost: the lines stay on this device for the next attempt.
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
