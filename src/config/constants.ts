/**
 * The numbers of spec §9, named. Values the server shares come from the contract so both sides
 * agree on them.
 */
import {
  MAX_UPLOAD_BYTES,
  PAGE_SIZE_OPTIONS,
  TOKEN_REFRESH_LEAD_SECONDS,
} from '#contract/constants.ts';

export { MAX_UPLOAD_BYTES };

/** The access token is refreshed this long before it expires. */
export const TOKEN_REFRESH_LEAD_MS = TOKEN_REFRESH_LEAD_SECONDS * 1000;
/** setTimeout overflows above this many milliseconds (signed 32-bit), so longer delays are capped. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;
/** Default lifetime of a selection cookie (one day). */
export const COOKIE_LIFETIME_MS = 86_400_000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_VIEWPORT_HOTKEY = 'F8';
export const FLAG_PLACEHOLDER_DELAY_MS = 200;

export const DIALOG_MAX_WIDTH_PX = 596;
export const SHEET_MAX_WIDTH_PX = 482;

export const TABLE_PAGE_SIZE = 10;
export const DOMAIN_LIST_PAGE_SIZE = 10;
/** Rows-per-page choices of tables: the table default followed by the spec's options. */
export const TABLE_PAGE_SIZE_OPTIONS = [TABLE_PAGE_SIZE, ...PAGE_SIZE_OPTIONS] as const;

/** How often a domain or file import's status is asked for while it runs. */
export const IMPORT_POLL_INTERVAL_MS = 2000;
export const TRACKED_IMPORT_LIFETIME_MS = 30 * 60 * 1000;

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_TIME_LONG_FORMAT = 'ddd, MMM D, YYYY HH:mm:ss';

/** A failed page-chunk load reloads the page at most once in this window. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** The persisted query cache is discarded after this age. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const CURRENCY = 'EUR';
export const LOCALE = 'en-US';
