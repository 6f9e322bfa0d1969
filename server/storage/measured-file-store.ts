// The file store as the app uses it: every operation timed and its failures counted, by
// operation, for the metrics (decision 201). A read is timed until its stream is open, not while
// its bytes flow; a listing until its last object.
import type { Metrics } from '../metrics/metrics.ts';
import type { FileStore } from './file-store.ts';

export function measureFileStore(store: FileStore, metrics: Pick<Metrics, 'fileStore'>): FileStore {
  const timed = async <T>(operation: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      const result = await work();
      metrics.fileStore(operation, (performance.now() - start) / 1000, false);
      return result;
    } catch (error) {
      metrics.fileStore(operation, (performance.now() - start) / 1000, true);
      throw error;
    }
  };
  return {
    kind: store.kind,
    put: (key, body, options) => timed('put', () => store.put(key, body, options)),
    get: (key) => timed('get', () => store.get(key)),
    head: (key) => timed('head', () => store.head(key)),
    delete: (key) => timed('delete', () => store.delete(key)),
    probe: (signal) => timed('probe', () => store.probe(signal)),
    list: async function* (prefix) {
      const start = performance.now();
      let failed = false;
      try {
        yield* store.list(prefix);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        metrics.fileStore('list', (performance.now() - start) / 1000, failed);
      }
    },
  };
}
