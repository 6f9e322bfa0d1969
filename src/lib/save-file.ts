/** Hands a file to the browser as a download under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, not before the download starts.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
