// The selling company as invoices and credit notes print it (SELLER_* settings, decision 043).
import { DEFAULT_ENV } from '#server/env.ts';

/** The seller printed on every document. */
export interface DocumentSeller {
  name: string;
  /** Lines of the postal address, separated by commas or new lines. */
  address: string;
  vatId: string;
  /** Bank account for transfers ("IBAN …, BIC …"). */
  bankAccount: string;
}

/** The seller of an installation that sets no SELLER_* variable. */
export const DEMO_DOCUMENT_SELLER: DocumentSeller = DEFAULT_ENV.documentSeller;
