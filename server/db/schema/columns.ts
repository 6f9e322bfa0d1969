import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money is stored exactly (numeric(12,2)) and read as a decimal string such as "120.00". */
export function money(name: string) {
  return numeric(name, { precision: 12, scale: 2 });
}

export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
