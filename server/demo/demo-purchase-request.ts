// The demo's pending purchase request (decision 204): the team's Buyer, Liam Wilson, put three
// catalogue sites in his cart that together cost more than his monthly limit and sent them for
// approval a few hours before the demo starts. It is made as the portal makes one: the lines go
// into his cart, and the purchase-request service reads, freezes and stores them with their
// prices and the company's record. So an Owner or Admin finds it on /purchase-requests, and Liam
// in his orders, from the first start. No mail is sent.
import { desc, eq, inArray } from 'drizzle-orm';

import { moneyToCents } from '#contract/money.ts';
import { OrderCreateSchema } from '#contract/orders.ts';
import type { Database } from '#server/db/database.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import { buyerDomains, purchaseRequests, sites } from '#server/db/schema/index.ts';
import { DEMO_EMAILS } from '#server/db/seed/demo-users.ts';
import { stableUuid } from '#server/db/stable-id.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import {
  checkTargetUrl,
  insertCartItems,
  type LineDraft,
  type LineLookups,
  settleLine,
} from '#server/modules/cart/cart.service.ts';
import type { CheckoutService } from '#server/modules/checkout/checkout.service.ts';
import { requestPurchase } from '#server/modules/purchase-requests/purchase-requests.service.ts';

/** The Buyer's own entry of the company's shop: domains are each person's (decision 203). */
const DOMAIN = 'northwind-outdoor.com';
/** Sites from this General price up: three of them are always over the 500.00 limit. */
const MIN_PRICE_CENTS = 200_00;
const LINES = [
  { path: '/guides/winter-layering', anchor: 'winter layering guide' },
  { path: '/tents/four-season', anchor: 'four-season tents' },
  { path: '/boots/waterproof', anchor: 'waterproof hiking boots' },
] as const;
const REQUESTED_HOURS_AGO = 3;

const noMail: MailQueue = { send: async () => {} };

export interface DemoPurchaseRequestOptions {
  checkout: Pick<CheckoutService, 'prepareCart' | 'spending' | 'paymentProblem' | 'emptyCart'>;
  /** Sets the clock the checkout and the request read. */
  setNow: (at: Date) => void;
  now: () => Date;
  today: Date;
  /** The team's Buyer and their company. */
  requester: { userId: string; companyId: string; invoiceEmail: string };
  /** Catalogue site ids in generation order, the demo orders' candidates. */
  candidates: readonly string[];
  plans: Pick<LineLookups, 'plans'>;
  standardPlanId: string | null;
}

/** Seeds the pending purchase request; answers its number. */
export async function seedDemoPurchaseRequest(
  db: Database,
  options: DemoPurchaseRequestOptions,
): Promise<string> {
  const { requester } = options;
  const domainId = stableUuid(`demo-member-domain:${DEMO_EMAILS.teamBuyer}:${DOMAIN}`);
  await db.insert(buyerDomains).values({
    id: domainId,
    userId: requester.userId,
    hostname: DOMAIN,
    createdAt: new Date(Date.UTC(2025, 0, 1)),
  });
  const siteIds = await expensiveSites(db, options.candidates, LINES.length);
  const requestedAt = new Date(options.today.getTime() - REQUESTED_HOURS_AGO * 60 * 60 * 1000);
  options.setNow(requestedAt);
  const lines = LINES.map((line, index) => {
    const siteId = siteIds[index];
    const target = checkTargetUrl(`https://${DOMAIN}${line.path}`);
    if (!siteId || !('value' in target)) throw new Error('Incomplete demo purchase request');
    const draft: LineDraft = {
      siteId,
      buyerDomainId: domainId,
      nicheId: referenceIds.niche('general'),
      contentProductPlanId: options.standardPlanId,
      wordCount: null,
      articleTopic: 'please_provide_me_a_topic',
      isTopicNeedsApproval: false,
      topic: null,
      anchorText: line.anchor,
      targetUrl: target.value,
      customId: null,
      comments: null,
      publishingDueDate: null,
    };
    return {
      ...settleLine(draft, options.plans),
      userId: requester.userId,
      createdAt: requestedAt,
    };
  });
  await insertCartItems(db, lines.reverse());
  const stored = await requestPurchase(
    { checkout: options.checkout, mail: noMail, now: options.now, link: '', isAuditAtClock: true },
    db,
    requester.userId,
    OrderCreateSchema.parse({
      company: requester.companyId,
      po_number: 'NW-Q1-LINKS',
      invoice_emails: [requester.invoiceEmail],
      payment_method: 'pay_by_bill',
    }),
  );
  // The service leaves a database-random id; the demo's is the same in every installation.
  await db
    .update(purchaseRequests)
    .set({ id: stableUuid(`demo-purchase-request:${stored.request.number}`) })
    .where(eq(purchaseRequests.id, stored.request.id));
  return stored.request.number;
}

/** `count` of the candidates with a General price of at least MIN_PRICE_CENTS, in order. */
async function expensiveSites(
  db: Database,
  candidates: readonly string[],
  count: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: sites.id, price: sites.generalPrice })
    .from(sites)
    .where(inArray(sites.id, [...candidates]))
    .orderBy(desc(sites.generalPrice));
  const priced = new Map(rows.map((row) => [row.id, row.price]));
  const fitting = candidates.filter((id) => {
    const price = priced.get(id);
    return price !== null && price !== undefined && moneyToCents(price) >= MIN_PRICE_CENTS;
  });
  // A small catalogue may have too few: its most expensive sites then.
  return fitting.length >= count ? fitting.slice(0, count) : rows.slice(0, count).map((r) => r.id);
}
