import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db.ts';
import {
  addOutboxEntry,
  getOutboxEntry,
  listOutboxEntries,
  markOutboxRefused,
  recordOutboxAttempt,
  removeOutboxEntry,
} from './outbox.ts';

beforeEach(async () => {
  await db.outbox.clear();
});

describe('outbox', () => {
  it('keeps one entry per idempotency key and lists each kind oldest first', async () => {
    const later = await addOutboxEntry('a', 'key-2', { n: 2 }, 2000);
    const earlier = await addOutboxEntry('a', 'key-1', { n: 1 }, 1000);
    await addOutboxEntry('b', 'key-3', { n: 3 }, 500);
    expect(await addOutboxEntry('a', 'key-1', { n: 9 }, 3000)).toBe(earlier);
    const rows = await listOutboxEntries('a');
    expect(rows.map((row) => row.id)).toEqual([earlier, later]);
    expect(rows[0]).toMatchObject({ variables: { n: 1 }, attempts: 0, lastError: null });
  });

  it('finds an entry only under its own kind', async () => {
    const id = await addOutboxEntry('a', 'key-1', {}, 1000);
    expect(await getOutboxEntry('a', id)).toMatchObject({ idempotencyKey: 'key-1' });
    expect(await getOutboxEntry('b', id)).toBeNull();
  });

  it('counts attempts, keeps the refusal reason and removes an entry', async () => {
    const id = await addOutboxEntry('a', 'key-1', {}, 1000);
    await recordOutboxAttempt(id);
    await markOutboxRefused(id, 'Refused.');
    expect(await getOutboxEntry('a', id)).toMatchObject({ attempts: 2, lastError: 'Refused.' });
    await removeOutboxEntry(id);
    expect(await listOutboxEntries('a')).toEqual([]);
  });
});
