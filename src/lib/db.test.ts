import { afterEach, describe, expect, it } from 'vitest';

import { BuyerPortalDatabase } from './db.ts';

const NAME = 'buyer-portal-schema-test';

afterEach(async () => {
  await new BuyerPortalDatabase(NAME).delete();
});

describe('IndexedDB schema', () => {
  it('drops the unused cart drafts table of the first version', async () => {
    const database = new BuyerPortalDatabase(NAME);
    await database.open();
    expect(database.tables.map((table) => table.name).sort()).toEqual([
      'cataloguePages',
      'outbox',
      'queryCache',
      'savedViews',
      'trackedImports',
    ]);
    database.close();
  });
});
