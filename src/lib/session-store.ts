/**
 * The stored tokens (localStorage keys `access_token` and `refresh_token`) as an observable store.
 * It is shared by every tab of the app: a write in one tab reaches the others through the
 * `storage` event, so listeners are told about local writes and about writes from other tabs.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export type TokenChangeOrigin = 'local' | 'external';
type Listener = (tokens: StoredTokens, origin: TokenChangeOrigin) => void;

export interface SessionStore {
  /** Reads the tokens from storage now; the returned object is stable while they are unchanged. */
  read(): StoredTokens;
  write(tokens: { token: string; refresh_token: string }): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createSessionStore(
  storage: Storage = localStorage,
  target: Pick<Window, 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
): SessionStore {
  const listeners = new Set<Listener>();
  let current: StoredTokens = { accessToken: null, refreshToken: null };
  // What listeners were last told; `read()` can see a change before its storage event arrives.
  let notified: StoredTokens = current;

  function read(): StoredTokens {
    const accessToken = storage.getItem(ACCESS_TOKEN_KEY);
    const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
    if (accessToken !== current.accessToken || refreshToken !== current.refreshToken) {
      current = { accessToken, refreshToken };
    }
    return current;
  }

  function notify(origin: TokenChangeOrigin): void {
    const after = read();
    if (after === notified) return;
    notified = after;
    for (const listener of [...listeners]) listener(after, origin);
  }

  target?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
      notify('external');
    }
  });

  notified = read();

  return {
    read,
    write(tokens) {
      storage.setItem(ACCESS_TOKEN_KEY, tokens.token);
      storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
      notify('local');
    },
    clear() {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      notify('local');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const sessionStore: SessionStore = createSessionStore();
