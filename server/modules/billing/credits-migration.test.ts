// Migration 0004 moves the credits from each account to its company; this applies the migrations
// before it, stores balances the old way, and checks what the move leaves behind.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MIGRATIONS_FOLDER } from '#server/db/database.ts';

const BEFORE = [
  '0000_extensions',
  '0001_initial_schema',
  '0002_catalogue_marks_views_exports',
  '0003_catalogue_general_price',
];

async function apply(client: PGlite, tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

describe('migration 0004: credits belong to the company', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    for (const tag of BEFORE) await apply(client, tag);
    await client.exec(`
      insert into users (id, email, password_hash, first_name, last_name) values
        ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', 'A', 'A'),
        ('00000000-0000-4000-8000-000000000002', 'b@example.com', 'x', 'B', 'B'),
        ('00000000-0000-4000-8000-000000000003', 'c@example.com', 'x', 'C', 'C');
      insert into companies (id, business_name) values
        ('00000000-0000-4000-8000-0000000000a1', 'Shared Ltd'),
        ('00000000-0000-4000-8000-0000000000a2', 'Alone Ltd'),
        ('00000000-0000-4000-8000-0000000000a3', 'Nobody Ltd');
      insert into accounts (user_id, company_id, credits_balance) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', '100.25'),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a1', '50.50'),
        ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000a2', '7.00');
    `);
    await apply(client, '0004_cart_orders_credits');
  });
  afterAll(async () => {
    await client.close();
  });

  it('gives each company what its accounts held, and none to a company without accounts', async () => {
    const { rows } = await client.query<{ business_name: string; credits_balance: string }>(
      'select business_name, credits_balance from companies order by business_name',
    );
    expect(rows).toEqual([
      { business_name: 'Alone Ltd', credits_balance: '7.00' },
      { business_name: 'Nobody Ltd', credits_balance: '0.00' },
      { business_name: 'Shared Ltd', credits_balance: '150.75' },
    ]);
  });

  it('drops the column from accounts and keeps the balance from going below zero', async () => {
    const { rows } = await client.query(
      `select 1 from information_schema.columns
        where table_name = 'accounts' and column_name = 'credits_balance'`,
    );
    expect(rows).toEqual([]);
    await expect(
      client.query(`update companies set credits_balance = credits_balance - 7.01
        where business_name = 'Alone Ltd'`),
    ).rejects.toThrow(/companies_credits_balance_non_negative/);
  });
});
