// The demo scenario's driver: plays the scripted orders (demo-order-scripts.ts) through the
// portal's own services, above the modules (decision 189). Nothing here writes an order directly:
// lines go into the cart, orders through the checkout service (which checks every line), and
// every later step through the life-cycle service, the publisher's with what the demo publisher
// writes, each with the clock set back to when it happened. Prices, VAT, credits, credit notes
// and statuses are therefore what the portal itself produces. No mail is sent: the services get
// a notifier that sends nothing. Last, the team Buyer's pending purchase request
// (demo-purchase-request.ts).
import { asc, eq, isNotNull } from 'drizzle-orm';

import { centsToMoney, moneyToCents } from '#contract/money.ts';
import { OrderCreateSchema } from '#contract/orders.ts';
import { vatCents, vatDecision, type VatSeller } from '#contract/vat.ts';
import type { Database } from '#server/db/database.ts';
import { referenceIds } from '#server/db/reference-data.ts';
import {
  buyerDomains,
  companies,
  creditNotes,
  creditTransactions,
  files,
  invoices,
  orderItems,
  orders,
  sites,
} from '#server/db/schema/index.ts';
import type { DemoUserIds } from '#server/db/seed/demo-users.ts';
import { type Random, sample } from '#server/db/seed/random.ts';
import { insertCreditTransaction } from '#server/modules/billing/billing.service.ts';
import { payeeOf } from '#server/modules/billing/billing.service.ts';
import {
  checkTargetUrl,
  insertCartItems,
  type LineDraft,
  linePriceCents,
  loadLookups,
  settleLine,
} from '#server/modules/cart/cart.service.ts';
import {
  createCheckoutService,
  findCompaniesOfUser,
} from '#server/modules/checkout/checkout.service.ts';
import { publisherInput } from '#server/modules/demo-publisher/demo-publisher.ts';
import {
  createDocumentWriter,
  DEMO_DOCUMENT_SELLER,
  type DocumentSeller,
  moveCompanyDocument,
} from '#server/modules/files/files.service.ts';
import {
  createLifeCycleService,
  type OrderNotifier,
} from '#server/modules/order-items/order-items.service.ts';
import { findContentProductPlans } from '#server/modules/reference-data/reference-data.service.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import {
  DEMO_ORDER_SCRIPTS,
  DEMO_SELLER,
  type OrderScript,
  type Plan,
  type Step,
} from './demo-order-scripts.ts';
import { seedDemoPurchaseRequest } from './demo-purchase-request.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sites are drawn from the first ones generated: the same for any SEED_SITES from 200 up. */
const CANDIDATE_SITES = 200;
/** Sites whose General price is within this range make a believable order. */
const PRICE_RANGE_CENTS = [40_00, 450_00] as const;

/** Events that carry no input of their own: one call may take several items. */
const SHARED_EVENTS = [
  'approve_topic',
  'approve_content',
  'cancel',
  'accept_article',
  'send_for_publication',
] as const;

export interface DemoOrdersOptions {
  random: Random;
  /** The seeding day: every order and step happened before it. */
  today: Date;
  buyers: DemoUserIds;
  /** Catalogue hostnames in the order they were generated. */
  catalogueHostnames: readonly string[];
  seller?: VatSeller;
  documents?: DemoDocumentsOptions;
}

export interface DemoDocumentsOptions {
  /** Where the documents are stored. */
  files: FileStore;
  seller?: DocumentSeller;
}

interface Buyer {
  userId: string;
  companyId: string;
  countryCode: string | null;
  vatNumber: string | null;
  creditsBalance: string;
  invoiceEmail: string;
  domains: { id: string; hostname: string }[];
}

type OrderItemRow = typeof orderItems.$inferSelect;

interface TimedAction {
  at: Date;
  run: () => Promise<void>;
}

const silent: OrderNotifier = { queue: async () => {} };

/**
 * Seeds the scripted orders, the company's record of who did what at the history's own times (not
 * the seeding's); answers how many orders were placed.
 */
