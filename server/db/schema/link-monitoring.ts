// Monitoring of live links (decision 140): a row per live order item with its schedule and lease,
// every check with what it found, the link issues opened after repeated failures with their
// steps, the per-host lease that keeps checks of one site one at a time across processes, and
// the state of the demo's own article pages (decision 145).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import {
  type FoundLink,
  LINK_CHECK_OUTCOMES,
  LINK_ISSUE_EVENT_KINDS,
} from '#contract/link-monitoring.ts';

import { cascadingRef } from './columns.ts';
import { creditNotes, orderItems } from './orders.ts';
import { users } from './users.ts';

export const linkCheckOutcome = pgEnum('link_check_outcome', LINK_CHECK_OUTCOMES);
/** What was bought: a plain link, a nofollow link, or a link marked sponsored. */
export const expectedRel = pgEnum('expected_rel', ['do_follow', 'no_follow', 'sponsored']);
export const linkIssueResolution = pgEnum('link_issue_resolution', ['restored', 'refunded']);
export const linkIssueEventKind = pgEnum('link_issue_event_kind', LINK_ISSUE_EVENT_KINDS);
export const demoLinkState = pgEnum('demo_link_state', [
  'intact',
  'removed',
  'nofollow',
  'anchor_changed',
]);

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The schedule of one live item's checks; created when the item goes live (decision 143). */
export const linkMonitors = pgTable(
  'link_monitors',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** Frozen when monitoring starts, from the site's link type and sponsor tag. */
    expectedRel: expectedRel('expected_rel').notNull(),
    /** First publication plus the guarantee's months, frozen when monitoring starts. */
    guaranteeEndsAt: at('guarantee_ends_at'),
    /** False while the item is not a live link (the publisher updates it), or once ended. */
    isActive: boolean('is_active').notNull().default(true),
    /** Monitoring ended for good (the link was refunded). */
    endedAt: at('ended_at'),
    nextCheckAt: at('next_check_at').notNull(),
    /** Failed checks in a row. */
    failureStreak: integer('failure_streak').notNull().default(0),
    lastCheckId: uuid('last_check_id').references((): AnyPgColumn => linkChecks.id, {
      onDelete: 'set null',
    }),
    /** A worker checking the item holds it until then; null when no one does. */
    leasedUntil: at('leased_until'),
    leaseOwner: text('lease_owner'),
    /** When the buyer last asked for a check now (their rate limit). */
    checkNowAt: at('check_now_at'),
    startedAt: at('started_at').notNull(),
  },
  (t) => [
    // The scheduler's claim: due active rows, oldest due first.
    index('link_monitors_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.isActive}`),
    check('link_monitors_failure_streak_non_negative', sql`${t.failureStreak} >= 0`),
  ],
);

export const linkChecks = pgTable(
  'link_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: cascadingRef('item_id', () => orderItems.id),
    checkedAt: at('checked_at').notNull(),
    outcome: linkCheckOutcome('outcome').notNull(),
    httpStatus: integer('http_status'),
    finalUrl: text('final_url'),
    found: jsonb('found').$type<FoundLink>(),
    detail: text('detail'),
    isDisallowedByRobots: boolean('is_disallowed_by_robots').notNull().default(false),
    durationMs: integer('duration_ms').notNull(),
    /** The buyer who asked for this check now; null for a scheduled check. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('link_checks_item_checked_idx').on(t.itemId, t.checkedAt.desc()),
    // A buyer's checks asked for in the last hour (their rate limit).
    index('link_checks_requested_by_idx')
      .on(t.requestedBy, t.checkedAt)
      .where(sql`${t.requestedBy} is not null`),
  ],
);

export const linkIssues = pgTable(
  'link_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: cascadingRef('item_id', () => orderItems.id),
    openedAt: at('opened_at').notNull(),
    closedAt: at('closed_at'),
    /** The failure of the check that opened the issue. */
    outcome: linkCheckOutcome('outcome').notNull(),
    restoreRequestedAt: at('restore_requested_at'),
    refundRequestedAt: at('refund_requested_at'),
    creditNoteId: uuid('credit_note_id')
      .unique()
      .references(() => creditNotes.id, { onDelete: 'restrict' }),
    resolution: linkIssueResolution('resolution'),
    /** When the buyer was mailed about it; null when their preference was off. */
    notifiedAt: at('notified_at'),
  },
  (t) => [
    // At most one open issue per item.
    uniqueIndex('link_issues_open_item_key')
      .on(t.itemId)
      .where(sql`${t.closedAt} is null`),
    index('link_issues_item_opened_idx').on(t.itemId, t.openedAt.desc()),
    check(
      'link_issues_resolution_when_closed',
      sql`(${t.closedAt} is null) = (${t.resolution} is null)`,
    ),
  ],
);

export const linkIssueEvents = pgTable(
  'link_issue_events',
  {
    /** Also the order of events written at the same instant. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issueId: cascadingRef('issue_id', () => linkIssues.id),
    at: at('at').notNull(),
    kind: linkIssueEventKind('kind').notNull(),
    detail: text('detail'),
  },
  (t) => [index('link_issue_events_issue_idx').on(t.issueId, t.id)],
);

/** One check at a time per host, across processes: a row is claimed while its host is checked. */
export const linkCheckHosts = pgTable('link_check_hosts', {
  hostname: text('hostname').primaryKey(),
  busyUntil: at('busy_until').notNull(),
  /** The worker checking the host; null once it released it. */
  owner: text('owner'),
});

/** The demo's published articles (decision 145): the state of the ordered link on each page. */
export const demoArticlePages = pgTable('demo_article_pages', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  linkState: demoLinkState('link_state').notNull().default('intact'),
  changedAt: at('changed_at').notNull(),
});
