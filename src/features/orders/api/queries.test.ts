import { describe, expect, it } from 'vitest';

import { orderQueries, PRINTING_DOCUMENT_REFRESH_MS, unreadMessagesQuery } from './queries.ts';

describe('order queries', () => {
  it('asks for an order again while its invoice or credit note is being printed, and not after', () => {
    const interval = orderQueries.detail('order-1').refetchInterval as (
      query: unknown,
    ) => number | false;
    const document = (printed: boolean) => ({
      id: 'document-1',
      number: 'INV-2026-000001',
      file: printed ? { id: 'file-1', path: '/api/v1/files/file-1' } : null,
    });
    const order = (invoice: unknown, creditNote: unknown) => ({
      state: { data: { invoice, credit_note: creditNote } },
    });
    expect(interval(order(document(false), null))).toBe(PRINTING_DOCUMENT_REFRESH_MS);
    expect(interval(order(document(true), document(false)))).toBe(PRINTING_DOCUMENT_REFRESH_MS);
    expect(interval(order(document(true), document(true)))).toBe(false);
    expect(interval(order(document(true), null))).toBe(false);
    expect(interval(order(null, null))).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it('asks for the unread messages every minute while visible, on focus, and only online', () => {
    expect(unreadMessagesQuery.queryKey).toEqual(['messages', 'unread']);
    expect(unreadMessagesQuery.refetchInterval).toBe(60_000);
    // Not in a background tab; paused while offline (the default network mode).
    expect(unreadMessagesQuery.refetchIntervalInBackground).toBeUndefined();
    expect(unreadMessagesQuery.networkMode).toBeUndefined();
    expect(unreadMessagesQuery.refetchOnWindowFocus).toBe('always');
  });
});
