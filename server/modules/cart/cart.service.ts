// The buyer's shopping cart (spec §7 "Shopping cart", decision 031): one item per article, lines
// checked against what the buyer may use, prices always from the server.
import type { z } from 'zod';

import type { CartItemUpdateSchema, CartLineCreateSchema } from '#contract/cart.ts';
import {
  BUYER_DOMAIN_NOT_FOUND_MESSAGE,
  CART_FULL_MESSAGE,
  CART_ITEM_NOT_FOUND_MESSAGE,
  type CartItem,
  type CartItemList,
  type CartLineSummary,
  type CartSites,
  dueDateProblem,
  earliestDueDate,
  MAX_CART_ITEMS,
  NOT_BLANK_MESSAGE,
} from '#contract/cart.ts';
import type { Violation } from '#contract/errors.ts';
import type { PageQuery } from '#contract/pagination.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import {
  countCartItems,
  countCartItemsBySite,
  deleteCartItems,
  findCartItem,
  findCartItems,
  findCartLines,
  insertCartItems,
  updateCartItem,
} from './cart.repository.ts';
import {
  checkTargetUrl,
  draftOf,
  type LineDraft,
  lineViolations,
  loadLookups,
  paidPlanOf,
  settleLine,
  toCartItem,
  toCartLineSummary,
} from './cart-lines.ts';

// What checkout uses of the cart: its lines locked, checked, priced and removed in the order's
// transaction, by the same rules as adding and editing them.
export {
  type CartItemRow,
  deleteCartItems,
  findCartPrices,
  insertCartItems,
  lockCartItems,
} from './cart.repository.ts';
export {
  checkTargetUrl,
  draftOf,
  type LineDraft,
  type LineLookups,
  linePriceCents,
  lineVersion,
  lineViolations,
  loadLookups,
  missingFieldsOf,
  paidPlanOf,
  settleLine,
} from './cart-lines.ts';

/**
 * Every line of the buyer's cart as checkout names it, newest first (`CartDefaults.lines`): the
 * order names each at this version without the app reading the cart's pages (decision 188).
 */
export async function cartLineSummaries(db: Database, userId: string): Promise<CartLineSummary[]> {
  return (await findCartLines(db, userId)).map(toCartLineSummary);
}

type ParsedCreate = z.output<typeof CartLineCreateSchema>;
type ParsedUpdate = z.output<typeof CartItemUpdateSchema>;

export interface CartService {
  list(userId: string, page: PageQuery): Promise<CartItemList>;
  sites(userId: string): Promise<CartSites>;
  /** Adds the line in `tx` (the request's transaction, decision 044): one item per article. */
  add(tx: Database, userId: string, line: ParsedCreate): Promise<{ data: CartItem[] }>;
  update(userId: string, id: string, changes: ParsedUpdate): Promise<CartItem>;
  remove(userId: string, ids: string[]): Promise<void>;
  empty(userId: string): Promise<void>;
}

