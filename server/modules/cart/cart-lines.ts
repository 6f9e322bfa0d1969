// The rules of one cart line (spec §4 "Cart panel", §5; decision 031), shared by adding to the
// cart, editing an item and placing the order: what 'provide' implies, which ids the buyer may
// use, word counts within the plan, target URL normalisation, and the line's prices.
import { createHash } from 'node:crypto';

import {
  type ArticleTopic,
  BUYER_DOMAIN_NOT_FOUND_MESSAGE,
  CART_SITE_BLACKLISTED_MESSAGE,
  CART_SITE_NOT_FOUND_MESSAGE,
  type CartItem,
  type CartLineSummary,
  type CheckoutField,
  LINK_TYPE_NOT_PRICED_MESSAGE,
  missingCheckoutFields,
  normalizeTargetUrl,
  PLAN_NOT_FOUND_MESSAGE,
  PROVIDE_PLAN_SLUG,
  wordCountMessage,
} from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import type { ContentProductPlan } from '#contract/reference-data.ts';
import type { Database } from '#server/db/database.ts';

import { findContentProductPlans } from '../reference-data/reference-data.service.ts';
import {
  type CartItemRow,
  type CartLineRow,
  findBlacklisted,
  findBuyerDomains,
  findNiches,
  findSitePrices,
  findSites,
} from './cart.repository.ts';

/** A cart line as stored (one article). */
export interface LineDraft {
  siteId: string;
  buyerDomainId: string;
  nicheId: string;
  /** Null for 'provide'. */
  contentProductPlanId: string | null;
  wordCount: number | null;
  articleTopic: ArticleTopic;
  isTopicNeedsApproval: boolean;
  topic: string | null;
  anchorText: string | null;
  targetUrl: string | null;
  customId: string | null;
  comments: string | null;
  publishingDueDate: string | null;
}

interface SitePriceRef {
  price: string;
  niche: { id: string; title: string };
}

/** What the rules of a set of lines need to know, loaded in a few queries. */
export interface LineLookups {
  plans: Map<string, ContentProductPlan>;
  niches: Map<string, string>;
  sites: Map<string, string>;
  prices: Map<string, SitePriceRef[]>;
  blacklisted: Set<string>;
  /** The buyer's domains by id, with their hostname; deleted ones too (decision 054). */
  domains: Map<string, string>;
  /** Those of `domains` the buyer deleted: a line keeps one, a new choice may not name one. */
  archivedDomains: Set<string>;
}

export async function loadLookups(
  db: Database,
  userId: string,
  lines: { siteId: string; buyerDomainId: string }[],
): Promise<LineLookups> {
  const siteIds = [...new Set(lines.map((line) => line.siteId))];
  const domainIds = [...new Set(lines.map((line) => line.buyerDomainId))];
  // One after another: `db` is often a transaction, whose one connection runs one query at a time.
  const plans = await findContentProductPlans(db);
  const niches = await findNiches(db);
  const sites = await findSites(db, siteIds);
  const prices = await findSitePrices(db, siteIds);
  const blacklisted = await findBlacklisted(db, userId, siteIds);
  const domains = await findBuyerDomains(db, userId, domainIds);
  const priceMap = new Map<string, SitePriceRef[]>();
  for (const row of prices) {
    const list = priceMap.get(row.siteId) ?? [];
    list.push({ price: row.price, niche: { id: row.nicheId, title: row.nicheTitle } });
    priceMap.set(row.siteId, list);
  }
  return {
    plans: new Map(plans.map((plan) => [plan.id, plan])),
    niches: new Map(niches.map((niche) => [niche.id, niche.title])),
    sites: new Map(sites.map((site) => [site.id, site.hostname])),
    prices: priceMap,
    blacklisted,
    domains: new Map(domains.map((domain) => [domain.id, domain.hostname])),
    archivedDomains: new Set(
      domains.filter((domain) => domain.archivedAt !== null).map((domain) => domain.id),
    ),
  };
}

/** The plan of a line, or null for 'provide' (also when the provide plan is named by its id). */
export function paidPlanOf(
  planId: string | null,
  lookups: Pick<LineLookups, 'plans'>,
): ContentProductPlan | null {
  if (planId === null) return null;
  const plan = lookups.plans.get(planId);
  return plan && plan.slug !== PROVIDE_PLAN_SLUG ? plan : null;
}

