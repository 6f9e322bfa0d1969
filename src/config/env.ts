/** Build-time values injected by the bundler, with fallbacks for test runs that skip the bundler. */
declare const __BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'development';

/** The API lives on the same origin under /api unless the developer settings say otherwise. */
export const DEFAULT_API_BASE_URL = '/api';

export const APP_NAME = 'Buyer Portal';

/**
 * The public flag that hides the competitors and is_back_linked filters, columns and sorting
 * (spec §2). Set VITE_DISABLE_ADDITIONAL_FILTERS=true at build time to disable them.
 */
export const ADDITIONAL_FILTERS_ENABLED: boolean =
  import.meta.env.VITE_DISABLE_ADDITIONAL_FILTERS !== 'true';

/**
 * Developer settings (API base URL, X-Origin) are for people running the portal against another
 * API, not for buyers (decision 065): offered when built with VITE_DEVELOPER_SETTINGS=true, or on
 * a device where `localStorage.developerSettings` is `on`.
 */
export const DEVELOPER_SETTINGS_BUILD_FLAG: boolean =
  import.meta.env.VITE_DEVELOPER_SETTINGS === 'true';
