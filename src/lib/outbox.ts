/**
 * The outbox: writes made while offline, kept on this device and sent once the connection returns.
 * It owns the Dexie `outbox` table. A feature declares a kind (its stored name, how one entry is
 * sent, which refusals are final and why) and uses the functions here; decision 033 says why this
 * is not TanStack Query's persisted paused mutations.
 *
 * Every entry carries a key made on this device when the buyer acted, sent as the idempotency key
 * on every try, so a send whose answer was lost is answered from the first one by the server.
 * Entries are sent oldest first, one tab at a time (Web Locks), and removed only once answered.
 * One the server refuses stays with the server's reason until the buyer dismisses it.
 * An entry belongs to the buyer who made it: another buyer signed in on the same device neither
 * sees nor sends it; it waits for its owner's next sign-in.
 */
import { errorText } from '#contract/error-text.ts';
import { decodeAccessClaims } from '#src/utils/jwt.ts';

import { ApiError, NetworkError } from './api-client.ts';
import { isBrowserOffline, isConnected } from './connection.ts';
import { openDatabase } from './database.ts';
import type { BuyerPortalDatabase, OutboxRow } from './db.ts';
import { withExclusiveLock } from './locks.ts';
import { sessionStore } from './session-store.ts';

/** HTTP statuses, each with the reason it belongs where it is listed. */
export type StatusReasons = Readonly<Partial<Record<number, string>>>;

/**
 * Which answers end an entry. A 5xx or no answer at all always leaves it waiting for the next
 * round; a 4xx is a final refusal unless its status is listed in `retryable`.
 */
export interface RefusalRule {
  /** 4xx answers after which the entry waits for the next round. */
  retryable: StatusReasons;
  /** 4xx answers that are final although another kind retries them; written down to say why. */
  final: StatusReasons;
}

/** The 4xx answers no kind treats as final: none of them says the entry itself is wrong. */
export const WAITING_STATUSES = {
  401: 'The session ended; the entry is sent again once the buyer is signed in.',
  408: 'The server gave up waiting for the request, so the entry never arrived.',
  425: 'The server would not handle a request that might be replayed early; a later one is fine.',
  429: 'Too many requests for now; a later round is let through.',
} as const satisfies StatusReasons;

/**
 * The rule of a write that conflicts with nothing the buyer could have changed meanwhile: besides
 * `WAITING_STATUSES`, a 409 waits, since it only says that the first send with this key is still
 * being handled; a later round gets its answer. Every other 4xx is final.
 */
export const RETRY_WHILE_IN_FLIGHT: RefusalRule = {
  retryable: {
    ...WAITING_STATUSES,
    409: 'A 409 only says the first send with this key is still being handled; a later round gets its answer.',
  },
  final: {},
};

export interface OutboxKind<TVariables, TAnswer> {
  /**
   * Stored with every entry (the `mutationKey` column). Never rename a shipped kind: entries a
   * buyer queued under the old name would no longer be sent.
   */
  readonly name: string;
  /** Sends one entry; the same idempotency key goes with every try of the same entry. */
  readonly send: (variables: TVariables, idempotencyKey: string) => Promise<TAnswer>;
  readonly refusal: RefusalRule;
}

/** Declares a kind of queued write; a status may not be both retryable and final. */
export function defineOutboxKind<TVariables, TAnswer>(
  kind: OutboxKind<TVariables, TAnswer>,
): OutboxKind<TVariables, TAnswer> {
  const both = Object.keys(kind.refusal.final).filter((status) => status in kind.refusal.retryable);
  if (both.length > 0) {
    throw new Error(`Outbox kind ${kind.name}: ${both.join(', ')} both retryable and final`);
  }
  return kind;
}

export interface OutboxEntry<TVariables> {
  id: number;
  idempotencyKey: string;
  variables: TVariables;
  createdAt: number;
  attempts: number;
  /** Why the server refused it; null while it waits to be sent. */
  refusal: string | null;
}

/** No connection to the server, as the browser and the last requests tell (`connection.ts`). */
export function isOffline(): boolean {
  return !isConnected();
}

const entryListeners = new Set<() => void>();

/** Calls `listener` each time a write is kept on this device (so its sender can load). */
export function onOutboxEntry(listener: () => void): () => void {
  entryListeners.add(listener);
  return () => entryListeners.delete(listener);
}

/** The signed-in buyer's login, whose entries are shown and sent; null when signed out. */
function currentOwner(): string | null {
  return decodeAccessClaims(sessionStore.read().accessToken)?.username ?? null;
}

/**
 * Whether the signed-in buyer made this entry. One kept with no owner (before owners were
 * recorded, or with no session) is anyone's.
 */
function isOwn(row: OutboxRow, owner: string | null = currentOwner()): boolean {
  return row.owner === undefined || row.owner === owner;
}

function toEntry<TVariables>(row: OutboxRow): OutboxEntry<TVariables> {
  return {
    id: row.id!,
    idempotencyKey: row.idempotencyKey,
    variables: row.variables as TVariables,
    createdAt: row.createdAt,
    attempts: row.attempts,
    refusal: row.lastError,
  };
}

/** Keeps an entry once: the same idempotency key gives back the entry already waiting. */
export async function enqueue<TVariables>(
  kind: OutboxKind<TVariables, unknown>,
  variables: TVariables,
  idempotencyKey: string,
  now: number = Date.now(),
): Promise<number> {
  const db = await openDatabase();
  const existing = await db.outbox.where('idempotencyKey').equals(idempotencyKey).first();
  if (existing?.id !== undefined) return existing.id;
  const owner = currentOwner();
  const id = await db.outbox.add({
    ...(owner === null ? {} : { owner }),
    idempotencyKey,
    mutationKey: kind.name,
    variables,
    createdAt: now,
    attempts: 0,
    lastError: null,
  });
  for (const listener of [...entryListeners]) listener();
  return id!;
}

