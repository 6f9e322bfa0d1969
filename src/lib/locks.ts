/**
 * Runs `task` while holding an exclusive lock shared by all tabs of this origin (Web Locks API).
 * Browsers without Web Locks fall back to a lock inside this tab only.
 */
const localQueues = new Map<string, Promise<unknown>>();

export async function withExclusiveLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return locks.request(name, { mode: 'exclusive' }, () => task()) as Promise<T>;
  }
  const previous = localQueues.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  localQueues.set(name, settled);
  try {
    return await run;
  } finally {
    if (localQueues.get(name) === settled) localQueues.delete(name);
  }
}
