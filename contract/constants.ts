/** Numbers of spec §9 shared by client and server. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/** A refresh token unused for this many days no longer renews the session. */
export const REFRESH_TOKEN_IDLE_DAYS = 7;
export const TOKEN_REFRESH_LEAD_SECONDS = 60;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;

/** "20 MB", "20.5 MB"; in bytes when the two sizes would read the same. */
export function sizeTexts(current: number, allowed: number): { current: string; allowed: string } {
  const mb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
  if (mb(current) !== mb(allowed)) return { current: mb(current), allowed: mb(allowed) };
  return { current: `${current} bytes`, allowed: `${allowed} bytes` };
}

/** A document upload of no bytes: nothing to read, whatever its name says. */
export const EMPTY_FILE_MESSAGE = 'The file is empty.';

/** Spec §5: 'The file is too large ({current}). Allowed maximum size is {allowed}.' */
export function fileTooLargeMessage(current: string, allowed: string): string {
  return `The file is too large (${current}). Allowed maximum size is ${allowed}.`;
}
