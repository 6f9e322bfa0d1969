/**
 * The Comlink workers, each created on first use. Where Worker is unavailable (tests, old
 * browsers) the same functions run on the main thread; callers always get promises.
 */
import * as Comlink from 'comlink';

import type { CatalogueWorkerApi } from '#workers/catalogue.worker.ts';
import type { ImportsWorkerApi } from '#workers/imports.worker.ts';

export type CatalogueWorker = Comlink.Remote<CatalogueWorkerApi>;
export type ImportsWorker = Comlink.Remote<ImportsWorkerApi>;

/** The worker's functions on this thread, loaded when first called. */
function sameThread<TApi extends object>(
  load: () => Promise<TApi>,
  names: readonly (keyof TApi & string)[],
) {
  const remote = Object.fromEntries(
    names.map((name) => [
      name,
      async (...args: unknown[]) => {
        const api = (await load()) as Record<string, (...a: unknown[]) => unknown>;
        return api[name]?.(...args);
      },
    ]),
  );
  return remote as unknown as Comlink.Remote<TApi>;
}

/** Wraps a worker made by `create` (Vite bundles a worker only from a literal `new Worker(new URL(…))`). */
function wrapOrFallback<TApi extends object>(
  create: () => Worker,
  fallback: () => Comlink.Remote<TApi>,
): Comlink.Remote<TApi> {
  if (typeof Worker === 'undefined') return fallback();
  try {
    return Comlink.wrap<TApi>(create());
  } catch {
    return fallback();
  }
}

/** The catalogue worker's functions, for the same-thread fallback (the compiler wants them all). */
const CATALOGUE_FUNCTIONS = Object.keys({
  reduceTld: true,
  parseFilterState: true,
  serializeFilterState: true,
  toServerQuery: true,
  serverQueryString: true,
} satisfies Record<keyof CatalogueWorkerApi, true>) as (keyof CatalogueWorkerApi)[];

let catalogue: CatalogueWorker | null = null;

export function getCatalogueWorker(): CatalogueWorker {
  catalogue ??= wrapOrFallback<CatalogueWorkerApi>(
    () =>
      new Worker(new URL('../../workers/catalogue.worker.ts', import.meta.url), { type: 'module' }),
    () =>
      sameThread(
        () => import('#workers/catalogue-api.ts').then((module) => module.catalogueApi),
        CATALOGUE_FUNCTIONS,
      ),
  );
  return catalogue;
}

let imports: ImportsWorker | null = null;

/** Reads uploaded domain lists; papaparse stays out of the first load, in this worker's chunk. */
export function getImportsWorker(): ImportsWorker {
  imports ??= wrapOrFallback<ImportsWorkerApi>(
    () =>
      new Worker(new URL('../../workers/imports.worker.ts', import.meta.url), { type: 'module' }),
    () =>
      sameThread(
        () => import('#workers/imports-api.ts').then((module) => module.importsApi),
        ['parseDomainList'],
      ),
  );
  return imports;
}
