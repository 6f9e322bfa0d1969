/**
 * The catalogue worker, created on first use. Where Worker is unavailable (tests, old browsers)
 * the same functions run on the main thread; callers always get promises.
 */
import * as Comlink from 'comlink';
import { catalogueApi } from '#workers/catalogue-api.ts';
import type { CatalogueWorkerApi } from '#workers/catalogue.worker.ts';

export type CatalogueWorker = Comlink.Remote<CatalogueWorkerApi>;

let instance: CatalogueWorker | null = null;

function sameThread(): CatalogueWorker {
  const remote = Object.fromEntries(
    Object.entries(catalogueApi).map(([name, fn]) => [
      name,
      (...args: unknown[]) =>
        Promise.resolve().then(() => (fn as (...a: unknown[]) => unknown)(...args)),
    ]),
  );
  return remote as unknown as CatalogueWorker;
}

export function getCatalogueWorker(): CatalogueWorker {
  if (instance) return instance;
  if (typeof Worker === 'undefined') {
    instance = sameThread();
    return instance;
  }
  try {
    const worker = new Worker(new URL('../../workers/catalogue.worker.ts', import.meta.url), {
      type: 'module',
    });
    instance = Comlink.wrap<CatalogueWorkerApi>(worker);
  } catch {
    instance = sameThread();
  }
  return instance;
}