export function createCartService({ db, now }: { db: Database; now: Clock }): CartService {
  return {
    list: async (userId, { page, limit }) => {
      const [total, rows] = await Promise.all([
        countCartItems(db, userId),
        findCartItems(db, userId, { offset: (page - 1) * limit, limit }),
      ]);
      const lookups = await loadLookups(db, userId, rows);
      return {
        data: rows.map((row) => toCartItem(row, lookups)),
        pagination: { page, limit, total },
      };
    },

    sites: async (userId) => ({ data: await countCartItemsBySite(db, userId) }),

    add: async (tx, userId, line) => {
      const target = checkTargetUrl(line.target_url ?? null);
      const { settled, lookups, violations } = await checkLine(
        tx,
        userId,
        target,
        {
          chosenDomainId: line.buyer_domain,
          siteId: line.site,
          buyerDomainId: line.buyer_domain,
          nicheId: line.link_type,
          contentProductPlanId: line.content_product_plan ?? null,
          wordCount: line.word_count ?? null,
          articleTopic: line.article_topic,
          isTopicNeedsApproval: line.is_topic_needs_approval,
          topic: line.topic ?? null,
          anchorText: line.anchor_text ?? null,
          targetUrl: 'value' in target ? target.value : null,
          customId: line.custom_id ?? null,
          comments: line.comments ?? null,
          publishingDueDate: line.publishing_due_date ?? null,
        },
        earliestDueDate(now()),
      );
      const held = await countCartItems(tx, userId);
      if (held + line.articles_number > MAX_CART_ITEMS) {
        violations.push({ path: 'articles_number', message: CART_FULL_MESSAGE });
      }
      throwIfAny(violations);
      const createdAt = now();
      const rows = await insertCartItems(
        tx,
        Array.from({ length: line.articles_number }, () => ({ ...settled, userId, createdAt })),
      );
      // Newest first, as the cart lists them.
      return { data: rows.reverse().map((row) => toCartItem(row, lookups)) };
    },

    update: (userId, id, changes) =>
      db.transaction(async (tx) => {
        const row = await findCartItem(tx, userId, id);
        if (!row) throw notFound(CART_ITEM_NOT_FOUND_MESSAGE);
        const current = draftOf(row);
        const target =
          changes.target_url === undefined
            ? { value: current.targetUrl }
            : checkTargetUrl(changes.target_url);
        const draft: LineDraft = {
          ...current,
          buyerDomainId: changes.buyer_domain ?? current.buyerDomainId,
          nicheId: changes.link_type ?? current.nicheId,
          articleTopic: changes.article_topic ?? current.articleTopic,
          isTopicNeedsApproval: changes.is_topic_needs_approval ?? current.isTopicNeedsApproval,
          contentProductPlanId:
            changes.content_product_plan === undefined
              ? current.contentProductPlanId
              : changes.content_product_plan,
          wordCount: pick(changes.word_count, current.wordCount),
          targetUrl: 'value' in target ? target.value : current.targetUrl,
          anchorText: pick(changes.anchor_text, current.anchorText),
          topic: pick(changes.topic, current.topic),
          customId: pick(changes.custom_id, current.customId),
          comments: pick(changes.comments, current.comments),
          publishingDueDate: pick(changes.publishing_due_date, current.publishingDueDate),
        };
        // A plan change without a word count starts from the new plan's minimum.
        if (
          changes.content_product_plan !== undefined &&
          changes.content_product_plan !== current.contentProductPlanId &&
          changes.word_count === undefined
        ) {
          draft.wordCount = null;
        }
        const chosenDomainId =
          changes.buyer_domain !== undefined && changes.buyer_domain !== current.buyerDomainId
            ? changes.buyer_domain
            : null;
        const { settled, lookups, violations } = await checkLine(
          tx,
          userId,
          target,
          { ...draft, chosenDomainId },
          changes.publishing_due_date === undefined ? null : earliestDueDate(now()),
        );
        // A word count cleared on a line with a paid plan is refused, not replaced by another.
        if (changes.word_count === null && paidPlanOf(settled.contentProductPlanId, lookups)) {
          violations.push({ path: 'word_count', message: NOT_BLANK_MESSAGE });
        }
        throwIfAny(violations);
        const updated = await updateCartItem(tx, userId, id, settled);
        if (!updated) throw notFound(CART_ITEM_NOT_FOUND_MESSAGE);
        return toCartItem(updated, lookups);
      }),

    remove: (userId, ids) => deleteCartItems(db, userId, ids),

    empty: (userId) => deleteCartItems(db, userId),
  };
}

/**
 * The line settled by its rules, with the violations of the line and of its typed target URL.
 * `chosenDomainId` is the domain the request names anew (null when it keeps the line's): a line
 * keeps a domain the buyer deleted, but a deleted domain cannot be chosen (decision 054).
 * A due date the request sets must be a calendar date not before `earliestDue` (decision 132);
 * null when the request keeps the line's.
 */
async function checkLine(
  tx: Database,
  userId: string,
  target: ReturnType<typeof checkTargetUrl>,
  { chosenDomainId, ...draft }: LineDraft & { chosenDomainId: string | null },
  earliestDue: string | null,
) {
  const lookups = await loadLookups(tx, userId, [draft]);
  const settled = settleLine(draft, lookups);
  const violations = lineViolations(settled, lookups);
  if (chosenDomainId !== null && lookups.archivedDomains.has(chosenDomainId)) {
    violations.push({ path: 'buyer_domain', message: BUYER_DOMAIN_NOT_FOUND_MESSAGE });
  }
  if ('violation' in target) violations.push({ path: 'target_url', ...target.violation });
  if (draft.publishingDueDate !== null && earliestDue !== null) {
    const message = dueDateProblem(draft.publishingDueDate, earliestDue);
    if (message) violations.push({ path: 'publishing_due_date', message });
  }
  return { settled, lookups, violations };
}

function pick<T>(change: T | null | undefined, current: T | null): T | null {
  return change === undefined ? current : change;
}

function throwIfAny(violations: Violation[]): void {
  if (violations.length > 0) {
    throw new ApiError(400, VALIDATION_FAILED_MESSAGE, { violations });
  }
}
