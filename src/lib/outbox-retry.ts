/**
 * When an outbox kind's writes are sent (decision 176): at once, then again after a growing pause
 * while entries still wait (doubling from `firstMs`, capped at `maxMs`), and at once whenever the
 * window gets focus, is shown again, or the connection returns, whether the browser says so with
 * an `online` event or a request gets an answer again (`connection.ts`). A browser that never
 * fires `online` (Chromium after a reload offline) still sends without a reload.
 *
 * Rounds of one kind never overlap in a tab, and the round itself holds a Web Lock across tabs
 * and removes each entry once answered; a repeat after a lost answer carries the entry's own
 * idempotency key. So no write is applied twice.
 */
import { backoffDelay, isConnected, subscribeConnection } from './connection.ts';

export const OUTBOX_RETRY_FIRST_MS = 2000;
export const OUTBOX_RETRY_MAX_MS = 60_000;

export interface RetryOptions {
  firstMs?: number;
  maxMs?: number;
}

/**
 * Runs `round` now and whenever it may deliver; `round` resolves to whether entries still wait.
 * Returns the function that stops it.
 */
export function keepSending(round: () => Promise<boolean>, options: RetryOptions = {}): () => void {
  const firstMs = options.firstMs ?? OUTBOX_RETRY_FIRST_MS;
  const maxMs = options.maxMs ?? OUTBOX_RETRY_MAX_MS;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isRunning = false;
  let isAskedAgain = false;
  let isStopped = false;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const run = async (): Promise<void> => {
    if (isStopped) return;
    if (isRunning) {
      isAskedAgain = true;
      return;
    }
    clearTimer();
    isRunning = true;
    let isWaiting: boolean;
    try {
      isWaiting = await round();
    } catch {
      // Nothing was lost: the entries stay on this device for the next round.
      isWaiting = true;
    } finally {
      isRunning = false;
    }
    if (isStopped) return;
    if (isAskedAgain) {
      isAskedAgain = false;
      void run();
    } else if (isWaiting) {
      timer = setTimeout(() => void run(), backoffDelay(attempt, firstMs, maxMs));
      attempt += 1;
    } else {
      attempt = 0;
    }
  };

  const runNow = () => {
    attempt = 0;
    void run();
  };
  const onVisibility = () => {
    if (document.visibilityState !== 'hidden') runNow();
  };
  let wasConnected = isConnected();
  const unsubscribe = subscribeConnection(() => {
    const connected = isConnected();
    if (connected && !wasConnected) runNow();
    wasConnected = connected;
  });
  window.addEventListener('online', runNow);
  window.addEventListener('focus', runNow);
  document.addEventListener('visibilitychange', onVisibility);
  void run();

  return () => {
    isStopped = true;
    clearTimer();
    unsubscribe();
    window.removeEventListener('online', runNow);
    window.removeEventListener('focus', runNow);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
