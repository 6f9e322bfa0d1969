// A left-joined row comes back as nullable columns; the wire answers the joined object or null.

/** The joined object when every one of its columns was found, else null. */
export function joinedOrNull<T extends Record<string, string | null>>(
  columns: T,
): { [K in keyof T]: NonNullable<T[K]> } | null {
  return Object.values(columns).every(Boolean)
    ? (columns as { [K in keyof T]: NonNullable<T[K]> })
    : null;
}