/**
 * Applies what the chosen plan implies: 'provide' has no plan, no word count, the buyer's own
 * topic and no approval; a paid plan without a word count (a new line, or a plan just chosen)
 * gets the plan's minimum; a word count the buyer clears is refused instead. The approval
 * of a topic applies only to a topic the buyer asks for.
 */
export function settleLine(draft: LineDraft, lookups: Pick<LineLookups, 'plans'>): LineDraft {
  const known =
    draft.contentProductPlanId !== null && lookups.plans.has(draft.contentProductPlanId);
  // An unknown plan id is kept, so that validation names it.
  if (draft.contentProductPlanId !== null && !known) return draft;
  const plan = paidPlanOf(draft.contentProductPlanId, lookups);
  if (plan === null) {
    return {
      ...draft,
      contentProductPlanId: null,
      wordCount: null,
      articleTopic: 'i_will_write_my_topic',
      isTopicNeedsApproval: false,
    };
  }
  return {
    ...draft,
    wordCount: draft.wordCount ?? plan.min_words_amount,
    isTopicNeedsApproval:
      draft.articleTopic === 'please_provide_me_a_topic' ? draft.isTopicNeedsApproval : false,
  };
}

/** The target URL as typed: normalised, or the violation to answer (with its corrected value). */
export function checkTargetUrl(
  value: string | null,
): { value: string | null } | { violation: Omit<Violation, 'path'> } {
  if (value === null) return { value: null };
  const result = normalizeTargetUrl(value);
  if (result.ok) return { value: result.value === '' ? null : result.value };
  return {
    violation: {
      message: result.message,
      ...(result.corrected ? { parameters: { value: `"${result.corrected}"` } } : {}),
    },
  };
}

/** The violations of a settled line, with paths naming its fields (`site`, `word_count`, ...). */
export function lineViolations(line: LineDraft, lookups: LineLookups): Violation[] {
  const violations: Violation[] = [];
  if (!lookups.sites.has(line.siteId)) {
    violations.push({ path: 'site', message: CART_SITE_NOT_FOUND_MESSAGE });
  } else if (lookups.blacklisted.has(line.siteId)) {
    violations.push({ path: 'site', message: CART_SITE_BLACKLISTED_MESSAGE });
  } else if (sitePrice(line, lookups) === null) {
    violations.push({ path: 'link_type', message: LINK_TYPE_NOT_PRICED_MESSAGE });
  }
  if (!lookups.domains.has(line.buyerDomainId)) {
    violations.push({ path: 'buyer_domain', message: BUYER_DOMAIN_NOT_FOUND_MESSAGE });
  }
  if (line.contentProductPlanId !== null && !lookups.plans.has(line.contentProductPlanId)) {
    violations.push({ path: 'content_product_plan', message: PLAN_NOT_FOUND_MESSAGE });
  }
  const plan = paidPlanOf(line.contentProductPlanId, lookups);
  if (plan && line.wordCount !== null) {
    const min = plan.min_words_amount;
    const max = plan.is_max_words_amount_exceed_allowed ? null : plan.max_words_amount;
    if ((min !== null && line.wordCount < min) || (max !== null && line.wordCount > max)) {
      violations.push({ path: 'word_count', message: wordCountMessage(min, max) });
    }
  }
  if (line.targetUrl !== null) {
    const checked = checkTargetUrl(line.targetUrl);
    if ('violation' in checked) violations.push({ path: 'target_url', ...checked.violation });
  }
  return violations;
}

/** The site's current price for the line's link type; null when it does not price it. */
export function sitePrice(
  line: Pick<LineDraft, 'siteId' | 'nicheId'>,
  lookups: Pick<LineLookups, 'prices'>,
): string | null {
  const entry = lookups.prices.get(line.siteId)?.find((price) => price.niche.id === line.nicheId);
  return entry?.price ?? null;
}

/** Prices of one article in cents: the link type's, the plan's, and both together. */
export function linePriceCents(
  line: Pick<LineDraft, 'siteId' | 'nicheId' | 'contentProductPlanId'>,
  lookups: Pick<LineLookups, 'prices' | 'plans'>,
): { price: number; content: number; total: number } {
  const price = moneyToCents(sitePrice(line, lookups) ?? '0.00');
  const plan = paidPlanOf(line.contentProductPlanId, lookups);
  const content = plan ? moneyToCents(plan.price) : 0;
  return { price, content, total: price + content };
}

