/**
 * Wire objects for client tests, checked against the contract schemas: a factory's default is a
 * valid server answer, and an override that the server could never send fails where it is written.
 */
import { type AuditEvent, AuditEventSchema } from '#contract/audit.ts';
import { type CartItem, CartItemSchema } from '#contract/cart.ts';
import { type Site, SiteSchema } from '#contract/catalogue.ts';
import {
  type Thread,
  type ThreadEntry,
  ThreadEntrySchema,
  ThreadSchema,
} from '#contract/conversations.ts';
import {
  type LinkCheck,
  LinkCheckSchema,
  type LinkIssue,
  LinkIssueSchema,
  type LinkMonitoringSummary,
  type MonitoredLink,
  MonitoredLinkListSchema,
  MonitoredLinkSchema,
} from '#contract/link-monitoring.ts';
import { type Invitation, InvitationSchema, type Member, MemberSchema } from '#contract/members.ts';
import { type OrderItem, OrderItemSchema } from '#contract/order-items.ts';
import { type Order, OrderSchema } from '#contract/orders.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { type BuyerProfile, BuyerProfileSchema } from '#contract/profile.ts';
import type { ContentProductPlan } from '#contract/reference-data.ts';
import { type SavedView, SavedViewSchema } from '#contract/saved-views.ts';
import { type SiteDetail, SiteDetailSchema } from '#contract/site-detail.ts';

let counter = 0;
function uuid(group = '8000'): string {
  counter += 1;
  return `00000000-0000-4000-${group}-${String(counter).padStart(12, '0')}`;
}

export const SITE_ID = '00000000-0000-4000-8000-00000000a001';
export const GENERAL = '00000000-0000-4000-8000-00000000b001';
export const CASINO = '00000000-0000-4000-8000-00000000b002';
export const DOMAIN_ID = '00000000-0000-4000-8000-00000000c001';
export const PROVIDE_ID = '00000000-0000-4000-8000-00000000d001';
export const STANDARD_ID = '00000000-0000-4000-8000-00000000d002';
export const PREMIUM_ID = '00000000-0000-4000-8000-00000000d003';
export const ORDER_ID = '00000000-0000-4000-8000-000000000100';
export const COMPANY_ID = '00000000-0000-4000-8000-000000000200';
/** The member who placed ORDER_ID. */
export const MEMBER_ID = '00000000-0000-4000-8000-000000000301';

/** The metrics of a site, the same for every factory-made site unless overridden. */
const SITE_METRICS = {
  is_back_linked: false,
  is_in_blacklist: false,
  is_marked_as_favorite: false,
  is_in_company_blacklist: false,
  is_company_favorite: false,
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
} satisfies Omit<Site, 'id' | 'hostname'>;

/** A catalogue row; each call is a different site (`site-1.example.com`, `site-2…`). */
export function makeSite(overrides: Partial<Site> = {}): Site {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return SiteSchema.parse({
    id: `00000000-0000-4000-8000-${n}`,
    hostname: `site-${counter}.example.com`,
    ...SITE_METRICS,
    ...overrides,
  });
}

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

/** The link-type prices of the site `SITE_ID`: General and Casino. */
export const PRICES = [
  { price: '120.00', niche: { id: GENERAL, title: 'General' } },
  { price: '200.10', niche: { id: CASINO, title: 'Casino' } },
];

/** The detail of the site `SITE_ID` (news.example.com) with its prices. */
export function makeSiteDetail(overrides: Partial<SiteDetail> = {}): SiteDetail {
  return SiteDetailSchema.parse({
    id: SITE_ID,
    hostname: 'news.example.com',
    ...SITE_METRICS,
    prices: PRICES,
    accepted_niches: PRICES.map((price) => price.niche),
    comments: null,
    description: null,
    placement_period: null,
    last_placement_at: null,
    referring_domains: [],
    similar: { by_domain_rating: [], by_price: [], by_traffic: [] },
    ...overrides,
  });
}

/** A cart line for `SITE_ID` with the standard plan and the buyer's own topic. */
export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return CartItemSchema.parse({
    id: uuid(),
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
    version: 'v1',
    ...overrides,
  });
}

