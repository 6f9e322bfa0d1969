// The parts of a declared endpoint's call that only uploads and downloads need, loaded with the
// first of them so that every page's API client stays small.

/** An upload's parts as a multipart form: a Blob (a File keeps its name) as a file, others as text. */
export function formOf(parts: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null) continue;
    form.append(name, value instanceof Blob ? value : String(value as string | number | boolean));
  }
  return form;
}

/** The file name an answer's Content-Disposition gives: the exact (RFC 5987) one, else the plain. */
export function dispositionFileName(header: string | null): string | null {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header ?? '');
  return plain?.[1] ?? null;
}
