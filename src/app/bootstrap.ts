import { session } from '../features/auth/session.ts';
import { apiClient } from '../lib/api-client.ts';
import { installChunkErrorReload } from '../lib/chunk-reload.ts';
import { registerServiceWorker } from '../lib/pwa.ts';
import { followBrowserConnection } from '../lib/query-client.ts';

/**
 * Wires the singletons together before the first render. Zod's messages are installed where the
 * client first uses zod for a form (`src/lib/schema-resolver.ts`).
 */
export function bootstrap() {
  followBrowserConnection();
  apiClient.configure({
    // Refreshes first when the access token is due, so a request never goes out with a stale one.
    getAccessToken: () => session.getValidAccessToken(),
    onUnauthorized: () => void session.logout(),
  });
  session.start();
  installChunkErrorReload();
  registerServiceWorker();
  return { session };
}