export async function seedDemoOrders(db: Database, options: DemoOrdersOptions): Promise<number> {
  const { random, today } = options;
  let current = today;
  const now = () => current;
  const documents = options.documents
    ? createDocumentWriter({
        files: options.documents.files,
        seller: options.documents.seller ?? DEMO_DOCUMENT_SELLER,
      })
    : undefined;
  const lifeCycle = createLifeCycleService({ db, now, notifier: silent, documents });
  const checkout = createCheckoutService({
    db,
    now,
    seller: options.seller ?? DEMO_SELLER,
    documents,
    payee: payeeOf(options.documents?.seller ?? DEMO_DOCUMENT_SELLER),
    isAuditAtClock: true,
  });
  const buyers = {
    buyer: await loadBuyer(db, options.buyers.buyer),
    secondBuyer: await loadBuyer(db, options.buyers.secondBuyer),
  };
  const planList = await findContentProductPlans(db);
  const planLookups = { plans: new Map(planList.map((plan) => [plan.id, plan])) };
  const plans = planIds(planList);
  const candidates = await candidateSites(db, options.catalogueHostnames);
  const jitter = () => random.int(0, 119) * 60_000 + random.int(0, 59) * 1000;
  const at = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY_MS + jitter());

  // Every order's sites are drawn first, so that the totals can be asked before anything is paid.
  const orderSites = DEMO_ORDER_SCRIPTS.map((script) =>
    sample(random, candidates, script.items.length),
  );

  // The lines go into the cart as the cart stores them (the cart's own settling of each line);
  // the checkout then checks every line as it does for any order.
  const fillCart = async (script: OrderScript, index: number, createdAt: Date) => {
    const person = buyers[script.buyer];
    const lines = script.items.map((item, position) => {
      const site = orderSites[index]?.[position];
      const domain = person.domains[item.domain];
      if (!site || !domain) throw new Error('Incomplete demo order script');
      const target = checkTargetUrl(`https://${domain.hostname}${item.path}`);
      if (!('value' in target)) throw new Error(`Invalid demo target URL ${item.path}`);
      const draft: LineDraft = {
        siteId: site,
        buyerDomainId: domain.id,
        nicheId: referenceIds.niche('general'),
        contentProductPlanId: plans[item.plan],
        wordCount: null,
        articleTopic: item.topic === 'own' ? 'i_will_write_my_topic' : 'please_provide_me_a_topic',
        isTopicNeedsApproval: item.topic === 'publisher_approved',
        topic: item.ownTopic ?? null,
        anchorText: item.anchor,
        targetUrl: target.value,
        customId: null,
        comments: item.comments ?? null,
        publishingDueDate: null,
      };
      return { ...settleLine(draft, planLookups), userId: person.userId, createdAt };
    });
    // The cart lists (and the checkout numbers) the newest line first.
    await insertCartItems(db, lines.reverse());
  };

  // The demo buyer's credits were topped up before the first order by what the credits orders
  // cost (the checkout's own line prices and VAT) on top of the balance left today.
  const creditsSpentCents = await creditsOrdersCents(db, {
    person: buyers.buyer,
    seller: options.seller ?? DEMO_SELLER,
    plans,
    orderSites,
  });
  const firstOrderDaysAgo = Math.max(...DEMO_ORDER_SCRIPTS.map((script) => script.daysAgo));
  await topUp(db, buyers.buyer, {
    cents: moneyToCents(buyers.buyer.creditsBalance) + creditsSpentCents,
    at: at(firstOrderDaysAgo + 3),
  });
  await topUp(db, buyers.secondBuyer, {
    cents: moneyToCents(buyers.secondBuyer.creditsBalance),
    at: at(firstOrderDaysAgo + 3),
  });

  const actions: TimedAction[] = [];
  for (const [index, script] of DEMO_ORDER_SCRIPTS.entries()) {
    const person = buyers[script.buyer];
    let placed: { id: string; items: OrderItemRow[] } | null = null;
    const order = () => {
      if (!placed) throw new Error('A demo order step came before the order');
      return placed;
    };
    actions.push({
      at: at(script.daysAgo),
      run: async () => {
        await fillCart(script, index, now());
        const order = await db.transaction((tx) =>
          checkout.placeOrder(
            tx,
            person.userId,
            OrderCreateSchema.parse({
              company: person.companyId,
              po_number: script.poNumber ?? null,
              invoice_emails: [person.invoiceEmail],
              payment_method: script.paymentMethod,
            }),
          ),
        );
        placed = {
          id: order.id,
          items: await db
            .select()
            .from(orderItems)
            .where(eq(orderItems.orderId, order.id))
            .orderBy(asc(orderItems.position)),
        };
      },
    });
    if (script.paidDaysAgo !== undefined) {
      actions.push({
        at: at(script.paidDaysAgo),
        run: async () => {
          await lifeCycle.receivePayment(order().id);
        },
      });
    }
    // Steps without input taken on the same day for several items of the order are one call,
    // as a buyer approves several items at once.
    const calls = new Map<string, { daysAgo: number; step: Step; positions: number[] }>();
    script.items.forEach((item, itemIndex) => {
      for (const [daysAgo, step] of item.steps) {
        const shared = (SHARED_EVENTS as readonly string[]).includes(step.event);
        const key = `${daysAgo} ${step.by} ${step.event} ${shared ? '' : itemIndex}`;
        const call = calls.get(key) ?? { daysAgo, step, positions: [] };
        call.positions.push(itemIndex);
        calls.set(key, call);
      }
    });
    for (const { daysAgo, step, positions } of calls.values()) {
      actions.push({
        at: at(daysAgo),
        run: async () => {
          const rows = positions.map((itemIndex) => order().items[itemIndex]);
          if (rows.some((row) => row === undefined)) {
            throw new Error('A demo order has fewer items than its script');
          }
          await applyStep(rows as OrderItemRow[], step, person.userId);
        },
      });
    }
  }

  // The life cycle refuses (and so fails the seeding) any step its table does not allow.
  const applyStep = async (items: OrderItemRow[], step: Step, userId: string) => {
    const ids = items.map((item) => item.id);
    const [first] = items;
    if (!first) return;
    if (step.by === 'publisher') {
      const input = publisherInput(step.event, first, now());
      await lifeCycle.apply({ event: step.event, ids, userId: null, input });
      return;
    }
    const input =
      step.event === 'confirm_article'
        ? { articleLink: `https://docs.google.com/document/d/${documentId(random)}/edit` }
        : step.event === 'topic_feedback' || step.event === 'content_feedback'
          ? { feedback: { text: step.text, file: null, created_at: now().toISOString() } }
          : {};
    await lifeCycle.apply({ event: step.event, ids, userId, input });
  };

  // Steps of one item lie days apart, far more than the jitter, so sorting keeps their order.
  actions.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const action of actions) {
    current = action.at;
    await action.run();
  }
  const [after] = await findCompaniesOfUser(db, buyers.buyer.userId);
  if (after?.creditsBalance !== buyers.buyer.creditsBalance) {
    throw new Error(`The demo buyer's credits ended at ${after?.creditsBalance}`);
  }
  await giveStableIds(db, random, options.documents?.files ?? null);
  await seedDemoPurchaseRequest(db, {
    checkout,
    now,
    setNow: (at) => {
      current = at;
    },
    today,
    requester: {
      userId: options.buyers.team.buyer,
      companyId: buyers.buyer.companyId,
      invoiceEmail: buyers.buyer.invoiceEmail,
    },
    candidates,
    plans: planLookups,
    standardPlanId: plans.standard,
  });
  return DEMO_ORDER_SCRIPTS.length;
}

