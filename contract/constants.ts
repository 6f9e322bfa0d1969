/** Numbers of spec §9 shared by client and server. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const TOKEN_REFRESH_LEAD_SECONDS = 60;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;
