// The selling company as invoices and credit notes print it (SELLER_* settings, decision 043).

/** The seller printed on every document. */
export interface DocumentSeller {
  name: string;
  /** Lines of the postal address, separated by commas or new lines. */
  address: string;
  vatId: string;
  /** Bank account for transfers ("IBAN …, BIC …"). */
  bankAccount: string;
}

export const DEMO_DOCUMENT_SELLER: DocumentSeller = {
  name: 'Linkmarket GmbH',
  address: 'Friedrichstraße 68, 10117 Berlin, Germany',
  vatId: 'DE123456789',
  bankAccount: 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
};