/** What the demo buyer's credits orders cost with VAT, as the checkout prices them. */
async function creditsOrdersCents(
  db: Database,
  {
    person,
    seller,
    plans,
    orderSites,
  }: {
    person: Buyer;
    seller: VatSeller;
    plans: Record<Plan, string | null>;
    orderSites: string[][];
  },
): Promise<number> {
  const orders = DEMO_ORDER_SCRIPTS.flatMap((script, index) =>
    script.buyer === 'buyer' && script.paymentMethod === 'credits'
      ? [
          script.items.map((item, position) => ({
            siteId: orderSites[index]?.[position] ?? '',
            buyerDomainId: person.domains[item.domain]?.id ?? '',
            nicheId: referenceIds.niche('general'),
            contentProductPlanId: plans[item.plan],
          })),
        ]
      : [],
  );
  const lookups = await loadLookups(db, person.userId, orders.flat());
  const { rateBasisPoints } = vatDecision(seller, person);
  return orders.reduce((sum, lines) => {
    const net = lines.reduce((cents, line) => cents + linePriceCents(line, lookups).total, 0);
    return sum + net + vatCents(net, rateBasisPoints);
  }, 0);
}

async function loadBuyer(db: Database, userId: string): Promise<Buyer> {
  const [company] = await findCompaniesOfUser(db, userId);
  if (!company) throw new Error('A demo buyer has no company');
  const domains = await db
    .select({ id: buyerDomains.id, hostname: buyerDomains.hostname })
    .from(buyerDomains)
    .where(eq(buyerDomains.userId, userId))
    .orderBy(asc(buyerDomains.createdAt));
  const invoiceEmail = company.accountingEmail ?? company.contactEmail;
  if (!invoiceEmail) throw new Error('A demo company has no e-mail');
  return {
    userId,
    companyId: company.id,
    countryCode: company.countryCode,
    vatNumber: company.vatNumber,
    creditsBalance: company.creditsBalance,
    invoiceEmail,
    domains,
  };
}

function planIds(list: readonly { id: string; slug: string }[]): Record<Plan, string | null> {
  const idOf = (slug: Plan) => {
    const plan = list.find((row) => row.slug === slug);
    if (!plan) throw new Error(`The ${slug} plan is missing`);
    return plan.id;
  };
  return { provide: null, standard: idOf('standard'), premium: idOf('premium') };
}

