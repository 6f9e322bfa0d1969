// Billing: who is paid (the seller's bank details) and the monthly bills job, whose bills are
// mailed by the order notifier.
import { provide, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';

import { type Payee, payeeOf } from './billing.service.ts';
import {
  createMonthlyBillsJob,
  MONTHLY_BILLS_JOB,
  MONTHLY_BILLS_SCHEDULE,
} from './monthly-bills.job.ts';

declare module '#server/composition.ts' {
  interface Services {
    /** Who a bank transfer pays: the seller printed on invoices (decision 043). */
    payee: Payee;
  }
}

export const billingModule: ServerModule = {
  name: 'billing',
  services: {
    payee: provide(['options'], ({ options }) =>
      payeeOf(options.documentSeller ?? DEFAULT_ENV.documentSeller),
    ),
  },
  jobs: {
    [MONTHLY_BILLS_JOB]: {
      handler: provide(
        ['db', 'now', 'documents', 'orderNotifier'],
        ({ db, now, documents, orderNotifier }) =>
          createMonthlyBillsJob({
            db,
            now,
            documents,
            // The members who see billing hear of the bill (decision 208).
            announce: (tx, invoiceId) => orderNotifier.queue(tx, [{ kind: 'invoice', invoiceId }]),
          }),
      ),
      schedule: provide([], () => MONTHLY_BILLS_SCHEDULE),
    },
  },
};
