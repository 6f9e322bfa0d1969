/**
 * Service worker registration (workbox-window). A new version waits until the user accepts the
 * "update available" prompt; accepting tells the waiting worker to take over, then reloads.
 */
import { Workbox } from 'workbox-window';

type UpdateListener = (applyUpdate: () => void) => void;

const listeners = new Set<UpdateListener>();
let pendingUpdate: (() => void) | null = null;

export function onUpdateAvailable(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (pendingUpdate) listener(pendingUpdate);
  return () => listeners.delete(listener);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });

  workbox.addEventListener('waiting', () => {
    pendingUpdate = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of [...listeners]) listener(pendingUpdate);
  });

  workbox
    .register()
    .then((registration) => {
      // Long-lived tabs check for a new version every hour.
      if (registration) window.setInterval(() => void registration.update(), 60 * 60 * 1000);
    })
    // A browser that refuses service workers (a policy, a private window) runs the app online
    // only; nothing to tell the buyer.
    .catch(() => undefined);
}
