/**
 * After a deploy, an open tab may ask for page chunks that no longer exist. Reloading fetches the
 * new build; a timestamp in sessionStorage stops a reload loop when the failure persists. Offline,
 * a chunk fails because the device has not saved it yet (the service worker was still installing):
 * a reload would only trade the app for the browser's offline page, so none happens then.
 */
import { CHUNK_RELOAD_GUARD_MS } from '../config/constants.ts';

const KEY = 'chunk_reload_at';

const CHUNK_ERROR_PATTERN =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Outdated Optimize Dep/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return CHUNK_ERROR_PATTERN.test(error.message);
  return false;
}

/** Reloads the page unless it was reloaded for this reason within the guard window. */
export function reloadForChunkError(
  now: number = Date.now(),
  storage: Storage = sessionStorage,
  reload: () => void = () => window.location.reload(),
  online: boolean = navigator.onLine,
): boolean {
  if (!online) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