/** The order `ORDER_ID` of the company `COMPANY_ID`, paid with credits. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return OrderSchema.parse({
    id: ORDER_ID,
    created_at: '2026-11-03T10:00:00Z',
    number: '100001',
    po_number: 'PO-7',
    price: '300.00',
    vat: '57.00',
    vat_rate: '19.00',
    vat_treatment: 'domestic',
    price_with_vat: '357.00',
    links_amount: 2,
    cancelled_links_amount: 0,
    live_links_amount: 0,
    status: 'processing',
    company: { id: COMPANY_ID, title: 'Acme GmbH' },
    placed_by: { id: MEMBER_ID, first_name: 'Ada', last_name: 'Lovelace' },
    invoice_emails: ['billing@example.com'],
    billing: {
      business_name: 'Acme GmbH',
      country_id: '00000000-0000-4000-8000-000000000300',
      city: 'Berlin',
      address: 'Street 1',
      zip_code: '10115',
      vat_number: null,
    },
    payment_method: 'credits',
    payment: { status: 'paid', method: 'credits' },
    invoice: null,
    amounts: { charged: '357.00', credited: '0.00', paid: '357.00', due: '0.00' },
    payment_instructions: null,
    credit_note: null,
    unread_messages: 0,
    ...overrides,
  });
}

/** An item of the order `ORDER_ID` waiting for the buyer to approve its topic. */
export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return OrderItemSchema.parse({
    id: overrides.id ?? uuid(),
    created_at: '2026-11-03T10:00:00Z',
    number: '100001-1',
    order: { id: ORDER_ID, number: '100001' },
    price: '150.00',
    status: 'in_progress',
    site: { id: uuid('9000'), hostname: 'news.example.com' },
    buyer_domain: { id: uuid('a000'), hostname: 'shop.example.org' },
    article_topic: 'please_provide_me_a_topic',
    content_product_plan: null,
    word_count: null,
    target_url: 'https://shop.example.org/',
    anchor_text: 'best shop',
    custom_id: null,
    comments: null,
    is_requested_edits: false,
    article_niche: { id: uuid('b000'), title: 'General' },
    live_link: null,
    is_article_provided_by_buyer: false,
    is_topic_provided_by_buyer: false,
    is_editable_by_buyer: true,
    is_topic_needs_approval: true,
    is_content_fully_provided_by_buyer: false,
    article: { status: null, feedback: null, file: null, link: null },
    topic: { is_needs_approval: true, content: null, status: null, feedback: null },
    webmaster_feedback: null,
    publishing_due_date: null,
    published_at: null,
    invoice: null,
    payment_method: 'credits',
    content_guidelines: null,
    link_health: null,
    changed_by: null,
    unread_messages: 0,
    ...overrides,
  });
}

/** A buyer with one company, `COMPANY_ID`, and the export right. */
export function makeBuyerProfile(overrides: Partial<BuyerProfile> = {}): BuyerProfile {
  return BuyerProfileSchema.parse({
    id: '00000000-0000-4000-8000-0000000a0001',
    first_name: 'Ada',
    last_name: 'Buyer',
    email: 'buyer@example.com',
    phone: null,
    is_newsletter_subscribed: false,
    avatar_file: null,
    notification_preferences: {
      missing_details_reminder: true,
      topic_ready_for_approval: true,
      content_ready_for_approval: true,
      link_published: true,
      order_summary: true,
      link_issues: true,
      company_orders: false,
      billing_documents: true,
      publisher_messages: true,
    },
    roles: ['ROLE_BUYER'],
    username: 'buyer@example.com',
    is_allowed_to_export_sites: true,
    sales_manager: null,
    account_manager: null,
    accounts: [
      {
        id: '00000000-0000-4000-8000-000000000201',
        company: { id: COMPANY_ID, title: 'Acme GmbH' },
        is_current: true,
        role: 'owner',
        credit_limit: '0.00',
        is_pay_by_bill_allowed: false,
        credits_balance: '100.00',
        sees_prices: true,
      },
    ],
    ...overrides,
  });
}

/** The profile of a member whose role in the current company (Acme GmbH) is `role`. */
export function makeBuyerProfileAs(role: MemberRole): BuyerProfile {
  const profile = makeBuyerProfile();
  return { ...profile, accounts: profile.accounts.map((account) => ({ ...account, role })) };
}

/** A saved catalogue filter, not a favourite. */
export function makeSavedView(overrides: Partial<SavedView> = {}): SavedView {
  return SavedViewSchema.parse({
    id: '00000000-0000-4000-8000-0000000000e1',
    kind: 'site_filters',
    name: 'Big German sites',
    value: 'filter[website_topics][]=x',
    is_favorite: false,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    ...overrides,
  });
}

/** The body of a new cart line for SITE_ID bought for DOMAIN_ID: general links on the buyer's topic. */
export function cartLineBody(articles: number) {
  return {
    link_type: GENERAL,
    buyer_domain: DOMAIN_ID,
    site: SITE_ID,
    articles_number: articles,
    article_topic: 'i_will_write_my_topic' as const,
  };
}

/** A check of a live link that found the ordered link. */
export function makeLinkCheck(overrides: Partial<LinkCheck> = {}): LinkCheck {
  return LinkCheckSchema.parse({
    id: overrides.id ?? uuid('8100'),
    checked_at: '2026-11-20T08:30:00Z',
    outcome: 'ok',
    http_status: 200,
    final_url: 'https://news.example.com/article',
    found: { href: 'https://shop.example.org/', rel: [], anchor: 'best shop' },
    detail: null,
    is_disallowed_by_robots: false,
    duration_ms: 412,
    ...overrides,
  });
}

