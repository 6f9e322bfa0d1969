/** Build-time values injected by the bundler, with fallbacks for test runs that skip the bundler. */
declare const __BUILD_ID__: string | undefined;

export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'development';

/** The API lives on the same origin under /api unless the developer settings say otherwise. */
export const DEFAULT_API_BASE_URL = '/api';

export const APP_NAME = 'Buyer Portal';
