import { sql } from 'drizzle-orm';

import type { Database } from '../database.ts';

export interface BulkColumn<Row> {
  name: string;
  /** The column's SQL type; values travel as text and are cast to it. */
  type: string;
  value: (row: Row) => string | number | boolean | null;
}

/**
 * Inserts many rows in one statement: each column travels as one text[] parameter and is
 * unnested on the server. Much faster than a multi-row VALUES list and works on both drivers.
 */
export async function bulkInsert<Row>(
  db: Database,
  table: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const casts = sql.join(
    columns.map((column, index) => sql.raw(`c${index}::${column.type}`)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(
      (column) => sql`${sql.param(rows.map((row) => asText(column.value(row))))}::text[]`,
    ),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '));
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${names}) select ${casts} from unnest(${arrays}) as t(${aliases})`,
  );
}

function asText(value: string | number | boolean | null): string | null {
  return value === null ? null : String(value);
}
