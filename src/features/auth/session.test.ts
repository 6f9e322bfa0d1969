import { afterEach, describe, expect, it } from 'vitest';

import { db } from '#src/lib/db.ts';

import { session } from './session.ts';

afterEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('signing out', () => {
  it('leaves none of the buyer’s saved reads on the device, and keeps writes still to be sent', async () => {
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

    await session.logout();

    expect(await db.queryCache.count()).toBe(0);
    expect(await db.cataloguePages.count()).toBe(0);
    expect(await db.savedViews.count()).toBe(0);
    expect(await db.trackedImports.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
