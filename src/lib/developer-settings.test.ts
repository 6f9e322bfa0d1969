import { afterEach, describe, expect, it } from 'vitest';

import {
  areDeveloperSettingsOffered,
  DEVELOPER_SETTINGS_SWITCH_KEY,
  getDeveloperSettings,
  saveDeveloperSettings,
} from './developer-settings.ts';

afterEach(() => localStorage.clear());

describe('developer settings', () => {
  it('are not offered to a buyer by default', () => {
    expect(areDeveloperSettingsOffered()).toBe(false);
  });

  it('are offered once switched on deliberately on the device', () => {
    localStorage.setItem(DEVELOPER_SETTINGS_SWITCH_KEY, 'on');
    expect(areDeveloperSettingsOffered()).toBe(true);
  });

  it('stay offered while settings are in use, so they can be put back', () => {
    saveDeveloperSettings({ apiBaseUrl: 'https://api.example.test/', customHeaderXOrigin: '' });
    expect(getDeveloperSettings().apiBaseUrl).toBe('https://api.example.test');
    expect(areDeveloperSettingsOffered()).toBe(true);
    saveDeveloperSettings({ apiBaseUrl: '', customHeaderXOrigin: '' });
    expect(areDeveloperSettingsOffered()).toBe(false);
  });
});
