/**
 * The choices of the cart panel (spec §4 "Cart panel") and their effects, as a reducer: defaults,
 * what choosing a plan or a topic changes, the payload of the line and its running total.
 */
import {
  type ArticleTopic,
  type CartLineCreate,
  lineTotal,
  MAX_ARTICLES_PER_LINE,
  PROVIDE_PLAN_SLUG,
} from '#contract/cart.ts';
import type { ContentProductPlan } from '#contract/reference-data.ts';
import type { SitePrice } from '#contract/site-detail.ts';

export interface PanelChoice {
  /** The paid plan chosen; null for 'provide' (the buyer supplies article and image). */
  planId: string | null;
  articleTopic: ArticleTopic;
  needsApproval: boolean;
  linkTypeId: string | null;
  /** The counter's text: a whole number of at least 1, or '' once cleared. */
  articles: string;
  wordCount: number | null;
}

export type PanelAction =
  | { type: 'plan'; plan: ContentProductPlan | null }
  | { type: 'topic'; topic: ArticleTopic }
  | { type: 'needs-approval'; value: boolean }
  | { type: 'link-type'; id: string }
  | { type: 'articles'; text: string };

export function isProvidePlan(plan: ContentProductPlan): boolean {
  return plan.slug === PROVIDE_PLAN_SLUG;
}

/** The link type of a new line: the catalogue's niche filter if the site prices it, else its first price. */
export function defaultLinkType(prices: readonly SitePrice[], nicheFilter?: string | null) {
  if (nicheFilter && prices.some((price) => price.niche.id === nicheFilter)) return nicheFilter;
  return prices[0]?.niche.id ?? null;
}

export function initialPanelChoice(
  prices: readonly SitePrice[],
  nicheFilter?: string | null,
): PanelChoice {
  return {
    planId: null,
    articleTopic: 'i_will_write_my_topic',
    needsApproval: false,
    linkTypeId: defaultLinkType(prices, nicheFilter),
    articles: '1',
    wordCount: null,
  };
}

/** Keeps the counter a whole number from 1 to the most one line may add; clearing empties it. */
export function counterText(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  // A decimal or negative count typed in the number field is rounded and kept within 1 to 50.
  if (!/^-?\d+(?:\.\d*)?$/.test(trimmed)) return null;
  return String(Math.min(MAX_ARTICLES_PER_LINE, Math.max(1, Math.round(Number(trimmed)))));
}

export function panelReducer(state: PanelChoice, action: PanelAction): PanelChoice {
  switch (action.type) {
    case 'plan':
      if (action.plan === null || isProvidePlan(action.plan)) {
        return {
          ...state,
          planId: null,
          wordCount: null,
          articleTopic: 'i_will_write_my_topic',
          needsApproval: false,
        };
      }
      return { ...state, planId: action.plan.id, wordCount: action.plan.min_words_amount };
    case 'topic':
      // The buyer's own topic is never sent for approval.
      return {
        ...state,
        articleTopic: action.topic,
        needsApproval: action.topic === 'please_provide_me_a_topic' ? state.needsApproval : false,
      };
    case 'needs-approval':
      return state.articleTopic === 'please_provide_me_a_topic'
        ? { ...state, needsApproval: action.value }
        : state;
    case 'link-type':
      return { ...state, linkTypeId: action.id };
    case 'articles': {
      const text = counterText(action.text);
      return text === null ? state : { ...state, articles: text };
    }
  }
}

export function articlesOf(state: PanelChoice): number | null {
  return state.articles === '' ? null : Number(state.articles);
}

export function chosenPlan(
  state: PanelChoice,
  plans: readonly ContentProductPlan[],
): ContentProductPlan | null {
  return state.planId === null ? null : (plans.find((plan) => plan.id === state.planId) ?? null);
}

/** (plan price + link-type price) × articles, or null while something needed is missing. */
export function panelTotal(
  state: PanelChoice,
  prices: readonly SitePrice[],
  plans: readonly ContentProductPlan[],
): string | null {
  const price = prices.find((entry) => entry.niche.id === state.linkTypeId);
  if (!price) return null;
  return lineTotal(price.price, chosenPlan(state, plans)?.price ?? null, articlesOf(state) ?? 0);
}

/** The create payload; 'provide' sends no plan and no word count. Null while incomplete. */
export function panelPayload(
  state: PanelChoice,
  context: { siteId: string; buyerDomainId: string | null },
): CartLineCreate | null {
  const articles = articlesOf(state);
  if (articles === null || state.linkTypeId === null || context.buyerDomainId === null) {
    return null;
  }
  const payload: CartLineCreate = {
    link_type: state.linkTypeId,
    buyer_domain: context.buyerDomainId,
    site: context.siteId,
    articles_number: articles,
    article_topic: state.articleTopic,
    is_topic_needs_approval: state.needsApproval,
  };
  if (state.planId !== null) {
    payload.content_product_plan = state.planId;
    if (state.wordCount !== null) payload.word_count = state.wordCount;
  }
  return payload;
}

const FEATURE_TEXT: Record<string, string> = {
  proofreading: 'Proofreading',
  unlimited_adjustments: 'Unlimited adjustments',
  internal_and_trust_links: 'Internal and trust links',
  personal_writing_team: 'Personal writing team',
  topic_suggestions: 'Topic suggestions',
  everything_from_standard: 'Everything from Standard',
};

/** Readable text of a plan feature slug ("internal_and_trust_links" → "Internal and trust links"). */
export function featureText(slug: string): string {
  const known = FEATURE_TEXT[slug];
  if (known) return known;
  const words = slug.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
