import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AuthResponse } from '#contract/auth.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { ACCESS_TOKEN_KEY, createSessionStore, REFRESH_TOKEN_KEY } from '#src/lib/session-store.ts';
import { tokenValidFor } from '#src/test-utils/tokens.ts';

import { createSessionManager, type SessionManagerOptions } from './session-manager.ts';

const START = Date.UTC(2026, 0, 15, 9, 0, 0);
const FIFTEEN_MINUTES_S = 15 * 60;

/** A lock that runs tasks one after another, like the Web Locks API does across tabs. */
function serialLock() {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
}

function setup(overrides: Partial<SessionManagerOptions> = {}) {
  const store = createSessionStore(localStorage, window);
  const refresh = vi.fn<(token: string) => Promise<AuthResponse>>();
  const clearUserData = vi.fn();
  const manager = createSessionManager({
    store,
    refresh,
    clearUserData,
    lock: serialLock(),
    ...overrides,
  });
  return { store, refresh, clearUserData, manager };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session refresh timing', () => {
  it('refreshes 60 s before the access token expires', async () => {
    const { store, refresh, manager } = setup();
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    refresh.mockResolvedValue({
      token: tokenValidFor(FIFTEEN_MINUTES_S, START + 840_000),
      refresh_token: 'r2',
    });
    manager.start();

    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r1');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');

    // The next refresh is armed from the new token: 14 minutes after the first.
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    manager.stop();
  });

  it('caps the timer at the setTimeout maximum and re-arms it', async () => {
    const { store, refresh, manager } = setup();
    const farExpiry = 40 * 24 * 60 * 60; // 40 days, beyond 2^31-1 ms
    store.write({ token: tokenValidFor(farExpiry, START), refresh_token: 'r1' });
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    manager.start();
    expect(setTimeoutSpy.mock.calls.at(-1)?.[1]).toBe(2_147_483_647);
    await vi.advanceTimersByTimeAsync(2_147_483_647);
    expect(refresh).not.toHaveBeenCalled();
    manager.stop();
  });

  it('stops the timer and logs out when the refresh answers 401', async () => {
    const { store, refresh, manager, clearUserData } = setup();
    const signedOut = vi.fn();
    manager.onSignedOut(signedOut);
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    refresh.mockRejectedValue(new ApiError(401, { code: 401, message: 'Invalid refresh token' }));
    manager.start();

    await vi.advanceTimersByTimeAsync(840_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(manager.getState().status).toBe('signed-out');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(clearUserData).toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    manager.stop();
  });

  it('keeps the session and tries again later when the refresh fails for a network reason', async () => {
    const { store, refresh, manager } = setup();
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    refresh.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({
      token: tokenValidFor(FIFTEEN_MINUTES_S, START + 855_000),
      refresh_token: 'r2',
    });
    manager.start();

    await vi.advanceTimersByTimeAsync(840_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(manager.getState().status).toBe('signed-in');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');
    manager.stop();
  });
});

