import { COOKIE_LIFETIME_MS } from '../config/constants.ts';

/** Prefix of the cookies holding a user's selections (spec §3); logout removes them all. */
export const SELECTION_COOKIE_PREFIX = 'selected_';

export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function setCookie(
  name: string,
  value: string,
  lifetimeMs: number = COOKIE_LIFETIME_MS,
): void {
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = Math.floor(lifetimeMs / 1000);
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function clearSelectionCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name?.startsWith(SELECTION_COOKIE_PREFIX)) deleteCookie(name);
  }
}
