// Migration 0020 replaces the invoice and credit note sequences by counter rows (decision 196):
// each series continues after its highest number issued, whichever format it was written in.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MIGRATIONS_FOLDER } from '#server/db/database.ts';

const TAG = '0020_document_counters';

async function apply(client: PGlite, tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

function tagsBefore(tag: string): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const tags = journal.entries.map((entry) => entry.tag);
  return tags.slice(0, tags.indexOf(tag));
}

const USER = '00000000-0000-4000-8000-000000000001';
const COMPANY = '00000000-0000-4000-8000-0000000000a1';
const ORDER = '00000000-0000-4000-8000-0000000000b1';

describe('migration 0020: document counters', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    for (const tag of tagsBefore(TAG)) await apply(client, tag);
    // The sequences drew more than the documents kept: 100012 was lost after INV-2026-000011.
    await client.exec(`
      select setval('invoice_number_seq', 100012);
      select setval('credit_note_number_seq', 100004);
      insert into users (id, email, password_hash, first_name, last_name) values
        ('${USER}', 'a@example.com', 'x', 'A', 'A');
      insert into companies (id, business_name) values ('${COMPANY}', 'Shared Ltd');
      insert into invoices (number, company_id, payment_method, payment_status, amount) values
        ('INV-100006', '${COMPANY}', 'bank_transfer', 'approved', '10.00'),
        ('INV-2026-000011', '${COMPANY}', 'bank_transfer', 'approved', '10.00'),
        ('INV-2025-000009', '${COMPANY}', 'bank_transfer', 'approved', '10.00');
      insert into orders (id, number, user_id, company_id, invoice_emails, billing, payment_method,
          payment_status, price, vat, vat_rate_basis_points, vat_treatment, price_with_vat,
          links_amount) values
        ('${ORDER}', '100001', '${USER}', '${COMPANY}', '{}', '{}', 'bank_transfer', 'approved',
          '10.00', '0.00', 0, 'outside_eu', '10.00', 1);
      insert into credit_notes (number, order_id, company_id, amount, item_numbers) values
        ('CN-100002', '${ORDER}', '${COMPANY}', '1.00', '{}'),
        ('CN-2026-000003', '${ORDER}', '${COMPANY}', '1.00', '{}');
    `);
    await apply(client, TAG);
  });
  afterAll(async () => {
    await client.close();
  });

  it('continues each series after its highest number, so the next one follows it', async () => {
    const { rows } = await client.query<{ series: string; last_value: string }>(
      'select series, last_value::text from document_counters order by series',
    );
    expect(rows).toEqual([
      { series: 'CN', last_value: '3' },
      { series: 'INV', last_value: '11' },
    ]);
  });

  it('drops the sequences, which nothing draws from any more', async () => {
    const { rows } = await client.query<{ name: string }>(
      `select relname as name from pg_class where relkind = 'S' and relname like '%number_seq'`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual([
      'company_request_number_seq',
      'order_number_seq',
    ]);
  });

  it('starts a series without documents at its first number', async () => {
    const empty = await PGlite.create({ extensions: { pg_trgm } });
    try {
      for (const tag of [...tagsBefore(TAG), TAG]) await apply(empty, tag);
      const { rows } = await empty.query<{ series: string; last_value: string }>(
        'select series, last_value::text from document_counters order by series',
      );
      expect(rows).toEqual([
        { series: 'CN', last_value: '0' },
        { series: 'INV', last_value: '0' },
      ]);
    } finally {
      await empty.close();
    }
  });
});
