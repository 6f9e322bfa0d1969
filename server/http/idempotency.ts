// Safe repeats of requests (decisions 031 and 044). A route declares `config.idempotency`; with an
// Idempotency-Key header, the key, a hash of the request and the answer are stored per user:
// - a repeat with the same request answers the stored status and body (with the header
//   `Idempotent-Replayed: true`) and changes nothing;
// - the same key with another request answers 422;
// - 'atomic' routes store the key in the same transaction as the change: a repeat while the first
//   is still running waits for it (the key's row is locked until the first commits) and then
//   answers its result; after a lock timeout it answers 409;
// - 'after' routes (calls whose effect cannot apply twice) store the answer once it succeeded.
// Only successful answers are stored: a request that failed changed nothing and may be retried.
import { createHash } from 'node:crypto';

import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { IDEMPOTENCY_IN_FLIGHT_MESSAGE, IDEMPOTENCY_MISMATCH_MESSAGE } from '#contract/orders.ts';

import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { principalOf } from '../plugins/auth.ts';
import { ApiError } from './api-error.ts';

export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotencyOptions {
  /** The status of a fresh answer; a replay answers the stored one. */
  status: number;
  /**
   * 'atomic': the handler runs in the transaction that stores the key (`transactionOf(request)`),
   * for changes that would apply twice (an order, cart lines). 'after': the handler runs on its
   * own and its answer is stored once it succeeded, for calls the life cycle already guards.
   */
  store: 'atomic' | 'after';
  /** What identifies the request besides its route and path; its parsed body unless given. */
  fingerprint?: (request: FastifyRequest) => unknown;
  /** The operation's name in the stored hash; `METHOD /route:{params}` unless given. */
  scope?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Makes the route safe to repeat with an Idempotency-Key header (server/http/idempotency.ts). */
    idempotency?: IdempotencyOptions;
  }
}

interface RunningRequest {
  tx: Database | null;
}

const running = new WeakMap<FastifyRequest, RunningRequest>();

/** The transaction of an 'atomic' idempotent route's handler: the change and its key commit together. */
export function transactionOf(request: FastifyRequest): Database {
  const tx = running.get(request)?.tx;
  if (!tx) throw new Error(`${request.method} ${request.url} is not an atomic idempotent route`);
  return tx;
}

/** Wraps the handler of every route declaring `config.idempotency`; register before the routes. */
export function registerIdempotency(
  app: FastifyInstance,
  { db, now }: { db: Database; now: Clock },
): void {
  app.addHook('onRoute', (route) => {
    const options = route.config?.idempotency;
    if (!options) return;
    const handler = route.handler;
    route.handler = async function idempotent(request, reply) {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const state: RunningRequest = { tx: null };
      running.set(request, state);
      const call: IdempotencyRequest = {
        userId: principalOf(request).userId,
        key: typeof key === 'string' ? key : undefined,
        scope:
          options.scope ??
          `${request.method} ${request.routeOptions.url ?? request.url}:${JSON.stringify(request.params)}`,
        payload: await (options.fingerprint ?? ((req: FastifyRequest) => req.body))(request),
        now,
      };
      const run = async () => ({
        statusCode: options.status,
        body: (await handler.call(this, request, reply)) as unknown,
      });
      const answer =
        options.store === 'atomic'
          ? await runIdempotent(db, call, async (tx) => {
              state.tx = tx;
              return run();
            })
          : await runRepeatable(db, call, run);
      running.delete(request);
      if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(answer.statusCode).send(answer.body);
    };
  });
}

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request with its key before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 15_000;
/** Stored while the first request runs; never visible to others, as it is replaced on commit. */
const PROCESSING = 102;

export interface IdempotentAnswer<Body> {
  statusCode: number;
  body: Body;
}

export interface IdempotencyRequest {
  userId: string;
  /** The Idempotency-Key header; without one the work simply runs in a transaction. */
  key: string | undefined;
  /** The operation (e.g. 'POST /orders'): a key reused on another route is a mismatch. */
  scope: string;
  payload: unknown;
  now: Clock;
  /** How long a repeat waits for the first request; IDEMPOTENCY_WAIT_MS unless given. */
  waitMs?: number;
}

