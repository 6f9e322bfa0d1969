import type { Plugin } from 'vite';

/**
 * Dependencies of a lazily loaded chunk are preloaded only when no service worker answers the
 * page (decision 162).
 *
 * Vite wraps every `import()` so that the chunk's own imports are fetched at once, in parallel,
 * through a `<link rel="modulepreload">` added to the document per file. Without it a chunk's
 * imports would be found one level at a time (the signed-in pages are 9–10 levels deep), one
 * network round trip each. Once the service worker controls the page, every chunk comes from its
 * precache in a few milliseconds, and the links cost more than they save: about 50 of them on a
 * reload of the signed-in `/`, each added to the document and started on the main thread before
 * the first paint. This build makes the wrapper skip the links on a page a service worker
 * controls; the import itself is unchanged.
 *
 * The wrapper is Vite's own module (`\0vite/preload-helper.js`); the build fails if a Vite
 * release no longer has the condition this edits, rather than silently keeping the links.
 */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
export const PRELOAD_CONDITION = '__VITE_IS_MODERN__ && deps && deps.length > 0';
const WITHOUT_WORKER = `${PRELOAD_CONDITION} && !(typeof navigator !== "undefined" && navigator.serviceWorker && navigator.serviceWorker.controller)`;

/** The helper's code with the preloads limited to pages no service worker controls. */
export function preloadOnlyWithoutWorker(code: string): string {
  const at = code.indexOf(PRELOAD_CONDITION);
  if (at === -1 || code.indexOf(PRELOAD_CONDITION, at + 1) !== -1)
    throw new Error(
      `Vite's preload helper no longer has one "${PRELOAD_CONDITION}" (decision 162)`,
    );
  return code.replace(PRELOAD_CONDITION, WITHOUT_WORKER);
}

export function preloadWithoutWorker(): Plugin {
  let edited = false;
  return {
    name: 'preload-without-worker',
    apply: 'build',
    transform(code, id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      edited = true;
      return { code: preloadOnlyWithoutWorker(code), map: null };
    },
    buildEnd(error) {
      if (error || edited) return;
      // A build with lazily loaded chunks always includes the helper.
      if (this.getModuleIds && [...this.getModuleIds()].includes(PRELOAD_HELPER_ID))
        this.error(`Vite's preload helper was not edited (decision 162)`);
    },
  };
}
