/**
 * The service worker: precaches the app shell so it opens offline, serves navigations from the
 * cached index.html, and keeps a short-lived cache of shared reference data. Other API answers
 * are per user and carry authorization, so they are never cached here. Country flags are kept
 * once seen.
 */
/// <reference lib="WebWorker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const REFERENCE_DATA_CACHE = 'reference-data-v1';
const FLAGS_CACHE = 'flags-v1';
const REFERENCE_DATA_MAX_ENTRIES = 60;
const REFERENCE_DATA_MAX_AGE_SECONDS = 24 * 60 * 60;

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//],
  }),
);

// Country flags never change: once shown, a flag comes from the cache, also offline.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/v1/common/flags/'),
  new CacheFirst({
    cacheName: FLAGS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The shared reference data (countries, top-level domains, ...) is served from the cache and
// refreshed behind it. Only answers the server made cacheable are kept: the same prefix also
// holds one buyer's own data (where they are signed in), which the server marks no-store and
// which must always be read fresh.
const keepOnlyCacheable = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    (response.headers.get('cache-control') ?? 'no-store').toLowerCase().includes('no-store')
      ? null
      : response,
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/v1/common/'),
  new StaleWhileRevalidate({
    cacheName: REFERENCE_DATA_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      keepOnlyCacheable,
      new ExpirationPlugin({
        maxEntries: REFERENCE_DATA_MAX_ENTRIES,
        maxAgeSeconds: REFERENCE_DATA_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// The page asks the waiting worker to take over once the user accepts the update prompt.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