/** The waiting and refused entries of one kind, oldest first. `db`: given by a live read. */
export async function listOutbox<TVariables>(
  kind: OutboxKind<TVariables, unknown>,
  db?: BuyerPortalDatabase,
): Promise<OutboxEntry<TVariables>[]> {
  const rows = await (db ?? (await openDatabase())).outbox
    .where('mutationKey')
    .equals(kind.name)
    .toArray();
  const owner = currentOwner();
  return rows
    .filter((row) => isOwn(row, owner))
    .sort((a, b) => a.createdAt - b.createdAt || a.id! - b.id!)
    .map(toEntry<TVariables>);
}

/** Whether any entry, of any kind, waits on this device to be sent (refused ones do not wait). */
export async function hasWaitingOutboxEntries(): Promise<boolean> {
  const waiting = await (
    await openDatabase()
  ).outbox
    .filter((row) => row.lastError === null && isOwn(row))
    .first();
  return waiting !== undefined;
}

export async function getOutboxEntry<TVariables>(
  kind: OutboxKind<TVariables, unknown>,
  id: number,
): Promise<OutboxEntry<TVariables> | null> {
  const row = await (await openDatabase()).outbox.get(id);
  return row && row.mutationKey === kind.name && isOwn(row) ? toEntry<TVariables>(row) : null;
}

/** Counts a try that got no usable answer; with a reason, the entry is refused for good. */
export async function recordOutboxAttempt(id: number, refusal?: string): Promise<void> {
  await (
    await openDatabase()
  ).outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
      if (refusal !== undefined) row.lastError = refusal;
    });
}

/** Keeps an entry with the server's reason; it is not sent again. */
export function markOutboxRefused(id: number, reason: string): Promise<void> {
  return recordOutboxAttempt(id, reason);
}

/** Removes an entry: the buyer dismisses a refusal, or takes back a waiting write. */
export async function dismissOutboxEntry(id: number): Promise<void> {
  await (await openDatabase()).outbox.delete(id);
}

/** Whether the answer ends the entry under the kind's rule (see `RefusalRule`). */
export function isFinalRefusal(rule: RefusalRule, error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    rule.retryable[error.status] === undefined
  );
}

export type Delivery<TAnswer> = { status: 'sent'; answer: TAnswer } | { status: 'queued' };

/**
 * Sends a write now, or keeps it in the outbox when the device is offline or the request got no
 * answer. `keep` is what would be stored; null means the write cannot wait (it carries a file, say)
 * and its failure is thrown. `sendNow` sends the full write; by default the kept one is sent.
 */
export async function sendOrKeep<TVariables, TAnswer>(
  kind: OutboxKind<TVariables, TAnswer>,
  write: { idempotencyKey: string; keep: TVariables | null; sendNow?: () => Promise<TAnswer> },
): Promise<Delivery<TAnswer>> {
  const { idempotencyKey, keep } = write;
  if (isOffline() && keep !== null) {
    await enqueue(kind, keep, idempotencyKey);
    return { status: 'queued' };
  }
  try {
    const answer = await (write.sendNow ?? (() => kind.send(keep!, idempotencyKey)))();
    return { status: 'sent', answer };
  } catch (error) {
    if (!(error instanceof NetworkError) || keep === null) throw error;
    await enqueue(kind, keep, idempotencyKey);
    return { status: 'queued' };
  }
}

export interface OutboxRound<TAnswer> {
  sent: number;
  refused: number;
  /** Whether entries still wait: the round stopped at one it could not deliver now. */
  isWaiting: boolean;
  /** The server's answers to the entries sent, in the order sent. */
  answers: TAnswer[];
}

/**
 * Sends the waiting entries of one kind, oldest first, each with its own key. Runs in one tab at
 * a time; stops at the first entry that cannot be delivered now (offline, server trouble) and
 * keeps it waiting, so the order in which the buyer acted is kept. Only the browser's own
 * "offline" skips the round: where requests merely failed before, the round's first send is
 * itself the check whether the server answers again (decision 176).
 */
export function syncOutbox<TVariables, TAnswer>(
  kind: OutboxKind<TVariables, TAnswer>,
): Promise<OutboxRound<TAnswer>> {
  return withExclusiveLock(`outbox:${kind.name}`, async () => {
    const round: OutboxRound<TAnswer> = { sent: 0, refused: 0, isWaiting: false, answers: [] };
    const waiting = (await listOutbox(kind)).filter((entry) => entry.refusal === null);
    for (const { id } of waiting) {
      if (isBrowserOffline()) {
        round.isWaiting = true;
        break;
      }
      // Another tab may have sent or removed it while this one waited for the lock.
      const entry = await getOutboxEntry(kind, id);
      if (!entry || entry.refusal !== null) continue;
      try {
        round.answers.push(await kind.send(entry.variables, entry.idempotencyKey));
        await dismissOutboxEntry(entry.id);
        round.sent += 1;
      } catch (error) {
        if (isFinalRefusal(kind.refusal, error)) {
          await markOutboxRefused(entry.id, errorText(error.body));
          round.refused += 1;
          continue;
        }
        await recordOutboxAttempt(entry.id);
        round.isWaiting = true;
        break;
      }
    }
    return round;
  });
}
