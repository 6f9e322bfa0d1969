// What the API accepts in any text and any structured value, whatever the field (decision 101).
// Every string of every body, query, path and form field is checked before the field's own rules,
// so a new field cannot forget it:
// - no NUL character: PostgreSQL cannot store it, and no buyer types one on purpose;
// - no unpaired surrogate: it is not Unicode text, cannot be written as UTF-8, and would be
//   stored silently changed (as U+FFFD);
// - values nest at most MAX_INPUT_DEPTH levels (the deepest real value, a saved filter, needs 4);
// - no text is longer than MAX_TEXT_LENGTH characters, checked before any field's own rules, so no
//   pattern, trim or parser ever runs on more than that (decision 131).
import type { PathSegment } from './violation-path.ts';

export const MAX_INPUT_DEPTH = 32;

/** The longest text any field takes is 5,000 characters; this bounds every text, field or key. */
export const MAX_TEXT_LENGTH = 20_000;

export const FORBIDDEN_CHARACTER_MESSAGE =
  'This text contains a character that cannot be stored (a NUL or a broken character). Remove it and try again.';
export const TOO_DEEP_MESSAGE = `This value is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`;
// Written out rather than formatted: a module-level `toLocaleString` starts the browser's locale
// data on every page that imports this file, even where the message is never shown.
export const TOO_LONG_MESSAGE = 'This text is too long (at most 20,000 characters).';

// One code unit on each side: linear, whatever the input.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text the API can store as it is: no NUL, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/** Why a text cannot be taken at all, whatever its field: too long, or not storable. */
export function textProblem(text: string): string | null {
  if (text.length > MAX_TEXT_LENGTH) return TOO_LONG_MESSAGE;
  return isStorableText(text) ? null : FORBIDDEN_CHARACTER_MESSAGE;
}

export const LINE_BREAK_MESSAGE =
  'This value must be a single line: remove line breaks and other control characters.';

/**
 * Text that fits on one line: no line break (CR, LF) and no other control character. Names that
 * may reach a mail's header or subject obey it, so no one can add a header through them.
 */
export function isSingleLine(text: string): boolean {
  return !/\p{Cc}/u.test(text);
}

export interface InputProblem {
  path: PathSegment[];
  message: string;
}

/**
 * The strings (values and keys) that break the text rule, and the values nested too deeply, in
 * the order they appear. Walks without recursion, so no input can exhaust the stack; stops after
 * `limit` problems.
 */
export function findInputProblems(value: unknown, limit = 20): InputProblem[] {
  const problems: InputProblem[] = [];
  const queue: { value: unknown; path: PathSegment[] }[] = [{ value, path: [] }];
  for (let next = 0; next < queue.length && problems.length < limit; next += 1) {
    const { value: current, path } = queue[next]!;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) problems.push({ path, message });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      problems.push({ path, message: TOO_DEEP_MESSAGE });
      continue;
    }
    if (Array.isArray(current)) {
      current.forEach((item, index) => queue.push({ value: item, path: [...path, index] }));
      continue;
    }
    if (!isPlainObject(current)) continue;
    for (const [key, item] of Object.entries(current)) {
      const message = textProblem(key);
      if (message) {
        problems.push({ path: [...path, key], message });
        continue;
      }
      queue.push({ value: item, path: [...path, key] });
    }
  }
  return problems;
}

/**
 * An object whose own fields are the input: a plain or null-prototype object, and the router's
 * path parameters (an object of a null-prototype class). Not a Buffer, Date or other built-in.
 */
function isPlainObject(value: object): boolean {
  return Object.prototype.toString.call(value) === '[object Object]';
}
