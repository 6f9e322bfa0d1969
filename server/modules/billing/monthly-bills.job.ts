// Pay by bill (spec §9: "an invoice is issued at the start of each month"): the job gathers each
// company's pay-by-bill orders of a past month into one bill awaiting payment. It is queued daily
// at 02:00 UTC (and at a start that follows a missed day); a month is billed once per company
// however often it runs, so it acts on the 1st, once the month has ended, and catches up on months
// it missed. The same run deletes expired idempotency keys.
import { centsToMoney } from '#contract/money.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { deleteExpiredIdempotencyKeys } from '#server/http/idempotency.ts';
import { dailyAtUtc } from '#server/jobs/schedules.ts';

import type { DocumentWriter } from '../files/files.service.ts';
import {
  attachBill,
  findUnbilledMonths,
  insertMonthlyBill,
  nextDocumentNumber,
} from './billing.repository.ts';

export const MONTHLY_BILLS_JOB = 'monthly-bills';
/** Daily at 02:00 UTC: the bills of a month are issued on the 1st, at 02:00. */
export const MONTHLY_BILLS_SCHEDULE = dailyAtUtc(2);

/** The month was billed by another run meanwhile: its transaction is rolled back. */
class AlreadyBilled extends Error {}

/** Queues the mails announcing an invoice, in the transaction that issues it (decision 208). */
export type InvoiceAnnouncer = (tx: Database, invoiceId: string) => Promise<void>;

/**
 * Bills every finished month with unbilled pay-by-bill orders, each bill in its own transaction
 * with its PDF queued when a document writer is given, and its mails when an announcer is; answers
 * how many bills it made. A month another run billed meanwhile is rolled back, so the number it
 * drew is not lost (decision 196).
 */
export async function issueMonthlyBills(
  db: Database,
  at: Date,
  documents?: DocumentWriter,
  announce?: InvoiceAnnouncer,
): Promise<number> {
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  let issued = 0;
  for (const group of await findUnbilledMonths(db, monthStart)) {
    const from = new Date(`${group.month}T00:00:00Z`);
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    try {
      await db.transaction(async (tx) => {
        const invoiceId = await insertMonthlyBill(tx, {
          number: await nextDocumentNumber(tx, 'INV', at),
          companyId: group.company_id,
          paymentMethod: 'pay_by_bill',
          paymentStatus: 'pending_payment',
          amount: centsToMoney(Number(group.cents)),
          billingMonth: group.month,
          createdAt: at,
        });
        if (invoiceId === null) throw new AlreadyBilled();
        await attachBill(tx, { companyId: group.company_id, invoiceId, from, to });
        await documents?.invoice(tx, invoiceId);
        await announce?.(tx, invoiceId);
      });
      issued += 1;
    } catch (error) {
      if (!(error instanceof AlreadyBilled)) throw error;
    }
  }
  return issued;
}

export function createMonthlyBillsJob({
  db,
  now,
  documents,
  announce,
}: {
  db: Database;
  now: Clock;
  documents?: DocumentWriter;
  announce?: InvoiceAnnouncer;
}) {
  return async (): Promise<void> => {
    await issueMonthlyBills(db, now(), documents, announce);
    await deleteExpiredIdempotencyKeys(db, now);
  };
}
