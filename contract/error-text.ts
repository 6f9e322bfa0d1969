// The text of a failed call, without zod: every page's API client reads it (decision 110).

export const GENERIC_ERROR_TEXT = 'An error occurred';

/**
 * The text shown to a user for a failed call (spec §5, §8): the first violation's message,
 * else the message, else the title, else a generic text.
 */
export function errorText(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as { violations?: unknown; message?: unknown; title?: unknown };
    if (Array.isArray(b.violations) && b.violations.length > 0) {
      const first = b.violations[0] as { message?: unknown } | undefined;
      if (first && typeof first.message === 'string' && first.message) return first.message;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.title === 'string' && b.title) return b.title;
  }
  return GENERIC_ERROR_TEXT;
}
