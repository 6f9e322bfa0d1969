import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import {
  buyerDomains,
  cartItems,
  contentProductPlans,
  niches,
  sitePrices,
  sites,
} from '#server/db/schema/index.ts';
import { findSiteMarksOf } from '#server/db/site-marks.ts';

export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = typeof cartItems.$inferInsert;

export async function countCartItems(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.total ?? 0;
}

/** The buyer's cart, newest first. */
export function findCartItems(
  db: Database,
  userId: string,
  page?: { offset: number; limit: number },
): Promise<CartItemRow[]> {
  const query = db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.seq))
    .$dynamic();
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

/** The whole cart, newest first, locked until the transaction ends (checkout). */
export function lockCartItems(db: Database, userId: string): Promise<CartItemRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.seq))
    .for('update');
}

export async function findCartItem(
  db: Database,
  userId: string,
  id: string,
): Promise<CartItemRow | null> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)))
    .for('update');
  return row ?? null;
}

export function insertCartItems(db: Database, rows: NewCartItemRow[]): Promise<CartItemRow[]> {
  return db.insert(cartItems).values(rows).returning();
}

export async function updateCartItem(
  db: Database,
  userId: string,
  id: string,
  values: Partial<NewCartItemRow>,
): Promise<CartItemRow | null> {
  const [row] = await db
    .update(cartItems)
    .set(values)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCartItems(db: Database, userId: string, ids?: string[]): Promise<void> {
  await db
    .delete(cartItems)
    .where(
      ids
        ? and(eq(cartItems.userId, userId), inArray(cartItems.id, ids))
        : eq(cartItems.userId, userId),
    );
}

export function countCartItemsBySite(db: Database, userId: string) {
  return db
    .select({ id: cartItems.siteId, items_amount: count() })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .groupBy(cartItems.siteId)
    .orderBy(asc(cartItems.siteId));
}

export function findNiches(db: Database) {
  return db.select({ id: niches.id, title: niches.title }).from(niches);
}

export function findSites(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: sites.id, hostname: sites.hostname })
    .from(sites)
    .where(inArray(sites.id, ids));
}

export function findSitePrices(db: Database, siteIds: string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      siteId: sitePrices.siteId,
      nicheId: sitePrices.nicheId,
      nicheTitle: niches.title,
      price: sitePrices.price,
    })
    .from(sitePrices)
    .innerJoin(niches, eq(niches.id, sitePrices.nicheId))
    .where(inArray(sitePrices.siteId, siteIds))
    .orderBy(asc(niches.position), asc(niches.title));
}

/** The sites among `siteIds` the buyer or their current company has blacklisted. */
export async function findBlacklisted(
  db: Database,
  userId: string,
  siteIds: string[],
): Promise<Set<string>> {
  const { personal, company } = await findSiteMarksOf(db, 'blacklists', userId, siteIds);
  return new Set([...personal, ...company]);
}

/** The buyer's domains of these ids, deleted (archived) ones too: cart lines keep theirs. */
export function findBuyerDomains(db: Database, userId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: buyerDomains.id,
      hostname: buyerDomains.hostname,
      archivedAt: buyerDomains.archivedAt,
    })
    .from(buyerDomains)
    .where(and(eq(buyerDomains.userId, userId), inArray(buyerDomains.id, ids)));
}

/**
 * Every line of the buyer's cart, newest first, in one query with what checkout names it by: its
 * site's hostname, its link type's and plan's prices now, and its domain when the buyer owns it.
 */
export function findCartLines(db: Database, userId: string) {
  return db
    .select({
      row: cartItems,
      hostname: sites.hostname,
      price: sitePrices.price,
      planSlug: contentProductPlans.slug,
      planPrice: contentProductPlans.price,
      domain: buyerDomains.hostname,
      domainArchivedAt: buyerDomains.archivedAt,
    })
    .from(cartItems)
    .leftJoin(sites, eq(sites.id, cartItems.siteId))
    .leftJoin(
      sitePrices,
      and(eq(sitePrices.siteId, cartItems.siteId), eq(sitePrices.nicheId, cartItems.nicheId)),
    )
    .leftJoin(contentProductPlans, eq(contentProductPlans.id, cartItems.contentProductPlanId))
    .leftJoin(
      buyerDomains,
      and(eq(buyerDomains.id, cartItems.buyerDomainId), eq(buyerDomains.userId, userId)),
    )
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.seq));
}

export type CartLineRow = Awaited<ReturnType<typeof findCartLines>>[number];

/** Link-type and plan prices of every item in the cart, for the totals. */
export function findCartPrices(db: Database, userId: string) {
  return db
    .select({
      price: sitePrices.price,
      contentPrice: contentProductPlans.price,
    })
    .from(cartItems)
    .leftJoin(
      sitePrices,
      and(eq(sitePrices.siteId, cartItems.siteId), eq(sitePrices.nicheId, cartItems.nicheId)),
    )
    .leftJoin(contentProductPlans, eq(contentProductPlans.id, cartItems.contentProductPlanId))
    .where(eq(cartItems.userId, userId));
}