class KeyTaken extends Error {}

export async function runIdempotent<Body>(
  db: Database,
  request: IdempotencyRequest,
  work: (tx: Database) => Promise<IdempotentAnswer<Body>>,
): Promise<IdempotentAnswer<Body> & { replayed: boolean }> {
  const { key, userId } = request;
  if (key === undefined) {
    return { ...(await db.transaction((tx) => work(tx))), replayed: false };
  }
  const hash = requestHash(request.scope, request.payload);
  const stored = await findStored<Body>(db, request, hash);
  if (stored) return stored;
  const now = request.now();
  try {
    const answer = await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`set local lock_timeout = ${Math.trunc(request.waitMs ?? IDEMPOTENCY_WAIT_MS)}`),
      );
      await tx
        .delete(idempotencyKeys)
        .where(
          and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), expired(request)),
        );
      // Waits here while another transaction holds the same key.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, statusCode: PROCESSING, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) throw new KeyTaken();
      // The wait limit is for the key only: the work itself waits for its locks as usual.
      await tx.execute(sql.raw('set local lock_timeout to default'));
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.statusCode, responseBody: result.body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return result;
    });
    return { ...answer, replayed: false };
  } catch (error) {
    if (error instanceof KeyTaken) {
      const replay = await findStored<Body>(db, request, hash);
      if (replay) return replay;
      throw new ApiError(409, IDEMPOTENCY_IN_FLIGHT_MESSAGE);
    }
    if (isLockTimeout(error)) throw new ApiError(409, IDEMPOTENCY_IN_FLIGHT_MESSAGE);
    throw error;
  }
}

/**
 * The same contract for a call whose effect cannot apply twice anyway (a status move guarded by
 * the item life cycle, setting a flag or a text): the work runs in its own transaction and its
 * answer is stored after it succeeds, so a repeat of a call whose answer was lost answers like
 * the first instead of 409. Two repeats running at the same moment are both checked by the work
 * itself; the second finds the change made and is refused or changes nothing.
 */
export async function runRepeatable<Body>(
  db: Database,
  request: IdempotencyRequest,
  work: () => Promise<IdempotentAnswer<Body>>,
): Promise<IdempotentAnswer<Body> & { replayed: boolean }> {
  const { key, userId } = request;
  if (key === undefined) return { ...(await work()), replayed: false };
  const hash = requestHash(request.scope, request.payload);
  const stored = await findStored<Body>(db, request, hash);
  if (stored) return stored;
  const answer = await work();
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), expired(request)));
  await db
    .insert(idempotencyKeys)
    .values({
      userId,
      key,
      requestHash: hash,
      statusCode: answer.statusCode,
      responseBody: answer.body,
      createdAt: request.now(),
    })
    .onConflictDoNothing();
  return { ...answer, replayed: false };
}

/** Removes keys older than 24 hours. */
export async function deleteExpiredIdempotencyKeys(db: Database, now: Clock): Promise<void> {
  const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, cutoff));
}

function expired({ now }: IdempotencyRequest) {
  return lte(idempotencyKeys.createdAt, new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

async function findStored<Body>(
  db: Database,
  request: IdempotencyRequest,
  hash: string,
): Promise<(IdempotentAnswer<Body> & { replayed: true }) | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key ?? '')),
    );
  if (!row) return null;
  if (row.createdAt.getTime() <= request.now().getTime() - IDEMPOTENCY_KEY_TTL_MS) return null;
  if (row.requestHash !== hash) throw new ApiError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
  if (row.statusCode === PROCESSING) throw new ApiError(409, IDEMPOTENCY_IN_FLIGHT_MESSAGE);
  return { statusCode: row.statusCode, body: row.responseBody as Body, replayed: true };
}

export function requestHash(scope: string, payload: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(stableJson(payload)).digest('hex');
}

/** JSON with object keys sorted, so that key order does not change the hash. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isLockTimeout(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}