describe('refresh across tabs', () => {
  it('adopts a token another tab stored while this tab waited for the lock', async () => {
    const otherTabToken = tokenValidFor(FIFTEEN_MINUTES_S, START + 840_000);
    // The other tab holds the lock, refreshes and stores its result before this tab gets the lock.
    const lock = <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      localStorage.setItem(ACCESS_TOKEN_KEY, otherTabToken);
      localStorage.setItem(REFRESH_TOKEN_KEY, 'r2-from-other-tab');
      return task();
    };
    const { store, refresh, manager } = setup({ lock });
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    manager.start();

    await vi.advanceTimersByTimeAsync(840_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(manager.getState().accessToken).toBe(otherTabToken);
    expect(manager.getState().status).toBe('signed-in');
    manager.stop();
  });

  it('re-arms its timer when another tab stores new tokens', async () => {
    const { store, refresh, manager } = setup();
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    manager.start();

    await vi.advanceTimersByTimeAsync(600_000);
    localStorage.setItem(ACCESS_TOKEN_KEY, tokenValidFor(FIFTEEN_MINUTES_S, START + 600_000));
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r2');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));

    // The old due time passes without a refresh; the new one is 14 minutes after the other tab's.
    await vi.advanceTimersByTimeAsync(240_000);
    expect(refresh).not.toHaveBeenCalled();
    refresh.mockResolvedValue({
      token: tokenValidFor(FIFTEEN_MINUTES_S, START + 1_440_000),
      refresh_token: 'r3',
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r2');
    manager.stop();
  });

  it('follows a logout made in another tab', async () => {
    const { store, manager, clearUserData } = setup();
    const signedOut = vi.fn();
    manager.onSignedOut(signedOut);
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    manager.start();

    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));

    expect(manager.getState().status).toBe('signed-out');
    expect(signedOut).toHaveBeenCalledWith('external');
    expect(clearUserData).toHaveBeenCalled();
    manager.stop();
  });

  it('still reports the logout when the cleared storage was read before its event arrived', () => {
    const { store, manager, clearUserData } = setup();
    const signedOut = vi.fn();
    manager.onSignedOut(signedOut);
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    localStorage.clear();
    expect(manager.getState().status).toBe('signed-out');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(clearUserData).toHaveBeenCalled();
  });

  it('makes one refresh call when several callers need a fresh token at once', async () => {
    const { store, refresh, manager } = setup();
    store.write({ token: tokenValidFor(-10, START), refresh_token: 'r1' });
    refresh.mockResolvedValue({
      token: tokenValidFor(FIFTEEN_MINUTES_S, START),
      refresh_token: 'r2',
    });
    const tokens = await Promise.all([
      manager.getValidAccessToken(),
      manager.getValidAccessToken(),
      manager.ensureFresh().then(() => manager.getState().accessToken),
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
  });
});

describe('session state', () => {
  it('refreshes an expired access token before reporting the session', async () => {
    const { store, refresh, manager } = setup();
    store.write({ token: tokenValidFor(-60, START), refresh_token: 'r1' });
    const fresh = tokenValidFor(FIFTEEN_MINUTES_S, START);
    refresh.mockResolvedValue({ token: fresh, refresh_token: 'r2' });
    await manager.ensureFresh();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(manager.getState()).toMatchObject({
      status: 'signed-in',
      accessToken: fresh,
      isBuyer: true,
    });
  });

  it('marks a signed-in user without the buyer role as having no access', () => {
    const { store, manager } = setup();
    store.write({
      token: tokenValidFor(FIFTEEN_MINUTES_S, START, ['ROLE_ACCOUNT_MANAGER']),
      refresh_token: 'r1',
    });
    expect(manager.getState()).toMatchObject({ status: 'signed-in', isBuyer: false });
  });

  it('logout clears both tokens and the user data', async () => {
    const { store, manager, clearUserData } = setup();
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    await manager.logout();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(clearUserData).toHaveBeenCalled();
    expect(manager.getState().status).toBe('signed-out');
  });

  it('logout ends the session on the server with the refresh token it held', async () => {
    const revoke = vi.fn<(token: string) => Promise<void>>().mockResolvedValue(undefined);
    const { store, manager } = setup({ revoke });
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    await manager.logout();
    expect(revoke).toHaveBeenCalledExactlyOnceWith('r1');
  });

  it('logout signs out locally even when the server cannot be reached', async () => {
    const revoke = vi
      .fn<(token: string) => Promise<void>>()
      .mockRejectedValue(new TypeError('Failed to fetch'));
    const { store, manager, clearUserData } = setup({ revoke });
    store.write({ token: tokenValidFor(FIFTEEN_MINUTES_S, START), refresh_token: 'r1' });
    await expect(manager.logout()).resolves.toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(clearUserData).toHaveBeenCalled();
    expect(manager.getState().status).toBe('signed-out');
  });
});
