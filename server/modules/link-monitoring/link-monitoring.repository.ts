// Monitored links, their checks and issues, and the host leases (Drizzle only).
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';

import type { LinkHealthStatus } from '#contract/link-monitoring.ts';
import type { OrderItemStatus } from '#contract/orders.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import type { companiesWhereUserCan } from '#server/db/memberships.ts';
import {
  creditNotes,
  demoArticlePages,
  linkCheckHosts,
  linkChecks,
  linkIssueEvents,
  linkIssues,
  linkMonitors,
  orderItems,
  orders,
  sites,
} from '#server/db/schema/index.ts';

import type { ExpectedRel } from './link-check-types.ts';

export type MonitorRow = typeof linkMonitors.$inferSelect;
export type CheckRow = typeof linkChecks.$inferSelect;
export type IssueRow = typeof linkIssues.$inferSelect;
export type IssueEventRow = typeof linkIssueEvents.$inferSelect;

/** Statuses in which an item has a published link: live, or being updated by its publisher. */
export const PUBLISHED_STATUSES: readonly OrderItemStatus[] = ['live_link', 'update_link_article'];

// ---------------------------------------------------------------------------------------------
// The schedule

/** What was bought, from the site's link type and sponsor tag; a site gone from the catalogue
 * leaves a plain link. */
const expectedRelOfSite = sql<ExpectedRel>`case
  when ${sites.sponsorTagType} = 'rel_sponsored' then 'sponsored'::expected_rel
  when ${sites.linkType} = 'no_follow' then 'no_follow'::expected_rel
  else 'do_follow'::expected_rel end`;

/** The items of `ids` that are live, with what starting their monitoring needs. */
export function findItemsToMonitor(db: Database, ids: string[]) {
  return db
    .select({
      id: orderItems.id,
      status: orderItems.status,
      publishedAt: orderItems.publishedAt,
      expectedRel: expectedRelOfSite,
    })
    .from(orderItems)
    .leftJoin(sites, eq(sites.id, orderItems.siteId))
    .where(inArray(orderItems.id, ids));
}

/** Live items that no monitor row follows yet (published before monitoring, or by the seed). */
export function findUnmonitoredLiveItems(db: Database, limit: number) {
  return db
    .select({
      id: orderItems.id,
      status: orderItems.status,
      publishedAt: orderItems.publishedAt,
      expectedRel: expectedRelOfSite,
    })
    .from(orderItems)
    .leftJoin(sites, eq(sites.id, orderItems.siteId))
    .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
    .where(
      and(
        eq(orderItems.status, 'live_link'),
        isNotNull(orderItems.liveLink),
        isNull(linkMonitors.itemId),
      ),
    )
    .orderBy(asc(orderItems.statusChangedAt), asc(orderItems.id))
    .limit(limit);
}

