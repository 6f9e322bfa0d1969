import { queryOptions } from '@tanstack/react-query';

import { keptGuidelinesSave } from './guidelines-outbox.ts';
import { fetchContentGuidelines } from './requests.ts';

export const contentGuidelinesQueries = {
  all: () => ['buyer', 'content-guidelines'] as const,
  /** Persisted with the cache, so the guidelines can be read offline. */
  detail: () =>
    queryOptions({
      queryKey: [...contentGuidelinesQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => fetchContentGuidelines(signal),
    }),
  keptKey: () => ['local', 'content-guidelines', 'kept-save'] as const,
  /** The save waiting on this device (outbox), read from IndexedDB, never persisted twice. */
  kept: () =>
    queryOptions({
      queryKey: contentGuidelinesQueries.keptKey(),
      queryFn: keptGuidelinesSave,
      networkMode: 'always',
      staleTime: 0,
      meta: { persist: false },
    }),
};
