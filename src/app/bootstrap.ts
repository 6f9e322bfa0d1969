import { installSchemaMessages } from '#contract/schema-messages.ts';
import { session } from '../features/auth/session.ts';
import { apiClient } from '../lib/api-client.ts';
import { installChunkErrorReload } from '../lib/chunk-reload.ts';
import { registerServiceWorker } from '../lib/pwa.ts';
import { followBrowserConnection } from '../lib/query-client.ts';

/** Wires the singletons together before the first render. */
export function bootstrap() {
  installSchemaMessages();
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
