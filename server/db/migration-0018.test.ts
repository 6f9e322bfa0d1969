// Migration 0018 on a database with sessions and mail from before it: each refresh-token family
// becomes a session (ended when its newest token was revoked), sent and failed mail keep only
// their address and subject, and waiting mail with a one-time link in clear is dropped.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MIGRATIONS_FOLDER } from './database.ts';

const FAMILY_OPEN = '00000000-0000-4000-8000-00000000f001';
const FAMILY_ENDED = '00000000-0000-4000-8000-00000000f002';

async function apply(client: PGlite, file: string) {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

describe('migration 0018', () => {
  let client: PGlite;
  const files = readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort();

  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
    for (const file of files.filter((name) => name < '0018')) await apply(client, file);
    await client.exec(`
      insert into users (id, email, password_hash, first_name, last_name, is_confirmed)
        values ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x', 'A', 'B', true);
    `);
    await client.exec(`
      insert into refresh_tokens (user_id, family_id, token_hash, family_created_at, created_at, used_at, revoked_at) values
        ('00000000-0000-4000-8000-000000000001', '${FAMILY_OPEN}', 'h1', '2026-11-01T08:00Z', '2026-11-01T08:00Z', '2026-11-01T08:14Z', null),
        ('00000000-0000-4000-8000-000000000001', '${FAMILY_OPEN}', 'h2', '2026-11-01T08:00Z', '2026-11-01T08:14Z', null, null),
        ('00000000-0000-4000-8000-000000000001', '${FAMILY_ENDED}', 'h3', '2026-11-02T08:00Z', '2026-11-02T08:00Z', null, '2026-11-02T09:00Z');
      insert into jobs (kind, payload, status) values
        ('mail', '{"to":"a@example.com","subject":"Sent","text":"?token=sent"}', 'completed'),
        ('mail', '{"to":"a@example.com","subject":"Failed","text":"?token=failed"}', 'failed'),
        ('mail', '{"to":"a@example.com","subject":"Reset","text":"Open /passwords-resets?token=live"}', 'pending'),
        ('mail', '{"to":"a@example.com","subject":"Order","text":"Your order was placed"}', 'pending'),
        ('export', '{"text":"?token=not-a-mail"}', 'completed');
    `);
    await apply(
      client,
      files.find((name) => name.startsWith('0018'))!,
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });

  it('makes a session of each refresh-token family', async () => {
    const { rows } = await client.query<{
      id: string;
      last_used_at: Date;
      ended_at: Date | null;
      expires_at: Date;
    }>('select id, last_used_at, ended_at, expires_at from sessions order by id');
    expect(rows).toEqual([
      {
        id: FAMILY_OPEN,
        last_used_at: new Date('2026-11-01T08:14Z'),
        ended_at: null,
        expires_at: new Date('2026-12-01T08:00Z'),
      },
      {
        id: FAMILY_ENDED,
        last_used_at: new Date('2026-11-02T08:00Z'),
        ended_at: new Date('2026-11-02T09:00Z'),
        expires_at: new Date('2026-12-02T08:00Z'),
      },
    ]);
  });

  it('removes the text of sent and failed mail and drops waiting mail holding a link', async () => {
    const { rows } = await client.query<{ kind: string; status: string; payload: unknown }>(
      'select kind, status, payload from jobs order by kind, status, payload::text',
    );
    expect(rows).toEqual([
      { kind: 'export', status: 'completed', payload: { text: '?token=not-a-mail' } },
      {
        kind: 'mail',
        status: 'pending',
        payload: { to: 'a@example.com', subject: 'Order', text: 'Your order was placed' },
      },
      { kind: 'mail', status: 'completed', payload: { to: 'a@example.com', subject: 'Sent' } },
      { kind: 'mail', status: 'failed', payload: { to: 'a@example.com', subject: 'Failed' } },
    ]);
  });
});