/** An open link issue within the guarantee: a restore may be asked for, a refund not yet. */
export function makeLinkIssue(overrides: Partial<LinkIssue> = {}): LinkIssue {
  return LinkIssueSchema.parse({
    id: overrides.id ?? uuid('8200'),
    opened_at: '2026-11-18T09:00:00Z',
    closed_at: null,
    outcome: 'link_missing',
    is_within_guarantee: true,
    guarantee_ends_at: '2027-11-01T00:00:00Z',
    restore_requested_at: null,
    refund_available_at: '2026-12-02T09:00:00Z',
    credit_note: null,
    resolution: null,
    can_request_restore: true,
    can_request_refund: false,
    events: [
      { at: '2026-11-18T09:00:00Z', kind: 'opened', detail: 'Link missing' },
      { at: '2026-11-18T09:01:00Z', kind: 'buyer_notified', detail: null },
    ],
    ...overrides,
  });
}

/** A healthy live link of item 100001-1 in the order `ORDER_ID`. */
export function makeMonitoredLink(overrides: Partial<MonitoredLink> = {}): MonitoredLink {
  return MonitoredLinkSchema.parse({
    item: { id: uuid('8300'), number: '100001-1' },
    order: { id: ORDER_ID, number: '100001', company_id: COMPANY_ID },
    site_hostname: 'news.example.com',
    buyer_domain: { id: DOMAIN_ID, hostname: 'shop.example.org' },
    live_link: 'https://news.example.com/article',
    target_url: 'https://shop.example.org/',
    anchor_text: 'best shop',
    published_at: '2026-11-01T12:00:00Z',
    guarantee_ends_at: '2027-11-01T12:00:00Z',
    health: 'healthy',
    last_check: makeLinkCheck(),
    next_check_at: '2026-11-21T08:30:00Z',
    open_issue: null,
    ...overrides,
  });
}

/** A monitored-links answer: the rows, their page and a summary that counts them. */
export function makeMonitoredLinkList(
  links: MonitoredLink[],
  {
    page = 1,
    limit = 25,
    total = links.length,
    summary = {},
  }: {
    page?: number;
    limit?: number;
    total?: number;
    summary?: Partial<LinkMonitoringSummary>;
  } = {},
) {
  const count = (health: MonitoredLink['health']) =>
    links.filter((l) => l.health === health).length;
  const checked = links.length - count('pending');
  return MonitoredLinkListSchema.parse({
    data: links,
    pagination: { page, limit, total },
    summary: {
      total,
      per_health: {
        pending: count('pending'),
        healthy: count('healthy'),
        failing: count('failing'),
        issue: count('issue'),
      },
      healthy_percent: checked === 0 ? null : Math.round((count('healthy') / checked) * 100),
      issues_open: count('issue'),
      ...summary,
    },
  });
}

/** A Buyer of the current company (not the caller) with a 500 € limit. */
export function makeMember(overrides: Partial<Member> = {}): Member {
  return MemberSchema.parse({
    id: uuid('8300'),
    user: {
      id: uuid('8301'),
      first_name: 'Bea',
      last_name: 'Buyer',
      email: 'bea@example.com',
      avatar_file: null,
    },
    role: 'buyer',
    monthly_limit: '500.00',
    spent_this_month: '120.00',
    joined_at: '2026-11-01T09:00:00Z',
    is_you: false,
    ...overrides,
  });
}

/** A pending invitation as a Viewer, sent by Ada Buyer. */
export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return InvitationSchema.parse({
    id: uuid('8400'),
    email: 'new@example.com',
    role: 'viewer',
    invited_by: { first_name: 'Ada', last_name: 'Buyer' },
    created_at: '2026-12-01T09:00:00Z',
    expires_at: '2026-12-08T09:00:00Z',
    ...overrides,
  });
}

/** A role change recorded in the audit log. */
export function makeAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return AuditEventSchema.parse({
    id: uuid('8500'),
    created_at: '2026-12-01T10:00:00Z',
    actor: { id: uuid('8501'), name: 'Ada Buyer' },
    action: 'member.role_changed',
    subject: 'bea@example.com',
    details: { from: 'Buyer', to: 'Admin' },
    ...overrides,
  });
}

/** A message of the publisher's on an item's thread, unless overridden. */
export function makeThreadEntry(overrides: Partial<ThreadEntry> = {}): ThreadEntry {
  return ThreadEntrySchema.parse({
    id: overrides.id ?? uuid('8c00'),
    kind: 'message',
    event: null,
    side: 'publisher',
    author_name: 'news.example.com',
    is_own: false,
    text: 'Hello from the publisher.',
    hidden_for_you: [],
    hidden_for_publisher: [],
    attachment: null,
    created_at: '2026-11-04T09:00:00Z',
    read_by_publisher_at: null,
    ...overrides,
  });
}

/** The thread of an item of the order `ORDER_ID`, empty and writable unless overridden. */
export function makeThread(overrides: Partial<Thread> = {}): Thread {
  return ThreadSchema.parse({
    item_id: '00000000-0000-4000-8000-000000000501',
    item_number: '100001-1',
    order_id: ORDER_ID,
    site_hostname: 'news.example.com',
    entries: [],
    unread: 0,
    can_write: true,
    ...overrides,
  });
}
