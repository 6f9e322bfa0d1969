import { describe, expect, it } from 'vitest';

import { PRELOAD_CONDITION, preloadOnlyWithoutWorker } from './preload-without-worker.ts';

/** The shape of Vite's helper: preload the dependencies, then import the chunk. */
const helper = `export const __vitePreload = function preload(baseModule, deps) {
  let promise = Promise.resolve();
  if (${PRELOAD_CONDITION}) { promise = Promise.all(deps.map(addLink)); }
  return promise.then(() => baseModule());
}`;

function run(code: string, controller: unknown, deps: string[]) {
  const added: string[] = [];
  const navigator = { serviceWorker: { controller } };
  const body = code.replace('export const __vitePreload =', 'return');
  const make = new Function('__VITE_IS_MODERN__', 'navigator', 'addLink', body) as (
    ...args: unknown[]
  ) => (base: () => Promise<string>, deps: string[]) => Promise<string>;
  const preload = make(true, navigator, (dep: string) => added.push(dep));
  return { result: preload(() => Promise.resolve('chunk'), deps), added };
}

describe('preloading a chunk’s imports only without a service worker', () => {
  it('adds the links when no service worker controls the page', async () => {
    const { result, added } = run(preloadOnlyWithoutWorker(helper), null, ['a.js', 'b.js']);
    expect(await result).toBe('chunk');
    expect(added).toEqual(['a.js', 'b.js']);
  });

  it('imports the chunk alone when a service worker controls the page', async () => {
    const { result, added } = run(preloadOnlyWithoutWorker(helper), {}, ['a.js', 'b.js']);
    expect(await result).toBe('chunk');
    expect(added).toEqual([]);
  });

  it('fails the build when Vite’s helper no longer has the condition, or has it twice', () => {
    expect(() => preloadOnlyWithoutWorker('export const __vitePreload = () => 0')).toThrow(
      /decision 162/,
    );
    expect(() => preloadOnlyWithoutWorker(helper + helper)).toThrow(/decision 162/);
  });
});
