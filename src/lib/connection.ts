/**
 * Whether this page can reach the server. `navigator.onLine` is false when the device has no
 * network, but true is no promise: after a reload offline Chromium can report true while every
 * request fails, and a dead or captive network looks online too. So a request that got no answer
 * marks the server unreachable as well, and the next answer from it marks it reachable again.
 *
 * While it is unreachable and the browser claims a connection, the server's health is asked with
 * a growing pause (capped), and at once when the window gets focus, is shown again or the browser
 * reports the connection back: nothing waits for an `online` event that may never come.
 */
import { trimEndOf } from '#contract/text-edges.ts';

import { getDeveloperSettings } from './developer-settings.ts';

/** Pauses between two checks of an unreachable server: doubling from the first, up to the cap. */
export const CONNECTION_CHECK_FIRST_MS = 2000;
export const CONNECTION_CHECK_MAX_MS = 30_000;

/** The pause before check number `attempt` (0 for the first), doubling and capped. */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
}

type Listener = () => void;

const listeners = new Set<Listener>();
let isUnreachable = false;
let checkTimer: ReturnType<typeof setTimeout> | undefined;
let checkAttempt = 0;
let isChecking = false;
let isWatching = false;

function browserSaysOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether the browser itself says there is no network (then no request is worth trying). */
export function isBrowserOffline(): boolean {
  return browserSaysOffline();
}

/** Whether the page can reach the server, as far as it knows now. */
export function isConnected(): boolean {
  return !browserSaysOffline() && !isUnreachable;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

function stopChecking() {
  if (checkTimer !== undefined) clearTimeout(checkTimer);
  checkTimer = undefined;
}

/** Asks the server whether it answers; any answer, even an error status, is an answer. */
async function askServer(): Promise<boolean> {
  const base = trimEndOf(getDeveloperSettings().apiBaseUrl, '/');
  try {
    await fetch(`${base}/health`, { cache: 'no-store', credentials: 'same-origin' });
    return true;
  } catch {
    return false;
  }
}

function scheduleCheck() {
  stopChecking();
  if (!isUnreachable || browserSaysOffline()) return;
  const delay = backoffDelay(checkAttempt, CONNECTION_CHECK_FIRST_MS, CONNECTION_CHECK_MAX_MS);
  checkAttempt += 1;
  checkTimer = setTimeout(() => void checkNow(), delay);
}

/** Asks the server now when it was unreachable; the answer (or none) is reported as usual. */
export async function checkNow(): Promise<void> {
  if (!isUnreachable || isChecking || browserSaysOffline()) return;
  stopChecking();
  isChecking = true;
  try {
    if (await askServer()) reportAnswer();
    else scheduleCheck();
  } finally {
    isChecking = false;
  }
}

/** A request reached the server and got its answer. */
export function reportAnswer(): void {
  stopChecking();
  checkAttempt = 0;
  if (!isUnreachable) return;
  isUnreachable = false;
  notify();
}

/** A request got no answer: no network, or the server is out of reach. */
export function reportNoAnswer(): void {
  if (isUnreachable) return;
  isUnreachable = true;
  checkAttempt = 0;
  scheduleCheck();
  notify();
}

function onBrowserChange() {
  if (browserSaysOffline()) stopChecking();
  else if (isUnreachable) {
    checkAttempt = 0;
    void checkNow();
  }
  notify();
}

function onShown() {
  if (document.visibilityState === 'hidden') return;
  checkAttempt = 0;
  void checkNow();
}

function watchBrowser() {
  if (isWatching || typeof window === 'undefined') return;
  isWatching = true;
  window.addEventListener('online', onBrowserChange);
  window.addEventListener('offline', onBrowserChange);
  window.addEventListener('focus', onShown);
  document.addEventListener('visibilitychange', onShown);
}

/** Calls `listener` whenever `isConnected()` may have changed. */
export function subscribeConnection(listener: Listener): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what requests met (a test's clean start). */
export function resetConnection(): void {
  stopChecking();
  isUnreachable = false;
  checkAttempt = 0;
  isChecking = false;
}
