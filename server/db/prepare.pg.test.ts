import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createPostgresDatabase } from '#tests/helpers/test-databases.ts';

import { type DatabaseHandle, queryRows } from './database.ts';
import { openPostgresDatabase } from './postgres.ts';
import { prepareDatabase } from './prepare.ts';

describe('preparing PostgreSQL from several API processes at once', () => {
  let database: { url: string; drop(): Promise<void> };
  let handles: DatabaseHandle[];

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('databaseUrl'));
    handles = await Promise.all([1, 2, 3].map(() => openPostgresDatabase(database.url)));
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  });

  it('migrates once and creates the demo data once', async () => {
    const logs: string[][] = handles.map(() => []);
    await Promise.all(
      handles.map((handle, index) =>
        prepareDatabase(handle, {
          demoData: true,
          seedSites: 300,
          log: (message) => logs[index]?.push(message),
        }),
      ),
    );
    const [any] = handles;
    if (!any) throw new Error('No database handle');
    const [counts] = await queryRows<{ sites: number; users: number; niches: number }>(
      any.db,
      sql`select (select count(*)::int from sites) as sites, (select count(*)::int from users) as users,
                 (select count(*)::int from niches) as niches`,
    );
    expect(counts).toEqual({ sites: 300, users: 9, niches: 6 });
    expect(
      logs.filter((lines) => lines.includes('Creating demo data with 300 sites')),
    ).toHaveLength(1);
  });
});
