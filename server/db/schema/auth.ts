import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns.ts';
import { loginFailureScope, userTokenPurpose } from './enums.ts';
import { users } from './users.ts';

/**
 * A sign-in (decision 169): one per login, its id the refresh-token family id and the `sid` of
 * every access token issued for it. The auth plugin reads it by primary key on every request, so
 * ending it (logout, password or e-mail change, signing out other devices) takes effect on the
 * next request. `device` and `address` are summaries (browser and system; the address with its
 * last part hidden), never the raw User-Agent or address.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The family's absolute end: REFRESH_TOKEN_TTL_DAYS after the login. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per session, by requests and refreshes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    device: text('device').notNull().default(''),
    address: text('address').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Refresh tokens, stored only as SHA-256 hashes. Tokens issued from one login share a family;
 * presenting a used token revokes the family, and a family expires a fixed time after its login.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyCreatedAt: timestamp('family_created_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

/** Single-use tokens mailed to a user (registration confirmation, password reset), hashed. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Failed logins, one row each, kept in the database so that every API process counts the same
 * failures. Rows older than the throttle window are pruned as new failures arrive.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scope: loginFailureScope('scope').notNull(),
    subject: text('subject').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_scope_subject_failed_at_idx').on(t.scope, t.subject, t.failedAt)],
);

/**
 * Requests that send mail to signed-out visitors (registration, password reset), one row each,
 * so that every API process applies the same limits. Rows older than an hour are pruned as new
 * requests arrive.
 */
export const mailRequests = pgTable(
  'mail_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `registration:address`, `registration:email`, `password_reset:address`, … */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mail_requests_scope_subject_requested_at_idx').on(t.scope, t.subject, t.requestedAt),
  ],
);

/**
 * A buyer's request to move their account to another e-mail address (decision 071). The link
 * mailed to the new address carries the token, stored only as its hash; the address changes when
 * the link is opened, once, before it expires. A newer request retires the older ones.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_requests_user_id_idx').on(t.userId)],
);