/** Starts monitoring; an item already monitored is left as it is. */
export async function insertMonitors(
  db: Database,
  rows: (typeof linkMonitors.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(linkMonitors).values(rows).onConflictDoNothing();
}

export async function lockMonitor(db: Database, itemId: string): Promise<MonitorRow | null> {
  const [row] = await db
    .select()
    .from(linkMonitors)
    .where(eq(linkMonitors.itemId, itemId))
    .for('update');
  return row ?? null;
}

export async function updateMonitor(
  db: Database,
  itemId: string,
  values: Partial<typeof linkMonitors.$inferInsert>,
): Promise<void> {
  await db.update(linkMonitors).set(values).where(eq(linkMonitors.itemId, itemId));
}

/**
 * Leases up to `limit` due rows to `owner` until `until`: rows another worker holds are skipped
 * (SKIP LOCKED while claiming, and their lease while it runs).
 */
export async function claimDueMonitors(
  db: Database,
  { at, until, owner, limit }: { at: Date; until: Date; owner: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ item_id: string }>(
    db,
    sql`update ${linkMonitors} as m
        set leased_until = ${until.toISOString()}, lease_owner = ${owner}
        from (
          select item_id from ${linkMonitors}
          where is_active and next_check_at <= ${at.toISOString()}
            and (leased_until is null or leased_until < ${at.toISOString()})
          order by next_check_at, item_id
          limit ${limit}
          for update skip locked
        ) as due
        where m.item_id = due.item_id
        returning m.item_id`,
  );
  return rows.map((row) => row.item_id);
}

/** Leases one active row to `owner` unless another worker holds it. */
export async function claimMonitor(
  db: Database,
  { itemId, at, until, owner }: { itemId: string; at: Date; until: Date; owner: string },
): Promise<boolean> {
  const rows = await db
    .update(linkMonitors)
    .set({ leasedUntil: until, leaseOwner: owner })
    .where(
      and(
        eq(linkMonitors.itemId, itemId),
        eq(linkMonitors.isActive, true),
        sql`(${linkMonitors.leasedUntil} is null or ${linkMonitors.leasedUntil} < ${at.toISOString()})`,
      ),
    )
    .returning({ itemId: linkMonitors.itemId });
  return rows.length > 0;
}

/** Gives leased rows back; `deferTo` moves their next check (a host that was busy). */
export async function releaseMonitors(
  db: Database,
  { itemIds, owner, deferTo }: { itemIds: string[]; owner: string; deferTo?: Date },
): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .update(linkMonitors)
    .set({
      leasedUntil: null,
      leaseOwner: null,
      ...(deferTo
        ? {
            nextCheckAt: sql`greatest(${linkMonitors.nextCheckAt}, ${deferTo.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(and(inArray(linkMonitors.itemId, itemIds), eq(linkMonitors.leaseOwner, owner)));
}

/** What a check of the items needs: the live link, the ordered link and what was bought. */
export function findCheckInputs(db: Database, itemIds: string[]) {
  return db
    .select({
      itemId: orderItems.id,
      status: orderItems.status,
      liveLink: orderItems.liveLink,
      targetUrl: orderItems.targetUrl,
      anchorText: orderItems.anchorText,
      expectedRel: linkMonitors.expectedRel,
    })
    .from(linkMonitors)
    .innerJoin(orderItems, eq(orderItems.id, linkMonitors.itemId))
    .where(inArray(linkMonitors.itemId, itemIds));
}

/**
 * Claims the host for `owner` until `until` when no one holds it (or its holder's time ran out):
 * one statement, so two workers never both get it.
 */
export async function claimHost(
  db: Database,
  { hostname, at, until, owner }: { hostname: string; at: Date; until: Date; owner: string },
): Promise<boolean> {
  const rows = await queryRows<{ hostname: string }>(
    db,
    sql`insert into ${linkCheckHosts} (hostname, busy_until, owner)
        values (${hostname}, ${until.toISOString()}, ${owner})
        on conflict (hostname) do update
          set busy_until = excluded.busy_until, owner = excluded.owner
          where ${linkCheckHosts.owner} is null or ${linkCheckHosts.busyUntil} < ${at.toISOString()}
        returning hostname`,
  );
  return rows.length > 0;
}

export async function releaseHost(
  db: Database,
  { hostname, owner, at }: { hostname: string; owner: string; at: Date },
): Promise<void> {
  await db
    .update(linkCheckHosts)
    .set({ owner: null, busyUntil: at })
    .where(and(eq(linkCheckHosts.hostname, hostname), eq(linkCheckHosts.owner, owner)));
}

// ---------------------------------------------------------------------------------------------
// Checks and issues

export async function insertCheck(
  db: Database,
  values: typeof linkChecks.$inferInsert,
): Promise<CheckRow> {
  const [row] = await db.insert(linkChecks).values(values).returning();
  if (!row) throw new Error('The check was not stored');
  return row;
}

export async function lockOpenIssue(db: Database, itemId: string): Promise<IssueRow | null> {
  const [row] = await db
    .select()
    .from(linkIssues)
    .where(and(eq(linkIssues.itemId, itemId), isNull(linkIssues.closedAt)))
    .for('update');
  return row ?? null;
}

export async function lockIssue(db: Database, issueId: string): Promise<IssueRow | null> {
  const [row] = await db.select().from(linkIssues).where(eq(linkIssues.id, issueId)).for('update');
  return row ?? null;
}

export async function insertIssue(
  db: Database,
  values: typeof linkIssues.$inferInsert,
): Promise<IssueRow> {
  const [row] = await db.insert(linkIssues).values(values).returning();
  if (!row) throw new Error('The issue was not stored');
  return row;
}

export async function updateIssue(
  db: Database,
  issueId: string,
  values: Partial<typeof linkIssues.$inferInsert>,
): Promise<void> {
  await db.update(linkIssues).set(values).where(eq(linkIssues.id, issueId));
}

export async function insertIssueEvents(
  db: Database,
  events: { issueId: string; at: Date; kind: IssueEventRow['kind']; detail: string | null }[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(linkIssueEvents).values(events);
}

/** An item with its order's company and who placed it, and what a mail about it names. */
export async function findItemWithBuyer(db: Database, itemId: string) {
  const [row] = await db
    .select({
      itemId: orderItems.id,
      number: orderItems.number,
      orderId: orderItems.orderId,
      siteHostname: orderItems.siteHostname,
      liveLink: orderItems.liveLink,
      targetUrl: orderItems.targetUrl,
      companyId: orders.companyId,
      userId: orders.userId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// What the buyer reads

/** The item with its monitor and its order's company, or null when there is no such item. */
export async function findItemWithMonitor(db: Database, itemId: string) {
  const [row] = await db
    .select({ item: orderItems, monitor: linkMonitors, companyId: orders.companyId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}

export function findChecksOfItem(
  db: Database,
  itemId: string,
  page: { limit: number; offset: number },
) {
  return db
    .select()
    .from(linkChecks)
    .where(eq(linkChecks.itemId, itemId))
    .orderBy(desc(linkChecks.checkedAt), desc(linkChecks.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countChecksOfItem(db: Database, itemId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(linkChecks)
    .where(eq(linkChecks.itemId, itemId));
  return row?.n ?? 0;
}

/** The issues with their credit notes, newest first. */
export function findIssues(db: Database, where: SQL | undefined) {
  return db
    .select({
      issue: linkIssues,
      creditNote: { id: creditNotes.id, number: creditNotes.number },
    })
    .from(linkIssues)
    .leftJoin(creditNotes, eq(creditNotes.id, linkIssues.creditNoteId))
    .where(where)
    .orderBy(desc(linkIssues.openedAt), desc(linkIssues.id));
}

export function issuesOfItem(itemId: string): SQL | undefined {
  return eq(linkIssues.itemId, itemId);
}

export function issuesWithIds(ids: string[]): SQL | undefined {
  return inArray(linkIssues.id, ids);
}

export async function findEventsOfIssues(db: Database, issueIds: string[]) {
  if (issueIds.length === 0) return [];
  return db
    .select()
    .from(linkIssueEvents)
    .where(inArray(linkIssueEvents.issueId, issueIds))
    .orderBy(asc(linkIssueEvents.id));
}

/** The buyer's checks asked for since `since` (their hourly limit). */
export async function countChecksAskedBy(
  db: Database,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(linkChecks)
    .where(
      and(
        eq(linkChecks.requestedBy, userId),
        sql`${linkChecks.checkedAt} > ${since.toISOString()}`,
      ),
    );
  return row?.n ?? 0;
}

/** Records a buyer's "check now" unless the item's last one is younger than `since`. */
export async function claimCheckNow(
  db: Database,
  { itemId, at, since }: { itemId: string; at: Date; since: Date },
): Promise<boolean> {
  const rows = await db
    .update(linkMonitors)
    .set({ checkNowAt: at })
    .where(
      and(
        eq(linkMonitors.itemId, itemId),
        sql`(${linkMonitors.checkNowAt} is null or ${linkMonitors.checkNowAt} <= ${since.toISOString()})`,
      ),
    )
    .returning({ itemId: linkMonitors.itemId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The buyer's monitored links

const openIssueJoin = and(eq(linkIssues.itemId, orderItems.id), isNull(linkIssues.closedAt));

/** The health of a row, as contract/link-monitoring.ts `linkHealthOf` reads it. */
const healthOf = sql<LinkHealthStatus>`(case
  when ${linkIssues.id} is not null then 'issue'
  when ${linkChecks.id} is null then 'pending'
  when ${linkChecks.outcome} = 'ok' then 'healthy'
  else 'failing' end)`;

export interface MonitoredLinkFilter {
  /** The companies whose links are listed (those where the caller's role reads links). */
  companyIds: ReturnType<typeof companiesWhereUserCan>;
  buyerDomains?: string[];
  orderNumber?: string;
}

/** The companies' published links (not refunded), with the filters other than health. */
function monitoredLinksWhere({ companyIds, buyerDomains, orderNumber }: MonitoredLinkFilter) {
  return and(
    inArray(orders.companyId, companyIds),
    inArray(orderItems.status, [...PUBLISHED_STATUSES]),
    isNotNull(orderItems.liveLink),
    isNull(linkMonitors.endedAt),
    buyerDomains && buyerDomains.length > 0
      ? inArray(orderItems.buyerDomainHostname, buyerDomains)
      : undefined,
    orderNumber ? eq(orders.number, orderNumber) : undefined,
  );
}

/** Counts per health of the buyer's links matching the filters other than health. */
export async function countMonitoredLinksByHealth(
  db: Database,
  filter: MonitoredLinkFilter,
): Promise<Map<LinkHealthStatus, number>> {
  const rows = await db
    .select({ health: healthOf, n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
    .leftJoin(linkChecks, eq(linkChecks.id, linkMonitors.lastCheckId))
    .leftJoin(linkIssues, openIssueJoin)
    .where(monitoredLinksWhere(filter))
    .groupBy(healthOf);
  return new Map(rows.map((row) => [row.health, row.n]));
}

export function findMonitoredLinks(
  db: Database,
  filter: MonitoredLinkFilter & { health?: LinkHealthStatus[] },
  page: { limit: number; offset: number },
) {
  return db
    .select({
      item: {
        id: orderItems.id,
        number: orderItems.number,
        status: orderItems.status,
        siteHostname: orderItems.siteHostname,
        buyerDomainId: orderItems.buyerDomainId,
        buyerDomainHostname: orderItems.buyerDomainHostname,
        liveLink: orderItems.liveLink,
        targetUrl: orderItems.targetUrl,
        anchorText: orderItems.anchorText,
        publishedAt: orderItems.publishedAt,
      },
      order: { id: orders.id, number: orders.number, companyId: orders.companyId },
      monitor: {
        itemId: linkMonitors.itemId,
        isActive: linkMonitors.isActive,
        nextCheckAt: linkMonitors.nextCheckAt,
        guaranteeEndsAt: linkMonitors.guaranteeEndsAt,
      },
      lastCheck: linkChecks,
      openIssueId: linkIssues.id,
      health: healthOf,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
    .leftJoin(linkChecks, eq(linkChecks.id, linkMonitors.lastCheckId))
    .leftJoin(linkIssues, openIssueJoin)
    .where(
      and(
        monitoredLinksWhere(filter),
        filter.health && filter.health.length > 0
          ? sql`${healthOf} in (${sql.join(
              filter.health.map((health) => sql`${health}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(sql`${orderItems.publishedAt} desc nulls last`, desc(orderItems.number))
    .limit(page.limit)
    .offset(page.offset);
}

export type MonitoredLinkRow = Awaited<ReturnType<typeof findMonitoredLinks>>[number];

// ---------------------------------------------------------------------------------------------
// Refunds: the item and its order, locked in the life cycle's order (items, then orders)

export async function lockItem(db: Database, itemId: string) {
  const [row] = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.id, itemId))
    .for('update', { of: orderItems });
  return row ?? null;
}

export async function lockOrder(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The demo's article pages (decision 145)

/** The demo item whose live link is `liveLink`, with its page's state. */
export async function findDemoArticle(db: Database, liveLink: string) {
  const [row] = await db
    .select({
      itemId: orderItems.id,
      anchorText: orderItems.anchorText,
      targetUrl: orderItems.targetUrl,
      topic: orderItems.topic,
      siteHostname: orderItems.siteHostname,
      expectedRel: sql<ExpectedRel>`coalesce(${linkMonitors.expectedRel}, ${expectedRelOfSite})`,
      linkState: demoArticlePages.linkState,
    })
    .from(orderItems)
    .leftJoin(linkMonitors, eq(linkMonitors.itemId, orderItems.id))
    .leftJoin(sites, eq(sites.id, orderItems.siteId))
    .leftJoin(demoArticlePages, eq(demoArticlePages.itemId, orderItems.id))
    .where(
      and(eq(orderItems.liveLink, liveLink), inArray(orderItems.status, [...PUBLISHED_STATUSES])),
    )
    .limit(1);
  return row ?? null;
}

export async function hasPublishedItemOnHost(db: Database, hostname: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.siteHostname, hostname),
        inArray(orderItems.status, [...PUBLISHED_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setDemoLinkState(
  db: Database,
  { itemId, state, at }: { itemId: string; state: DemoLinkState; at: Date },
): Promise<void> {
  await db
    .insert(demoArticlePages)
    .values({ itemId, linkState: state, changedAt: at })
    .onConflictDoUpdate({
      target: demoArticlePages.itemId,
      set: { linkState: state, changedAt: at },
    });
}

export type DemoLinkState = (typeof demoArticlePages.$inferSelect)['linkState'];

/** A live, monitored demo item whose page is intact and which has no open issue. */
export async function findBreakableDemoItems(db: Database, limit: number) {
  return db
    .select({ itemId: orderItems.id, expectedRel: linkMonitors.expectedRel })
    .from(linkMonitors)
    .innerJoin(orderItems, eq(orderItems.id, linkMonitors.itemId))
    .leftJoin(demoArticlePages, eq(demoArticlePages.itemId, orderItems.id))
    .leftJoin(linkIssues, openIssueJoin)
    .where(
      and(
        eq(orderItems.status, 'live_link'),
        eq(linkMonitors.isActive, true),
        isNull(linkIssues.id),
        sql`coalesce(${demoArticlePages.linkState}, 'intact') = 'intact'`,
      ),
    )
    .orderBy(asc(orderItems.id))
    .limit(limit);
}
