import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { companies, users } from './users.ts';

/**
 * Stored files (uploads, exports, generated invoices and credit notes); the bytes live under
 * DATA_DIR/files at storage_path. A company document (company_id set) is readable by every buyer
 * of that company; any other file by its owner only.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull().unique(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_user_id_idx').on(t.ownerUserId),
    index('files_company_id_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    check('files_size_non_negative', sql`${t.sizeBytes} >= 0`),
  ],
);
