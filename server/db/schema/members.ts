// Teams (decision 203): invitations to join a company account, and the company's record of who did
// what. A member is an `accounts` row with its role (users.ts).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { cascadingRef, createdAt, money } from './columns.ts';
import { memberRole } from './enums.ts';
import { orders, paymentMethod } from './orders.ts';
import { companies, users } from './users.ts';

/**
 * An invitation mailed to `email` to join a company with a role. Only the SHA-256 of its token is
 * kept; it is used once (accepted_at), ends at expires_at, and can be revoked.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: cascadingRef('company_id', () => companies.id),
    /** Lower-cased, as users' e-mails are. */
    email: text('email').notNull(),
    role: memberRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_token_hash_key').on(t.tokenHash),
    // One open invitation per company and address; a new one replaces it.
    uniqueIndex('company_invitations_open_key')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * The company's record of who did what: appended, never changed (a trigger of the migration
 * refuses UPDATE). The actor's name is kept as it was, so the record reads the same after a member
 * leaves or is renamed.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: cascadingRef('company_id', () => companies.id),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** What happened: `member.invited`, `order.placed`, … (contract/audit.ts). */
    action: text('action').notNull(),
    /** What it happened to, as the record shows it: an e-mail, an order number. */
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('audit_events_company_action_idx').on(t.companyId, t.action),
  ],
);

export const purchaseRequestStatus = pgEnum('purchase_request_status', [
  'pending',
  'approved',
  'declined',
  'withdrawn',
]);

/** Human request numbers: PR-1001, PR-1002, ... */
export const purchaseRequestNumberSeq = pgSequence('purchase_request_number_seq', {
  startWith: 1001,
});

/**
 * An order over a Buyer's monthly limit, waiting for an Owner or Admin: the cart's lines frozen
 * with their prices (`lines`), and the checkout's choices. Approving it places the order with the
 * requester as its buyer (`order_id`), once; declining it keeps the reason.
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    companyId: cascadingRef('company_id', () => companies.id),
    requesterUserId: cascadingRef('requester_user_id', () => users.id),
    status: purchaseRequestStatus('status').notNull().default('pending'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    poNumber: text('po_number'),
    invoiceEmails: text('invoice_emails').array().notNull(),
    /** The frozen lines, as the order will be placed from them. */
    lines: jsonb('lines').$type<unknown[]>().notNull(),
    /** Net total of the lines. */
    price: money('price').notNull(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_requests_company_status_idx').on(t.companyId, t.status, t.createdAt.desc()),
    index('purchase_requests_requester_idx').on(t.requesterUserId, t.createdAt.desc()),
    uniqueIndex('purchase_requests_order_key')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('purchase_requests_price_non_negative', sql`${t.price} >= 0`),
  ],
);
