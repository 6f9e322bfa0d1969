// What counts as a text upload (a CSV or plain-text list): UTF-8 (a BOM is allowed) without NUL or
// control characters other than tab, CR, LF and FF. The server refuses anything else, and the
// upload preview says so before sending, by the same check.

export const TEXT_FILE_TYPE_MESSAGE = 'The file must be a CSV or plain text file (UTF-8).';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** Checks bytes as they stream; a multi-byte character split between chunks is decoded whole. */
export function createTextCheck() {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let isText = true;
  const check = (decode: () => string) => {
    if (!isText) return;
    try {
      if (CONTROL_CHARACTERS.test(decode())) isText = false;
    } catch {
      isText = false;
    }
  };
  return {
    /** Checks the next bytes; false once anything so far was not text. */
    push: (chunk: Uint8Array) => {
      check(() => decoder.decode(chunk, { stream: true }));
      return isText;
    },
    /** Checks what is left; true when the whole file was text. */
    end: () => {
      check(() => decoder.decode());
      return isText;
    },
  };
}
