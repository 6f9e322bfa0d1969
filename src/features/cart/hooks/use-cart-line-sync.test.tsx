import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/db.ts';
import { createTestQueryClient } from '../../../test-utils/render.tsx';
import { listCartLineDrafts, queueCartLine } from '../storage.ts';
import { jsonResponse, mockApi, setOnline } from '../../../test-utils/api.ts';
import { DOMAIN_ID, GENERAL, makeCartItem, SITE_ID } from '../../../test-utils/factories.ts';
import { useCartLineSync } from './use-cart-line-sync.ts';

function Sync() {
  useCartLineSync();
  return null;
}

const payload = {
  link_type: GENERAL,
  buyer_domain: DOMAIN_ID,
  site: SITE_ID,
  articles_number: 1,
  article_topic: 'i_will_write_my_topic' as const,
};
const summary = {
  hostname: 'a.example.com',
  linkType: 'General',
  plan: 'Own',
  articles: 1,
  total: '1.00',
};

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
});

describe('cart line sync', () => {
  it('sends waiting lines when the app starts online', async () => {
    setOnline(true);
    const { calls } = mockApi(() => jsonResponse({ data: [makeCartItem()] }, 201));
    await queueCartLine({ payload, summary, idempotencyKey: 'start-key' });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Sync />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe('start-key');
    await waitFor(async () => expect(await listCartLineDrafts()).toEqual([]));
  });

  it('waits while offline and sends when the connection returns', async () => {
    setOnline(false);
    const { calls } = mockApi(() => jsonResponse({ data: [makeCartItem()] }, 201));
    await queueCartLine({ payload, summary, idempotencyKey: 'later-key' });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Sync />
      </QueryClientProvider>,
    );
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
