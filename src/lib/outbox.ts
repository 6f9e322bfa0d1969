/**
 * The outbox of writes made while offline, shared by every kind of queued write. Each entry carries
 * its mutation key (what kind of write it is), its own idempotency key and the variables to send;
 * an entry the server refuses keeps the reason until the buyer removes it.
 */
import { db, type OutboxRow } from './db.ts';

/** Adds an entry once: the same idempotency key gives back the entry already waiting. */
export async function addOutboxEntry(
  mutationKey: string,
  idempotencyKey: string,
  variables: unknown,
  now: number = Date.now(),
): Promise<number> {
  const existing = await db.outbox.where('idempotencyKey').equals(idempotencyKey).first();
  if (existing?.id !== undefined) return existing.id;
  const id = await db.outbox.add({
    idempotencyKey,
    mutationKey,
    variables,
    createdAt: now,
    attempts: 0,
    lastError: null,
  });
  return id!;
}

/** The waiting and refused entries of one kind, oldest first. */
export async function listOutboxEntries(mutationKey: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('mutationKey').equals(mutationKey).toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt || a.id! - b.id!);
}

export async function getOutboxEntry(mutationKey: string, id: number): Promise<OutboxRow | null> {
  const row = await db.outbox.get(id);
  return row && row.mutationKey === mutationKey ? row : null;
}

export async function recordOutboxAttempt(id: number): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
    });
}

export async function markOutboxRefused(id: number, reason: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
      row.lastError = reason;
    });
}

export async function removeOutboxEntry(id: number): Promise<void> {
  await db.outbox.delete(id);
}
