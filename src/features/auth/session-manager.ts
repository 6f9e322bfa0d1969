/**
 * The session: the stored tokens, their automatic refresh, and logout.
 *
 * - The access token is refreshed 60 s before it expires (one timer, capped at the setTimeout
 *   maximum and re-armed when capped).
 * - Refresh tokens rotate and reusing an old one revokes the whole family, so only one tab may
 *   refresh at a time: the refresh runs under the Web Lock `auth-refresh`, and inside the lock the
 *   tokens are re-read from storage. If another tab already stored a token that is not due, it is
 *   adopted and no request is made.
 * - Other tabs' writes arrive through the store (storage event) and re-arm the timer here.
 * - A rejected refresh (401/400) ends the session; a network or server failure keeps it and
 *   tries again after a pause.
 * - Logout forgets the tokens first and then tells the server, so it works offline too.
 */
import type { AccessClaims, AuthResponse } from '#contract/auth.ts';
import { isBuyer } from '#contract/roles.ts';
import { MAX_TIMER_DELAY_MS, TOKEN_REFRESH_LEAD_MS } from '#src/config/constants.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { withExclusiveLock } from '#src/lib/locks.ts';
import type { SessionStore, StoredTokens, TokenChangeOrigin } from '#src/lib/session-store.ts';
import { decodeAccessClaims, expiresAtMs } from '#src/utils/jwt.ts';

export const REFRESH_LOCK_NAME = 'auth-refresh';
/** Pause before trying again after a refresh failed for a reason other than rejection. */
export const REFRESH_RETRY_DELAY_MS = 15_000;

export interface SessionState {
  status: 'signed-in' | 'signed-out';
  accessToken: string | null;
  claims: AccessClaims | null;
  isBuyer: boolean;
}

export type SignedOutListener = (origin: TokenChangeOrigin) => void;

export interface SessionManagerOptions {
  store: SessionStore;
  refresh: (refreshToken: string) => Promise<AuthResponse>;
  /** Ends the session on the server (its refresh-token family); failures are ignored. */
  revoke?: (refreshToken: string) => Promise<void>;
  now?: () => number;
  lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /** Clears what belongs to the previous user (query cache, selection cookies). */
  clearUserData?: () => void | Promise<void>;
}

