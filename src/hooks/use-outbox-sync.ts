import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { toast } from '#src/lib/toast-store.ts';

import { type OutboxKind, type OutboxRound, syncOutbox } from '../lib/outbox.ts';
import { keepSending, type RetryOptions } from '../lib/outbox-retry.ts';

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

/**
 * Sends the writes of one outbox kind: when the app starts, and again with a growing pause while
 * some wait, on focus, when the page is shown again and when the connection returns
 * (`keepSending`, decision 176).
 */
export function useOutboxSync<TVariables, TAnswer>(
  sync: OutboxSync<TVariables, TAnswer>,
  retry?: RetryOptions,
): void {
  const queryClient = useQueryClient();
  const firstMs = retry?.firstMs;
  const maxMs = retry?.maxMs;
  useEffect(() => {
    let isActive = true;
    const stop = keepSending(
      async () => {
        const round = await syncOutbox(sync.kind);
        if (round.sent > 0 || round.refused > 0) await sync.afterRound(round, queryClient);
        if (isActive) {
          if (round.refused > 0) toast({ ...sync.refused, variant: 'destructive' });
          else if (round.sent > 0) toast({ ...sync.sent, variant: 'success' });
        }
        return round.isWaiting;
      },
      { firstMs, maxMs },
    );
    return () => {
      isActive = false;
      stop();
    };
  }, [queryClient, sync, firstMs, maxMs]);
}
