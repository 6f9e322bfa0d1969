// People, their companies and stored files. A user's avatar is a stored file and every stored file
// has an owning user, so `users` and `files` reference each other and are declared in one module.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { StoredNotificationPreferences } from '#contract/profile.ts';

import { createdAt, money } from './columns.ts';
import { companyStatus, memberRole } from './enums.ts';
import { businessTypes, countries } from './reference.ts';

export const DEFAULT_NOTIFICATION_PREFERENCES: StoredNotificationPreferences = {
  missing_details_reminder: true,
  topic_ready_for_approval: true,
  content_ready_for_approval: true,
  link_published: true,
  order_summary: true,
  link_issues: true,
};

/** Buyers and staff. The e-mail is the username and is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    isNewsletterSubscribed: boolean('is_newsletter_subscribed').notNull().default(false),
    avatarFileId: uuid('avatar_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    notificationPreferences: jsonb('notification_preferences')
      .$type<StoredNotificationPreferences>()
      .notNull()
      .default(DEFAULT_NOTIFICATION_PREFERENCES),
    isAllowedToExportSites: boolean('is_allowed_to_export_sites').notNull().default(false),
    salesManagerId: uuid('sales_manager_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    accountManagerId: uuid('account_manager_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/** A buyer's company (spec §3 "Company"). */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    businessTypeId: uuid('business_type_id').references(() => businessTypes.id),
    contactEmail: text('contact_email'),
    countryId: uuid('country_id').references(() => countries.id),
    city: text('city'),
    zipCode: text('zip_code'),
    address: text('address'),
    addressExtra: text('address_extra'),
    accountingEmail: text('accounting_email'),
    accountingPhone: text('accounting_phone'),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    bankName: text('bank_name'),
    bankAddress: text('bank_address'),
    iban: text('iban'),
    bicSwift: text('bic_swift'),
    additionalInfo: text('additional_info'),
    isPayByBillAllowed: boolean('is_pay_by_bill_allowed').notNull().default(false),
    /** Upper bound of unpaid pay-by-bill orders; beyond it checkout refuses pay by bill. */
    billLimit: money('bill_limit').notNull().default('0.00'),
    /** Credits shared by every buyer of the company; spent on orders paid with credits. */
    creditsBalance: money('credits_balance').notNull().default('0.00'),
    status: companyStatus('status').notNull().default('pending'),
    /** Whether members with the Viewer role see no prices (decision 203). */
    arePricesHiddenFromViewers: boolean('are_prices_hidden_from_viewers').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_bill_limit_non_negative', sql`${t.billLimit} >= 0`),
    check('companies_credits_balance_non_negative', sql`${t.creditsBalance} >= 0`),
  ],
);

/**
 * Membership of a user in a company: their role in it (contract/permissions.ts, decision 203), the
 * credit limit of the user for it and, for a Buyer, the monthly spending limit (null: none).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isCurrent: boolean('is_current').notNull().default(false),
    creditLimit: money('credit_limit').notNull().default('0.00'),
    role: memberRole('role').notNull().default('owner'),
    /** Net euro a Buyer may order per calendar month without approval; null: no limit. */
    monthlyLimit: money('monthly_limit'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_user_company_key').on(t.userId, t.companyId),
    uniqueIndex('accounts_one_current_per_user')
      .on(t.userId)
      .where(sql`${t.isCurrent}`),
    index('accounts_company_id_idx').on(t.companyId),
    check('accounts_credit_limit_non_negative', sql`${t.creditLimit} >= 0`),
    check('accounts_monthly_limit_non_negative', sql`${t.monthlyLimit} >= 0`),
  ],
);

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
