import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeAccessToken } from '#src/test-utils/tokens.ts';

import { ApiError, NetworkError } from './api-client.ts';
import { reportNoAnswer } from './connection.ts';
import { db } from './db.ts';
import {
  defineOutboxKind,
  dismissOutboxEntry,
  enqueue,
  getOutboxEntry,
  listOutbox,
  markOutboxRefused,
  recordOutboxAttempt,
  type RefusalRule,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
  syncOutbox,
  WAITING_STATUSES,
} from './outbox.ts';
import { sessionStore } from './session-store.ts';

const RULE: RefusalRule = { retryable: WAITING_STATUSES, final: {} };

function kindOf(name: string, send = vi.fn(async (_variables: unknown, _key: string) => 'ok')) {
  return defineOutboxKind({ name, send, refusal: RULE });
}

const a = kindOf('a');
const b = kindOf('b');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('outbox', () => {
  it("keeps each buyer's writes for that buyer: another one signed in on the device neither sees nor sends them", async () => {
    const signInAs = (username: string) =>
      sessionStore.write({
        token: makeAccessToken({ username, exp: Math.floor(Date.now() / 1000) + 900 }),
        refresh_token: 'r',
      });
    const send = vi.fn(async (_variables: unknown, _key: string) => 'ok');
    const kind = kindOf('owned', send);
    try {
      signInAs('first@example.com');
      const id = await enqueue(kind, { n: 1 }, 'key-first', 1000);
      sessionStore.clear();
      signInAs('second@example.com');
      expect(await listOutbox(kind)).toEqual([]);
      expect(await getOutboxEntry(kind, id)).toBeNull();
      expect((await syncOutbox(kind)).sent).toBe(0);
      expect(send).not.toHaveBeenCalled();
      sessionStore.clear();
      signInAs('first@example.com');
      expect((await syncOutbox(kind)).sent).toBe(1);
      expect(send).toHaveBeenCalledWith({ n: 1 }, 'key-first');
    } finally {
      sessionStore.clear();
    }
  });

  it('keeps one entry per idempotency key and lists each kind oldest first', async () => {
    const later = await enqueue(a, { n: 2 }, 'key-2', 2000);
    const earlier = await enqueue(a, { n: 1 }, 'key-1', 1000);
    await enqueue(b, { n: 3 }, 'key-3', 500);
    expect(await enqueue(a, { n: 9 }, 'key-1', 3000)).toBe(earlier);
    const rows = await listOutbox(a);
    expect(rows.map((row) => row.id)).toEqual([earlier, later]);
    expect(rows[0]).toMatchObject({ variables: { n: 1 }, attempts: 0, refusal: null });
  });

  it('finds an entry only under its own kind', async () => {
    const id = await enqueue(a, {}, 'key-1', 1000);
    expect(await getOutboxEntry(a, id)).toMatchObject({ idempotencyKey: 'key-1' });
    expect(await getOutboxEntry(b, id)).toBeNull();
  });

  it('counts attempts, keeps the refusal reason and removes an entry', async () => {
    const id = await enqueue(a, {}, 'key-1', 1000);
    await recordOutboxAttempt(id);
    await markOutboxRefused(id, 'Refused.');
    expect(await getOutboxEntry(a, id)).toMatchObject({ attempts: 2, refusal: 'Refused.' });
    await dismissOutboxEntry(id);
    expect(await listOutbox(a)).toEqual([]);
  });
});

describe('outbox refusal rules', () => {
  const conflict = () => new ApiError(409, { code: 409, message: 'Conflict here.' });

  it('keeps waiting on a status the kind retries, and refuses on one it declares final', async () => {
    const retries = defineOutboxKind({
      name: 'retries',
      send: vi.fn().mockRejectedValue(conflict()),
      refusal: RETRY_WHILE_IN_FLIGHT,
    });
    const refuses = defineOutboxKind({
      name: 'refuses',
      send: vi.fn().mockRejectedValue(conflict()),
      refusal: { retryable: WAITING_STATUSES, final: { 409: 'The state moved on.' } },
    });
    await enqueue(retries, {}, 'key-r');
    await enqueue(refuses, {}, 'key-f');

    expect(await syncOutbox(retries)).toEqual({
      sent: 0,
      refused: 0,
      isWaiting: true,
      answers: [],
    });
    expect(await syncOutbox(refuses)).toEqual({
      sent: 0,
      refused: 1,
      isWaiting: false,
      answers: [],
    });
    expect((await listOutbox(retries))[0]).toMatchObject({ refusal: null, attempts: 1 });
    expect((await listOutbox(refuses))[0]).toMatchObject({
      refusal: 'Conflict here.',
      attempts: 1,
    });
  });

  it('always waits after a 5xx and refuses an unlisted 4xx', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, { code: 503, message: 'Down.' }))
      .mockRejectedValueOnce(new ApiError(422, { code: 422, message: 'Wrong.' }));
    const kind = kindOf('mixed', send);
    await enqueue(kind, {}, 'key-1');
    expect(await syncOutbox(kind)).toMatchObject({ sent: 0, refused: 0 });
    expect(await syncOutbox(kind)).toMatchObject({ sent: 0, refused: 1 });
    expect((await listOutbox(kind))[0]).toMatchObject({ refusal: 'Wrong.', attempts: 2 });
  });

  it('refuses a kind that declares a status both retryable and final', () => {
    expect(() =>
      defineOutboxKind({
        name: 'both',
        send: async () => null,
        refusal: { retryable: { 409: 'x' }, final: { 409: 'y' } },
      }),
    ).toThrow(/409 both retryable and final/);
  });
});

describe('sending now or keeping for later', () => {
  it('keeps the write when offline or unanswered, and throws when it cannot be kept', async () => {
    const send = vi.fn(async () => 'answer');
    const kind = kindOf('now', send);
    expect(await sendOrKeep(kind, { idempotencyKey: 'k1', keep: { n: 1 } })).toEqual({
      status: 'sent',
      answer: 'answer',
    });
    expect(send).toHaveBeenCalledWith({ n: 1 }, 'k1');

    setOnline(false);
    expect(await sendOrKeep(kind, { idempotencyKey: 'k2', keep: { n: 2 } })).toEqual({
      status: 'queued',
    });
    setOnline(true);
    const unanswered = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));
    expect(
      await sendOrKeep(kind, { idempotencyKey: 'k3', keep: { n: 3 }, sendNow: unanswered }),
    ).toEqual({ status: 'queued' });
    await expect(
      sendOrKeep(kind, { idempotencyKey: 'k4', keep: null, sendNow: unanswered }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect((await listOutbox(kind)).map((entry) => entry.idempotencyKey)).toEqual(['k2', 'k3']);
  });
});

describe('a connection the browser does not report', () => {
  it('keeps a write at once after a request got no answer, and a round still tries to send it', async () => {
    // The browser says online, as Chromium does after a reload offline.
    setOnline(true);
    const send = vi.fn(async () => 'answer');
    const kind = kindOf('unreported', send);
    reportNoAnswer();
    expect(await sendOrKeep(kind, { idempotencyKey: 'k1', keep: { n: 1 } })).toEqual({
      status: 'queued',
    });
    expect(send).not.toHaveBeenCalled();

    // A round is itself the check whether the server answers again.
    expect(await syncOutbox(kind)).toMatchObject({ sent: 1, isWaiting: false });
    expect(send).toHaveBeenCalledExactlyOnceWith({ n: 1 }, 'k1');
  });
});
