// Documents whose printing did not end with a file (the job failed: the store was unreachable,
// the process died too often) are queued again, so that "PDF being prepared" never stays true
// for ever. Printing is idempotent (a document with its file is left as it is), so a document
// queued twice is printed once.
import { sql } from 'drizzle-orm';

import type { Clock } from '#server/clock.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import { sqlNowPlus } from '#server/db/database-time.ts';

import { type DocumentWriter, RENDER_DOCUMENT_JOB } from './documents.ts';

export const REPRINT_DOCUMENTS_JOB = 'reprint-documents';

/** A document is given this long to be printed by the job queued with it. */
export const REPRINT_AFTER_MINUTES = 10;

/** At most this many documents are queued again by one run. */
const REPRINT_BATCH = 500;

/** The job that queues the printing of documents still without a file, once per document. */
export function createReprintDocumentsJob({
  db,
  now,
  documents,
}: {
  db: Database;
  now: Clock;
  documents: DocumentWriter;
}) {
  return async (): Promise<void> => {
    const waiting = sql`not exists (
      select 1 from jobs j where j.kind = ${RENDER_DOCUMENT_JOB}
        and j.status in ('pending', 'processing') and j.payload->>'id' = d.id::text)`;
    const cutoff = sqlNowPlus(now, -REPRINT_AFTER_MINUTES * 60_000);
    const missing = await queryRows<{ document: 'invoice' | 'credit_note'; id: string }>(
      db,
      sql`select 'invoice' as document, d.id from invoices d
            where d.file_id is null and d.created_at < ${cutoff} and ${waiting}
          union all
          select 'credit_note' as document, d.id from credit_notes d
            where d.file_id is null and d.created_at < ${cutoff} and ${waiting}
          limit ${REPRINT_BATCH}`,
    );
    for (const { document, id } of missing) {
      await (document === 'invoice' ? documents.invoice(db, id) : documents.creditNote(db, id));
    }
  };
}
