import { type AnyPgColumn, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Money is stored exactly (numeric(12,2)) and read as a decimal string such as "120.00". */
export function money(name: string) {
  return numeric(name, { precision: 12, scale: 2 });
}

export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** A required reference to another row's id; the row goes when the referenced one does. */
export function cascadingRef(name: string, target: () => AnyPgColumn) {
  return uuid(name).notNull().references(target, { onDelete: 'cascade' });
}
