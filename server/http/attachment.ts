/**
 * What every download and preview answers besides its disposition: whatever the file holds, it is
 * not sniffed into another type and, opened in the browser, can run nothing in the portal's origin.
 */
export const DOWNLOAD_SECURITY_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
} as const;

/** `attachment` with a plain ASCII name and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Content-Disposition of a file that is saved (`attachment`) or shown in the browser (`inline`). */
export function dispositionHeader(kind: 'attachment' | 'inline', fileName: string): string {
  const header = attachmentHeader(fileName);
  return kind === 'inline' ? `inline${header.slice('attachment'.length)}` : header;
}
