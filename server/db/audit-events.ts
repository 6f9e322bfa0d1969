// Appending to a company's record of who did what (decision 203). Called in the transaction of the
// change it records, so the record and the change commit together. The actor's name is written as
// it is now; the record is never changed afterwards (a trigger refuses UPDATE).
import { eq, sql } from 'drizzle-orm';

import type { AuditAction, AuditDetails } from '#contract/audit.ts';

import type { Database } from './database.ts';
import { auditEvents, users } from './schema/index.ts';

export interface AuditEntry {
  companyId: string;
  /** The member who did it; null for the platform (a job, the demo publisher). */
  actorUserId: string | null;
  action: AuditAction;
  /** What it was done to, as the record shows it: an e-mail, an order number. */
  subject: string;
  /**
   * What changed, under the keys the record labels (AUDIT_DETAILS): `{ from: 'Buyer', to: 'Admin' }`;
   * amounts in euro written plainly under a money key: `{ total: '1261.00' }`.
   */
  details?: AuditDetails;
  /**
   * When it happened, for a history written afterwards (the demo's past orders); a live change
   * leaves it out and is stamped with the database's now().
   */
  at?: Date;
}

const PLATFORM = 'Platform';

export async function appendAuditEvent(db: Database, entry: AuditEntry): Promise<void> {
  const actorName = entry.actorUserId
    ? db
        .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(users)
        .where(eq(users.id, entry.actorUserId))
    : null;
  await db.insert(auditEvents).values({
    companyId: entry.companyId,
    actorUserId: entry.actorUserId,
    actorName: actorName ? sql`coalesce((${actorName}), ${PLATFORM})` : PLATFORM,
    action: entry.action,
    subject: entry.subject,
    details: entry.details ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
