import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type OutboxSync, useOutboxSync } from '#src/hooks/use-outbox-sync.ts';

import { NetworkError } from './api-client.ts';
import { backoffDelay, reportAnswer, reportNoAnswer } from './connection.ts';
import { db } from './db.ts';
import { defineOutboxKind, enqueue, listOutbox, WAITING_STATUSES } from './outbox.ts';
import { keepSending, OUTBOX_RETRY_FIRST_MS, OUTBOX_RETRY_MAX_MS } from './outbox-retry.ts';

/** Lets pending promises (and IndexedDB) settle without moving the faked clock. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setImmediate(resolve)));
}

function setOnline(isOnline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}

describe('backoff', () => {
  it('doubles from the first pause and stops growing at the cap', () => {
    const delays = Array.from({ length: 8 }, (_, attempt) =>
      backoffDelay(attempt, OUTBOX_RETRY_FIRST_MS, OUTBOX_RETRY_MAX_MS),
    );
    expect(delays).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(backoffDelay(5000, 2000, 60_000)).toBe(60_000);
  });
});

describe('keepSending', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('tries again after a growing pause while entries wait, and stops once none does', async () => {
    let waitingRounds = 3;
    const round = vi.fn(async () => --waitingRounds >= 0);
    stop = keepSending(round, { firstMs: 1000, maxMs: 3000 });
    await settle();
    expect(round).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(round).toHaveBeenCalledTimes(3);
    // Capped: 3 s, not 4 s.
    await vi.advanceTimersByTimeAsync(3000);
    expect(round).toHaveBeenCalledTimes(4);
    // That round found nothing waiting: no more timer.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(round).toHaveBeenCalledTimes(4);
  });

  it('tries at once on focus, when the page is shown again and when a request is answered again, with no online event', async () => {
    const round = vi.fn(async () => true);
    stop = keepSending(round, { firstMs: 60_000, maxMs: 60_000 });
    await settle();
    expect(round).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(round).toHaveBeenCalledTimes(2);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(round).toHaveBeenCalledTimes(3);

    reportNoAnswer();
    await settle();
    expect(round).toHaveBeenCalledTimes(3);
    reportAnswer();
    await settle();
    expect(round).toHaveBeenCalledTimes(4);
  });

  it('never runs two rounds at once: a call during a round runs one more after it', async () => {
    let finish: (value: boolean) => void = () => undefined;
    const round = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    stop = keepSending(round, { firstMs: 60_000, maxMs: 60_000 });
    await settle();
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(round).toHaveBeenCalledTimes(1);
    finish(false);
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
    finish(false);
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('stops trying once stopped', async () => {
    const round = vi.fn(async () => true);
    stop = keepSending(round, { firstMs: 1000, maxMs: 1000 });
    await settle();
    stop();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(1);
  });
});

describe('useOutboxSync with the outbox', () => {
  beforeEach(async () => {
    await db.outbox.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends a waiting write without an online event once the server answers, once, with its own key', async () => {
    // The browser says online all along (Chromium after a reload offline): no `online` event.
    setOnline(true);
    let isReachable = false;
    const delivered: string[] = [];
    const send = vi.fn(async (_variables: { n: number }, key: string) => {
      if (!isReachable) throw new NetworkError(new TypeError('Failed to fetch'));
      delivered.push(key);
      return 'ok';
    });
    const kind = defineOutboxKind({
      name: 'retry.test',
      send,
      refusal: { retryable: WAITING_STATUSES, final: {} },
    });
    await enqueue(kind, { n: 1 }, 'key-1');
    const afterRound = vi.fn(async () => undefined);
    const sync: OutboxSync<{ n: number }, string> = {
      kind,
      afterRound,
      sent: { title: 'Synced', description: 'Sent.' },
      refused: { title: 'Refused', description: 'Refused.' },
    };
    function Sync() {
      useOutboxSync(sync, { firstMs: 30, maxMs: 60 });
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Sync />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    expect((await listOutbox(kind))[0]).toMatchObject({ idempotencyKey: 'key-1' });

    isReachable = true;
    // Focus and the timer both come while the server is back: still one send that gets through.
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(async () => expect(await listOutbox(kind)).toEqual([]));
    // More focus and timer rounds find nothing left to send.
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(delivered).toEqual(['key-1']);
    expect(send.mock.calls.every(([, key]) => key === 'key-1')).toBe(true);
    expect(afterRound).toHaveBeenCalledTimes(1);
  });
});
