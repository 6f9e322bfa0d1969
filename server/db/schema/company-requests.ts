// Company requests (spec §2 'Add new company request', 'My company requests'): a buyer asks for a
// new company, or for a change to the details of one of theirs; marketplace staff approve or
// reject it (decision 081).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { cascadingRef, createdAt } from './columns.ts';
import { businessTypes, countries } from './reference.ts';
import { companies, users } from './users.ts';

export const companyRequestStatus = pgEnum('company_request_status', [
  'pending',
  'approved',
  'rejected',
]);

/** Human request numbers: CR-1001, CR-1002, ... */
export const companyRequestNumberSeq = pgSequence('company_request_number_seq', {
  startWith: 1001,
});

export const companyRequests = pgTable(
  'company_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: cascadingRef('user_id', () => users.id),
    /** The company a change is asked for; for a new company, the one its approval created. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** A new company, or a change to an existing one. */
    kind: text('kind', { enum: ['new_company', 'change'] }).notNull(),
    status: companyRequestStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    businessName: text('business_name').notNull(),
    businessTypeId: uuid('business_type_id').references(() => businessTypes.id),
    contactEmail: text('contact_email').notNull(),
    accountingEmail: text('accounting_email').notNull(),
    accountingPhone: text('accounting_phone'),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    address: text('address').notNull(),
    addressExtra: text('address_extra'),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    bankName: text('bank_name'),
    bankAddress: text('bank_address'),
    iban: text('iban'),
    bicSwift: text('bic_swift'),
    additionalInfo: text('additional_info'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('company_requests_user_created_idx').on(t.userId, t.createdAt),
    index('company_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      'company_requests_change_has_company',
      sql`${t.kind} = 'new_company' or ${t.companyId} is not null`,
    ),
    check('company_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
  ],
);