export function draftOf(row: CartItemRow): LineDraft {
  return {
    siteId: row.siteId,
    buyerDomainId: row.buyerDomainId,
    nicheId: row.nicheId,
    contentProductPlanId: row.contentProductPlanId,
    wordCount: row.wordCount,
    articleTopic: row.articleTopic,
    isTopicNeedsApproval: row.isTopicNeedsApproval,
    topic: row.topic,
    anchorText: row.anchorText,
    targetUrl: row.targetUrl,
    customId: row.customId,
    comments: row.comments,
    publishingDueDate: row.publishingDueDate,
  };
}

/**
 * The line's version (`CartItem.version`): a digest of every value it holds and of its prices
 * now, so it changes with any edit, from any tab, and with a price the buyer has not seen.
 */
export function lineVersion(row: CartItemRow, lookups: LineLookups): string {
  return versionOf(row, {
    domain: lookups.domains.get(row.buyerDomainId) ?? null,
    archived: lookups.archivedDomains.has(row.buyerDomainId),
    cents: linePriceCents(row, lookups),
  });
}

/** The digest of a line's values, its domain as the buyer owns it, and its prices in cents. */
function versionOf(
  row: CartItemRow,
  now: { domain: string | null; archived: boolean; cents: { price: number; content: number } },
): string {
  const values = [
    row.id,
    ...Object.values(draftOf(row)),
    now.domain,
    now.archived,
    now.cents.price,
    now.cents.content,
  ];
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
}

/** The fields the stored line still lacks before it can be ordered (spec §5, decision 031). */
export function missingFieldsOf(
  row: CartItemRow,
  lookups: Pick<LineLookups, 'plans'>,
): CheckoutField[] {
  const plan = paidPlanOf(row.contentProductPlanId, lookups);
  return missingCheckoutFields({
    content_product_plan: plan ? { slug: plan.slug } : null,
    article_topic: row.articleTopic,
    anchor_text: row.anchorText,
    target_url: row.targetUrl,
    topic: row.topic,
  });
}

/**
 * The line as checkout names it: id, version, site and what it lacks (decision 188), from its row
 * read with its prices (`findCartLines`): the same version and fields as `lineVersion` and
 * `missingFieldsOf` answer from the lookups.
 */
export function toCartLineSummary(line: CartLineRow): CartLineSummary {
  const { row } = line;
  const paidPlan = line.planSlug !== null && line.planSlug !== PROVIDE_PLAN_SLUG;
  const cents = {
    price: moneyToCents(line.price ?? '0.00'),
    content: paidPlan && line.planPrice !== null ? moneyToCents(line.planPrice) : 0,
  };
  return {
    id: row.id,
    version: versionOf(row, {
      domain: line.domain,
      archived: line.domainArchivedAt !== null,
      cents,
    }),
    hostname: line.hostname ?? '',
    missing: missingCheckoutFields({
      content_product_plan: paidPlan ? { slug: line.planSlug! } : null,
      article_topic: row.articleTopic,
      anchor_text: row.anchorText,
      target_url: row.targetUrl,
      topic: row.topic,
    }),
  };
}

export function toCartItem(row: CartItemRow, lookups: LineLookups): CartItem {
  const cents = linePriceCents(row, lookups);
  const plan = row.contentProductPlanId
    ? (lookups.plans.get(row.contentProductPlanId) ?? null)
    : null;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    site: {
      id: row.siteId,
      hostname: lookups.sites.get(row.siteId) ?? '',
      prices: lookups.prices.get(row.siteId) ?? [],
    },
    buyer_domain: {
      id: row.buyerDomainId,
      hostname: lookups.domains.get(row.buyerDomainId) ?? '',
      archived: lookups.archivedDomains.has(row.buyerDomainId),
    },
    custom_id: row.customId,
    anchor_text: row.anchorText,
    target_url: row.targetUrl,
    content_product_plan: plan,
    is_topic_needs_approval: row.isTopicNeedsApproval,
    link_type: { id: row.nicheId, title: lookups.niches.get(row.nicheId) ?? '' },
    word_count: row.wordCount,
    article_topic: row.articleTopic,
    topic: row.topic,
    comments: row.comments,
    publishing_due_date: row.publishingDueDate,
    price: centsToMoney(cents.price),
    content_price: centsToMoney(cents.content),
    total_price: centsToMoney(cents.total),
    version: lineVersion(row, lookups),
  };
}