export interface SessionManager {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  onSignedOut(listener: SignedOutListener): () => void;
  /** Arms the refresh timer and starts following other tabs. */
  start(): void;
  stop(): void;
  signIn(tokens: AuthResponse): Promise<void>;
  /**
   * Signs out here at once, then asks the server to end the session (best effort: offline or on
   * a server error the local sign-out stands).
   */
  logout(): Promise<void>;
  /** Refreshes now if the access token is missing or due; resolves when the session is settled. */
  ensureFresh(): Promise<void>;
  /** Whether `ensureFresh` would refresh first: the access token is due and a refresh may run. */
  needsRefresh(): boolean;
  getValidAccessToken(): Promise<string | null>;
  refreshNow(): Promise<void>;
}

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { store } = options;
  const now = options.now ?? (() => Date.now());
  const lock = options.lock ?? withExclusiveLock;
  const listeners = new Set<() => void>();
  const signedOutListeners = new Set<SignedOutListener>();

  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<void> | null = null;
  let retryNotBefore = 0;
  let lastTokens: StoredTokens | null = null;
  let state: SessionState = compute(store.read());
  let notified: SessionState = state;
  store.subscribe(onTokensChanged);

  function compute(tokens: StoredTokens): SessionState {
    if (tokens === lastTokens) return state;
    lastTokens = tokens;
    const claims = decodeAccessClaims(tokens.accessToken);
    const accessValid = claims !== null && expiresAtMs(claims) > now();
    const signedIn = Boolean(tokens.refreshToken) || accessValid;
    return {
      status: signedIn ? 'signed-in' : 'signed-out',
      accessToken: tokens.accessToken,
      claims: signedIn ? claims : null,
      isBuyer: signedIn && claims !== null && isBuyer(claims),
    };
  }

  function isDue(accessToken: string | null): boolean {
    const claims = decodeAccessClaims(accessToken);
    return !claims || expiresAtMs(claims) - TOKEN_REFRESH_LEAD_MS <= now();
  }

  function onTokensChanged(tokens: StoredTokens, origin: TokenChangeOrigin): void {
    state = compute(tokens);
    schedule();
    // Compared with what listeners last saw, not with `state`: getState() may already have read a
    // change from storage before its storage event arrived.
    const previous = notified;
    if (state === previous) return;
    notified = state;
    for (const listener of [...listeners]) listener();
    if (previous.status === 'signed-in' && state.status === 'signed-out') {
      void options.clearUserData?.();
      for (const listener of [...signedOutListeners]) listener(origin);
    }
  }

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function schedule(): void {
    clearTimer();
    if (!started) return;
    const { accessToken, refreshToken } = store.read();
    if (!refreshToken) return;
    const claims = decodeAccessClaims(accessToken);
    const dueAt = Math.max(
      claims ? expiresAtMs(claims) - TOKEN_REFRESH_LEAD_MS : 0,
      retryNotBefore,
    );
    const delay = Math.max(0, dueAt - now());
    timer = setTimeout(
      () => {
        timer = undefined;
        if (delay > MAX_TIMER_DELAY_MS) schedule();
        else void refreshNow();
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
  }

  async function runRefresh(): Promise<void> {
    const tokens = store.read();
    if (!tokens.refreshToken) return;
    // Another tab may have refreshed while this one waited for the lock: adopt its token.
    if (!isDue(tokens.accessToken)) return;
    try {
      const next = await options.refresh(tokens.refreshToken);
      retryNotBefore = 0;
      store.write(next);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
        await logout();
        return;
      }
      retryNotBefore = now() + REFRESH_RETRY_DELAY_MS;
    }
  }

  function refreshNow(): Promise<void> {
    if (!inflight) {
      inflight = lock(REFRESH_LOCK_NAME, runRefresh).finally(() => {
        inflight = null;
        onTokensChanged(store.read(), 'local');
      });
    }
    return inflight;
  }

  function needsRefresh(): boolean {
    const { accessToken, refreshToken } = store.read();
    return Boolean(refreshToken) && isDue(accessToken) && now() >= retryNotBefore;
  }

  async function ensureFresh(): Promise<void> {
    if (needsRefresh()) await refreshNow();
    else onTokensChanged(store.read(), 'local');
  }

  async function logout(): Promise<void> {
    clearTimer();
    retryNotBefore = 0;
    const wasSignedIn = state.status === 'signed-in';
    const { refreshToken } = store.read();
    store.clear();
    // A session that expired without stored changes still needs its data cleared.
    if (!wasSignedIn) await options.clearUserData?.();
    if (refreshToken && options.revoke) await options.revoke(refreshToken).catch(() => undefined);
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule();
  };

  return {
    getState() {
      state = compute(store.read());
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSignedOut(listener) {
      signedOutListeners.add(listener);
      return () => signedOutListeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      // Timers are throttled in background tabs and frozen during sleep; re-check on return.
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
      if (typeof window !== 'undefined') window.addEventListener('online', schedule);
      state = compute(store.read());
      schedule();
    },
    stop() {
      started = false;
      clearTimer();
      if (typeof document !== 'undefined')
        document.removeEventListener('visibilitychange', onVisible);
      if (typeof window !== 'undefined') window.removeEventListener('online', schedule);
    },
    async signIn(tokens) {
      retryNotBefore = 0;
      await options.clearUserData?.();
      store.write(tokens);
    },
    logout,
    ensureFresh,
    needsRefresh,
    async getValidAccessToken() {
      await ensureFresh();
      return store.read().accessToken;
    },
    refreshNow,
  };
}
