import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { db } from '#src/lib/db.ts';
import { dismissOutboxEntry, enqueue, syncOutbox } from '#src/lib/outbox.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { cartLineBody, makeCartItem } from '#src/test-utils/factories.ts';
import { createTestQueryClient } from '#src/test-utils/render.tsx';

import {
  addCartLine,
  type AddCartLineInput,
  cartLineOutbox,
  cartLineSync,
  listCartLineDrafts,
} from './cart-lines.ts';

/** The counts of one round of sending. */
async function syncCartLineDrafts() {
  const { sent, refused } = await syncOutbox(cartLineOutbox);
  return { sent, refused };
}

function queueCartLine({ idempotencyKey, ...line }: AddCartLineInput & { idempotencyKey: string }) {
  return enqueue(cartLineOutbox, line, idempotencyKey);
}

const payload = {
  ...cartLineBody(2),
  is_topic_needs_approval: false,
};
const summary = {
  hostname: 'news.example.com',
  linkType: 'General',
  plan: 'Own',
  articles: 2,
  total: '240.00',
};

const posts = (calls: Call[]) =>
  calls.filter(
    (c) => c.method === 'POST' && c.url.pathname === '/api/v1/buyer/shopping-carts/items',
  );

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('cart lines added offline', () => {
  it('are sent once each, with their own idempotency key, when the connection returns', async () => {
    const { calls } = mockApi(() => jsonResponse({ data: [makeCartItem()] }, 201));
    setOnline(false);
    expect(await addCartLine({ payload, summary })).toEqual({ status: 'queued' });
    expect(await addCartLine({ payload: { ...payload, articles_number: 1 }, summary })).toEqual({
      status: 'queued',
    });
    expect(calls).toHaveLength(0);
    const [first, second] = await listCartLineDrafts();
    expect(first!.idempotencyKey).not.toBe(second!.idempotencyKey);

    // Offline, nothing is attempted.
    expect(await syncCartLineDrafts()).toEqual({ sent: 0, refused: 0 });
    setOnline(true);
    // Two triggers at once (the online event and app start) still send each line once.
    const results = await Promise.all([syncCartLineDrafts(), syncCartLineDrafts()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    const sent = posts(calls);
    expect(sent.map((c) => c.headers.get('Idempotency-Key'))).toEqual([
      first!.idempotencyKey,
      second!.idempotencyKey,
    ]);
    expect(sent.map((c) => c.body)).toEqual([payload, { ...payload, articles_number: 1 }]);
    expect(await listCartLineDrafts()).toEqual([]);
  });

  it('keeps a line the server refuses, with the reason, until it is removed', async () => {
    const { calls } = mockApi((call) =>
      (call.body as { articles_number: number }).articles_number === 2
        ? jsonResponse(
            {
              code: 422,
              message: 'Validation failed',
              violations: [
                { path: 'link_type', message: 'This site does not accept this link type.' },
              ],
            },
            422,
          )
        : jsonResponse({ data: [makeCartItem()] }, 201),
    );
    await queueCartLine({ payload, summary, idempotencyKey: 'key-refused' });
    await queueCartLine({
      payload: { ...payload, articles_number: 1 },
      summary,
      idempotencyKey: 'key-ok',
    });

    expect(await syncCartLineDrafts()).toEqual({ sent: 1, refused: 1 });
    const left = await listCartLineDrafts();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      idempotencyKey: 'key-refused',
      refusal: 'This site does not accept this link type.',
    });

    // A refused line is not sent again.
    expect(await syncCartLineDrafts()).toEqual({ sent: 0, refused: 0 });
    expect(posts(calls)).toHaveLength(2);
    await dismissOutboxEntry(left[0]!.id);
    expect(await listCartLineDrafts()).toEqual([]);
  });

  it('keeps waiting when the server cannot be reached or has trouble', async () => {
    let answer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls } = mockApi(() => answer());
    await queueCartLine({ payload, summary, idempotencyKey: 'key-1' });
    await queueCartLine({ payload, summary, idempotencyKey: 'key-2' });

    expect(await syncCartLineDrafts()).toEqual({ sent: 0, refused: 0 });
    answer = () => jsonResponse({ code: 503, message: 'Unavailable' }, 503);
    expect(await syncCartLineDrafts()).toEqual({ sent: 0, refused: 0 });
    const waiting = await listCartLineDrafts();
    expect(waiting.map((d) => [d.refusal, d.attempts])).toEqual([
      [null, 2],
      [null, 0],
    ]);

    answer = () => jsonResponse({ data: [makeCartItem()] }, 201);
    expect(await syncCartLineDrafts()).toEqual({ sent: 2, refused: 0 });
    expect(posts(calls).map((c) => c.headers.get('Idempotency-Key'))).toEqual([
      'key-1',
      'key-1',
      'key-1',
      'key-2',
    ]);
  });

  it('sends the line at once when online, and keeps it when the connection fails', async () => {
    mockApi(() => jsonResponse({ data: [makeCartItem(), makeCartItem()] }, 201));
    const added = await addCartLine({ payload, summary });
    expect(added.status).toBe('added');
    expect(await listCartLineDrafts()).toEqual([]);

    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await addCartLine({ payload, summary })).toEqual({ status: 'queued' });
    expect(await listCartLineDrafts()).toHaveLength(1);
  });
});

function Sync() {
  useOutboxSync(cartLineSync);
  return null;
}

function renderSync() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Sync />
    </QueryClientProvider>,
  );
}

describe('cart line sync', () => {
  afterEach(() => setOnline(true));

  it('sends waiting lines when the app starts online', async () => {
    setOnline(true);
    const { calls } = mockApi(() => jsonResponse({ data: [makeCartItem()] }, 201));
    await queueCartLine({ payload, summary, idempotencyKey: 'start-key' });
    renderSync();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('start-key');
    await waitFor(async () => expect(await listCartLineDrafts()).toEqual([]));
  });

  it('waits while offline and sends when the connection returns', async () => {
    setOnline(false);
    const { calls } = mockApi(() => jsonResponse({ data: [makeCartItem()] }, 201));
    await queueCartLine({ payload, summary, idempotencyKey: 'later-key' });
    renderSync();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('later-key');
    await waitFor(async () => expect(await listCartLineDrafts()).toEqual([]));
    expect(calls).toHaveLength(1);
  });
});
