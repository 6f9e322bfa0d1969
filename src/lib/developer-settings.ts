/**
 * Developer settings (spec §3): the API base URL and an optional X-Origin header value, kept in
 * localStorage under `apiBaseUrl` and `customHeaderXOrigin` so they survive reloads.
 */
import { trimEndOf } from '#contract/text-edges.ts';

import { DEFAULT_API_BASE_URL, DEVELOPER_SETTINGS_BUILD_FLAG } from '../config/env.ts';

export const API_BASE_URL_KEY = 'apiBaseUrl';
export const CUSTOM_HEADER_X_ORIGIN_KEY = 'customHeaderXOrigin';
/** Set to `on` in a device's localStorage to offer the developer settings there. */
export const DEVELOPER_SETTINGS_SWITCH_KEY = 'developerSettings';

export interface DeveloperSettings {
  apiBaseUrl: string;
  customHeaderXOrigin: string;
}

const listeners = new Set<() => void>();
let snapshot: DeveloperSettings = { apiBaseUrl: DEFAULT_API_BASE_URL, customHeaderXOrigin: '' };

export function getDeveloperSettings(): DeveloperSettings {
  const apiBaseUrl = localStorage.getItem(API_BASE_URL_KEY)?.trim() || DEFAULT_API_BASE_URL;
  const customHeaderXOrigin = localStorage.getItem(CUSTOM_HEADER_X_ORIGIN_KEY)?.trim() ?? '';
  if (apiBaseUrl !== snapshot.apiBaseUrl || customHeaderXOrigin !== snapshot.customHeaderXOrigin) {
    snapshot = { apiBaseUrl, customHeaderXOrigin };
  }
  return snapshot;
}

export function saveDeveloperSettings(settings: DeveloperSettings): void {
  const apiBaseUrl = trimEndOf(settings.apiBaseUrl.trim(), '/');
  if (!apiBaseUrl || apiBaseUrl === DEFAULT_API_BASE_URL) localStorage.removeItem(API_BASE_URL_KEY);
  else localStorage.setItem(API_BASE_URL_KEY, apiBaseUrl);
  const origin = settings.customHeaderXOrigin.trim();
  if (origin) localStorage.setItem(CUSTOM_HEADER_X_ORIGIN_KEY, origin);
  else localStorage.removeItem(CUSTOM_HEADER_X_ORIGIN_KEY);
  getDeveloperSettings();
  for (const listener of [...listeners]) listener();
}

export function subscribeToDeveloperSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === API_BASE_URL_KEY ||
      event.key === CUSTOM_HEADER_X_ORIGIN_KEY
    ) {
      getDeveloperSettings();
      for (const listener of [...listeners]) listener();
    }
  });
}

/**
 * Whether the menu offers the developer settings (decision 065): switched on deliberately, or
 * already in use on this device, so whoever changed them can also put them back.
 */
export function areDeveloperSettingsOffered(): boolean {
  if (DEVELOPER_SETTINGS_BUILD_FLAG) return true;
  if (localStorage.getItem(DEVELOPER_SETTINGS_SWITCH_KEY) === 'on') return true;
  const settings = getDeveloperSettings();
  return settings.apiBaseUrl !== DEFAULT_API_BASE_URL || settings.customHeaderXOrigin !== '';
}
