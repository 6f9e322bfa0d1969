import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../components/toast-store.ts';
import { syncOutbox, type OutboxKind, type OutboxRound } from '../lib/outbox.ts';

interface RoundMessage {
  title: string;
  description: string;
}

/** How the screens follow one outbox kind: what to refresh and what to tell the buyer. */
export interface OutboxSync<TVariables, TAnswer> {
  kind: OutboxKind<TVariables, TAnswer>;
  /** Runs after a round that sent or refused something, to bring cached data up to date. */
  afterRound: (round: OutboxRound<TAnswer>, queryClient: QueryClient) => Promise<void>;
  /** Shown when everything sent in the round was accepted. */
  sent: RoundMessage;
  /** Shown when the server refused something; the reason stays on the page until dismissed. */
  refused: RoundMessage;
}

/** Sends the writes of one outbox kind: when the app starts and whenever the connection returns. */
export function useOutboxSync<TVariables, TAnswer>(sync: OutboxSync<TVariables, TAnswer>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let isActive = true;
    const run = async () => {
      try {
        const round = await syncOutbox(sync.kind);
        if (round.sent > 0 || round.refused > 0) await sync.afterRound(round, queryClient);
        if (!isActive) return;
        if (round.refused > 0) toast({ ...sync.refused, variant: 'destructive' });
        else if (round.sent > 0) toast({ ...sync.sent, variant: 'success' });
      } catch {
        // Nothing was lost: the entries stay on this device for the next attempt.
      }
    };
    const onOnline = () => void run();
    void run();
    window.addEventListener('online', onOnline);
    return () => {
      isActive = false;
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient, sync]);
}
