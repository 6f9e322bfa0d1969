import { afterEach, describe, expect, it } from 'vitest';

import { db } from '#src/lib/db.ts';
import { readDraft, writeDraft } from '#src/lib/message-drafts.ts';

import { session } from './session.ts';

afterEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('signing out', () => {
  it('leaves none of the buyer’s saved reads and message drafts on the device, and keeps writes still to be sent', async () => {
    await db.queryCache.put({ key: 'buyer-portal-query-cache', value: '{}', updatedAt: 1 });
    await db.cataloguePages.put({ key: 'page=1', data: { data: [] }, savedAt: 1 });
    await db.savedViews.put({
      id: 'view-1',
      kind: 'site_filters',
      name: 'Mine',
      state: {},
      updatedAt: 1,
    });
    await db.trackedImports.put({
      fileImportId: 'import-1',
      fileId: 'file-1',
      status: 'pending',
      type: 'domains',
      createdAt: 1,
    });
    await db.outbox.add({
      idempotencyKey: 'key-1',
      mutationKey: 'cart.add-line',
      variables: {},
      createdAt: 1,
      attempts: 0,
      lastError: null,
    });

    writeDraft('item-1', 'Half a sentence to the publisher');
    localStorage.setItem('unrelated', 'kept');

    await session.logout();

    expect(readDraft('item-1')).toBe('');
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(await db.queryCache.count()).toBe(0);
    expect(await db.cataloguePages.count()).toBe(0);
    expect(await db.savedViews.count()).toBe(0);
    expect(await db.trackedImports.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
