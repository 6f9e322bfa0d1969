import { vi } from 'vitest';
import type { CartItem } from '../../../../contract/cart.ts';
import type { ContentProductPlan } from '../../../../contract/reference-data.ts';
import type { SiteDetail } from '../../../../contract/site-detail.ts';

export const SITE_ID = '00000000-0000-4000-8000-00000000a001';
export const GENERAL = '00000000-0000-4000-8000-00000000b001';
export const CASINO = '00000000-0000-4000-8000-00000000b002';
export const DOMAIN_ID = '00000000-0000-4000-8000-00000000c001';
export const PROVIDE_ID = '00000000-0000-4000-8000-00000000d001';
export const STANDARD_ID = '00000000-0000-4000-8000-00000000d002';
export const PREMIUM_ID = '00000000-0000-4000-8000-00000000d003';

export const PLANS: ContentProductPlan[] = [
  {
    id: PROVIDE_ID,
    slug: 'provide',
    title: 'I will provide the article and image',
    features: [],
    min_words_amount: null,
    max_words_amount: null,
    is_max_words_amount_exceed_allowed: false,
    price: '0.00',
  },
  {
    id: STANDARD_ID,
    slug: 'standard',
    title: 'Standard',
    features: ['proofreading', 'internal_and_trust_links'],
    min_words_amount: 500,
    max_words_amount: 500,
    is_max_words_amount_exceed_allowed: false,
    price: '25.00',
  },
  {
    id: PREMIUM_ID,
    slug: 'premium',
    title: 'Premium',
    features: ['everything_from_standard', 'personal_writing_team'],
    min_words_amount: 1000,
    max_words_amount: 1500,
    is_max_words_amount_exceed_allowed: true,
    price: '45.50',
  },
];

export const PRICES = [
  { price: '120.00', niche: { id: GENERAL, title: 'General' } },
  { price: '200.10', niche: { id: CASINO, title: 'Casino' } },
];

export function siteDetail(overrides: Partial<SiteDetail> = {}): SiteDetail {
  return {
    id: SITE_ID,
    hostname: 'news.example.com',
    is_back_linked: false,
    is_in_blacklist: false,
    is_marked_as_favorite: false,
    competitors: [],
    updated_at: '2026-10-01T00:00:00Z',
    relevance_at: '2026-09-15T00:00:00Z',
    price: '120.00',
    ahrefs_domain_rating: 55,
    ahrefs_referring_domains: 1200,
    ahrefs_organic_traffic: 34000,
    ahrefs_url_rating: 30,
    ahrefs_keywords_top3: 120,
    ahrefs_keywords410: 340,
    ahrefs_keywords_top10: 460,
    majestic_citation_flow: 40,
    majestic_trust_flow: 20,
    moz_spam_score: 3,
    moz_domain_authority: 44,
    semrush_authority_score: 38,
    tf_cf: 0.5,
    rd_ot: 0.0353,
    ip_address: '203.0.113.7',
    sponsor_tag_type: 'no_tag',
    link_type: 'do_follow',
    main_country: { id: 'c-de', title: 'Germany', code: 'DE' },
    main_country_traffic: 21000,
    domain_language: 'German',
    website_topic: 'Technology',
    tld: '.com',
    prices: PRICES,
    accepted_niches: PRICES.map((price) => price.niche),
    comments: null,
    description: null,
    placement_period: null,
    last_placement_at: null,
    referring_domains: [],
    similar: { by_domain_rating: [], by_price: [], by_traffic: [] },
    ...overrides,
  };
}

let itemCounter = 0;

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  itemCounter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(itemCounter).padStart(12, '0')}`,
    created_at: '2026-11-01T10:00:00Z',
    site: { id: SITE_ID, hostname: 'news.example.com', prices: PRICES },
    buyer_domain: { id: DOMAIN_ID, hostname: 'shop.example.org' },
    custom_id: null,
    anchor_text: 'best shoes',
    target_url: 'https://shop.example.org/shoes',
    content_product_plan: PLANS[1]!,
    is_topic_needs_approval: false,
    link_type: { id: GENERAL, title: 'General' },
    word_count: 500,
    article_topic: 'i_will_write_my_topic',
    topic: 'Shoes for runners',
    comments: null,
    publishing_due_date: null,
    price: '120.00',
    content_price: '25.00',
    total_price: '145.00',
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** A fetch double answering by path; records every call. */
export function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}