/** Ids of the first generated sites with a believable General price, in generation order. */
async function candidateSites(db: Database, hostnames: readonly string[]): Promise<string[]> {
  const first = hostnames.slice(0, CANDIDATE_SITES);
  const rows = await db
    .select({ id: sites.id, hostname: sites.hostname, price: sites.generalPrice })
    .from(sites);
  const byHostname = new Map(rows.map((row) => [row.hostname, row]));
  const inOrder = first.flatMap((hostname) => {
    const row = byHostname.get(hostname);
    return row ? [row] : [];
  });
  const [min, max] = PRICE_RANGE_CENTS;
  const fitting = inOrder.filter((row) => {
    const cents = row.price === null ? null : moneyToCents(row.price);
    return cents !== null && cents >= min && cents <= max;
  });
  const needed = Math.max(...DEMO_ORDER_SCRIPTS.map((script) => script.items.length));
  return (fitting.length >= needed ? fitting : inOrder).map((row) => row.id);
}

/** A credits purchase: the balance and its ledger row. */
async function topUp(
  db: Database,
  person: Buyer,
  { cents, at }: { cents: number; at: Date },
): Promise<void> {
  if (cents <= 0) return;
  const amount = centsToMoney(cents);
  await db
    .update(companies)
    .set({ creditsBalance: amount })
    .where(eq(companies.id, person.companyId));
  await insertCreditTransaction(db, {
    companyId: person.companyId,
    userId: person.userId,
    orderId: null,
    amount,
    balanceAfter: amount,
    createdAt: at,
  });
}

/**
 * The services leave database-random ids; the seeded rows are written again with ids from the
 * seeded generator (in number order), so that a demo order has the same address in every
 * installation.
 */
async function giveStableIds(db: Database, random: Random, store: FileStore | null): Promise<void> {
  const invoiceRows = await db.select().from(invoices).orderBy(asc(invoices.number));
  const orderRows = await db.select().from(orders).orderBy(asc(orders.number));
  const itemRows = await db.select().from(orderItems).orderBy(asc(orderItems.number));
  const noteRows = await db.select().from(creditNotes).orderBy(asc(creditNotes.number));
  const ledgerRows = await db
    .select()
    .from(creditTransactions)
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.companyId));
  const ids = new Map<string, string>();
  const stable = (id: string) => {
    let next = ids.get(id);
    if (next === undefined) {
      next = random.uuid();
      ids.set(id, next);
    }
    return next;
  };
  const mapped = (id: string | null) => (id === null ? null : stable(id));
  for (const row of [...invoiceRows, ...orderRows, ...itemRows, ...noteRows, ...ledgerRows]) {
    stable(row.id);
  }
  // The invoices' and credit notes' files, after every other row so that those keep their ids.
  const documentRows = await db
    .select()
    .from(files)
    .where(isNotNull(files.companyId))
    .orderBy(asc(files.fileName));
  for (const row of documentRows) stable(row.id);

  await db.delete(creditTransactions);
  await db.delete(creditNotes);
  await db.delete(orderItems);
  await db.delete(orders);
  await db.delete(invoices);
  if (documentRows.length > 0) {
    if (store === null) throw new Error('Demo documents without a file store');
    await db.delete(files).where(isNotNull(files.companyId));
    const moved = [];
    for (const row of documentRows) {
      const companyId = row.companyId ?? '';
      const id = stable(row.id);
      moved.push({
        ...row,
        id,
        storagePath: await moveCompanyDocument(store, companyId, row.id, id),
      });
    }
    await db.insert(files).values(moved);
  }
  if (invoiceRows.length > 0) {
    await db
      .insert(invoices)
      .values(
        invoiceRows.map((row) => ({ ...row, id: stable(row.id), fileId: mapped(row.fileId) })),
      );
  }
  if (orderRows.length > 0) {
    await db
      .insert(orders)
      .values(
        orderRows.map((row) => ({ ...row, id: stable(row.id), invoiceId: mapped(row.invoiceId) })),
      );
  }
  if (itemRows.length > 0) {
    await db
      .insert(orderItems)
      .values(
        itemRows.map((row) => ({ ...row, id: stable(row.id), orderId: stable(row.orderId) })),
      );
  }
  if (noteRows.length > 0) {
    await db.insert(creditNotes).values(
      noteRows.map((row) => ({
        ...row,
        id: stable(row.id),
        orderId: stable(row.orderId),
        fileId: mapped(row.fileId),
      })),
    );
  }
  if (ledgerRows.length > 0) {
    await db
      .insert(creditTransactions)
      .values(
        ledgerRows.map((row) => ({ ...row, id: stable(row.id), orderId: mapped(row.orderId) })),
      );
  }
}

function documentId(random: Random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 44 }, () => random.pick([...alphabet])).join('');
}
