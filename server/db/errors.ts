/** PostgreSQL's SQLSTATE for a unique constraint violation. */
const UNIQUE_VIOLATION = '23505';

/** True for a unique violation, whether raised by the driver or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  while (typeof current === 'object' && current !== null) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
