// Monitoring of live links on the wire (decision 140): what one check of a live link found, the
// link issues opened after repeated failures, the remedies a buyer may ask for under the
// guarantee, and the list of a buyer's monitored links with its summary.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from './endpoint-schemas.ts';
import { NoQuerySchema, pageQuerySchema, PaginationSchema } from './pagination.ts';
import { inObject } from './permissions.ts';

/** What one check of a live link found; everything but `ok` is a failure. */
export const LINK_CHECK_OUTCOMES = [
  'ok',
  /** DNS, TLS, connection refused, timeout, too many redirects, a refused address. */
  'page_unreachable',
  /** The page answered with an HTTP status other than 2xx (after redirects). */
  'page_error',
  /** No link to the buyer's domain on the page. */
  'link_missing',
  /** A link to the buyer's domain, but to another URL than the ordered target. */
  'wrong_target',
  /** nofollow, sponsored or ugc where a do-follow link was bought, or rel changed from what was bought. */
  'wrong_rel',
  /** The link's anchor text differs from the ordered one (case, whitespace, entities aside). */
  'wrong_anchor',
  /** meta robots or X-Robots-Tag says noindex. */
  'noindex',
  /** The page's canonical URL is another page. */
  'canonical_elsewhere',
] as const;
export type LinkCheckOutcome = (typeof LINK_CHECK_OUTCOMES)[number];

export const LINK_CHECK_OUTCOME_TITLES: Record<LinkCheckOutcome, string> = {
  ok: 'Link found',
  page_unreachable: 'Page unreachable',
  page_error: 'Page error',
  link_missing: 'Link missing',
  wrong_target: 'Wrong target URL',
  wrong_rel: 'Wrong rel attribute',
  wrong_anchor: 'Wrong anchor text',
  noindex: 'Page not indexable',
  canonical_elsewhere: 'Canonical points elsewhere',
};

/**
 * A monitored link's health: `pending` until its first check, `healthy` when the last check was
 * ok, `failing` after a failed check that has not yet opened an issue (it is re-checked after an
 * hour), `issue` while a link issue is open.
 */
export const LINK_HEALTH_STATUSES = ['pending', 'healthy', 'failing', 'issue'] as const;
export type LinkHealthStatus = (typeof LINK_HEALTH_STATUSES)[number];

/** The health of a monitored link from its open issue and its last check. */
export function linkHealthOf(facts: {
  hasOpenIssue: boolean;
  lastOutcome: LinkCheckOutcome | null;
}): LinkHealthStatus {
  if (facts.hasOpenIssue) return 'issue';
  if (facts.lastOutcome === null) return 'pending';
  return facts.lastOutcome === 'ok' ? 'healthy' : 'failing';
}

/**
 * Health that changes by itself soon: a first check is due, a failure is re-checked, an issue is
 * being handled. Screens showing such a link ask for it again while they are open.
 */
export function isLinkHealthSettling(status: LinkHealthStatus | null | undefined): boolean {
  return status === 'pending' || status === 'failing' || status === 'issue';
}

export const LINK_HEALTH_TITLES: Record<LinkHealthStatus, string> = {
  pending: 'Not checked yet',
  healthy: 'Healthy',
  failing: 'Failing',
  issue: 'Issue open',
};

/** Failed checks in a row that open a link issue. */
export const FAILED_CHECKS_FOR_ISSUE = 3;
/** Days after a restore is asked for (or the issue opened) from which a refund may be asked for. */
export const REFUND_AFTER_DAYS = 14;
/** The shortest time between two "check now" calls for one link. */
export const CHECK_NOW_INTERVAL_SECONDS = 60;
/** Checks a buyer may ask for in an hour, over all their links. */
export const CHECK_NOW_PER_HOUR = 30;

/** The link found on the page that best matches the ordered one. */
export const FoundLinkSchema = z.object({
  href: z.string(),
  /** The rel tokens, lower case, in page order; empty for a plain link. */
  rel: z.array(z.string()),
  anchor: z.string(),
});
export type FoundLink = z.infer<typeof FoundLinkSchema>;

export const LinkCheckSchema = z.object({
  id: z.uuid(),
  checked_at: z.string(),
  outcome: z.enum(LINK_CHECK_OUTCOMES),
  /** The final HTTP status after redirects; null when no answer came. */
  http_status: z.number().int().nullable(),
  /** The URL the page was finally read from, after redirects. */
  final_url: z.string().nullable(),
  found: FoundLinkSchema.nullable(),
  /** A short reason in words (e.g. "Timed out after 10 s", "rel=\"nofollow\""). */
  detail: z.string().nullable(),
  /** robots.txt disallows the page for our agent: reported, never a reason to skip. */
  is_disallowed_by_robots: z.boolean(),
  duration_ms: z.number().int(),
});
export type LinkCheck = z.infer<typeof LinkCheckSchema>;

export const LinkCheckListSchema = z.object({
  data: z.array(LinkCheckSchema),
  pagination: PaginationSchema,
});

export const LINK_CHECKS_DEFAULT_LIMIT = 20;

/** GET /v1/buyer/orders/items/{id}/link-checks?page=&limit=. Newest first. */
export const LinkCheckListQuerySchema = pageQuerySchema({
  defaultLimit: LINK_CHECKS_DEFAULT_LIMIT,
  maxLimit: 100,
});

export const LINK_ISSUE_NOT_FOUND_MESSAGE = 'Link issue not found';

export const LINK_REMEDY_KINDS = ['restore', 'refund'] as const;
export type LinkRemedyKind = (typeof LINK_REMEDY_KINDS)[number];

/** The steps of an issue, as the item's history shows them. */
export const LINK_ISSUE_EVENT_KINDS = [
  'opened',
  'buyer_notified',
  'restore_requested',
  'publisher_updating',
  'link_restored',
  'refund_requested',
  'refunded',
  'closed',
] as const;
export type LinkIssueEventKind = (typeof LINK_ISSUE_EVENT_KINDS)[number];

export const LinkIssueEventSchema = z.object({
  at: z.string(),
  kind: z.enum(LINK_ISSUE_EVENT_KINDS),
  /** A short text in words (e.g. the credit note's number, the failure that opened the issue). */
  detail: z.string().nullable(),
});
export type LinkIssueEvent = z.infer<typeof LinkIssueEventSchema>;

export const LinkIssueSchema = z.object({
  id: z.uuid(),
  opened_at: z.string(),
  /** When the link checked ok again, or the refund was issued. */
  closed_at: z.string().nullable(),
  /** The failure of the check that opened the issue. */
  outcome: z.enum(LINK_CHECK_OUTCOMES),
  is_within_guarantee: z.boolean(),
  /** `published_at` plus the guarantee's months. */
  guarantee_ends_at: z.string().nullable(),
  /** When the buyer asked for a restore; null if not asked. */
  restore_requested_at: z.string().nullable(),
  /** From when a refund may be asked for; null outside the guarantee or once closed. */
  refund_available_at: z.string().nullable(),
  /** The credit note of a refund. */
  credit_note: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  resolution: z.enum(['restored', 'refunded']).nullable(),
  can_request_restore: z.boolean(),
  can_request_refund: z.boolean(),
  /** Oldest first. */
  events: z.array(LinkIssueEventSchema),
});
export type LinkIssue = z.infer<typeof LinkIssueSchema>;

export const LinkIssueListSchema = z.object({ data: z.array(LinkIssueSchema) });

/** POST /v1/buyer/orders/items/{id}/link-issues/{issueId}/remedy; answers the changed issue. */
export const LinkRemedyBodySchema = z.object({ kind: z.enum(LINK_REMEDY_KINDS) }).strict();

/** What an order item carries about its link's health; null until the item is live. */
export const ItemLinkHealthSchema = z.object({
  status: z.enum(LINK_HEALTH_STATUSES),
  last_checked_at: z.string().nullable(),
  last_outcome: z.enum(LINK_CHECK_OUTCOMES).nullable(),
});
export type ItemLinkHealth = z.infer<typeof ItemLinkHealthSchema>;

export const MonitoredLinkSchema = z.object({
  item: z.object({ id: z.uuid(), number: z.string() }),
  /** The order, and the company it belongs to: the member's role there decides what they may do. */
  order: z.object({ id: z.uuid(), number: z.string(), company_id: z.uuid() }),
  site_hostname: z.string(),
  buyer_domain: z.object({ id: z.uuid().nullable(), hostname: z.string() }),
  live_link: z.string(),
  target_url: z.string(),
  anchor_text: z.string(),
  published_at: z.string().nullable(),
  guarantee_ends_at: z.string().nullable(),
  health: z.enum(LINK_HEALTH_STATUSES),
  last_check: LinkCheckSchema.nullable(),
  next_check_at: z.string().nullable(),
  open_issue: LinkIssueSchema.nullable(),
});
export type MonitoredLink = z.infer<typeof MonitoredLinkSchema>;

export const LinkMonitoringSummarySchema = z.object({
  /** Live links of the buyer matching the list's filters other than health. */
  total: z.number().int(),
  per_health: z.record(z.enum(LINK_HEALTH_STATUSES), z.number().int()),
  /** Healthy links as a whole percentage of the checked ones; null when none is checked. */
  healthy_percent: z.number().int().nullable(),
  issues_open: z.number().int(),
});
export type LinkMonitoringSummary = z.infer<typeof LinkMonitoringSummarySchema>;

export const MonitoredLinkListSchema = z.object({
  data: z.array(MonitoredLinkSchema),
  pagination: PaginationSchema,
  summary: LinkMonitoringSummarySchema,
});

export const LINK_MONITORING_DEFAULT_LIMIT = 25;

/**
 * GET /v1/buyer/link-monitoring?filter[health][]=issue&filter[buyer_domain][]=<hostname>
 * &filter[order]=<order number>&page=&limit=. Newest published first.
 */
export const MonitoredLinkListQuerySchema = z
  .object({
    filter: z
      .object({
        health: z.array(z.enum(LINK_HEALTH_STATUSES)).max(4).optional(),
        buyer_domain: z.array(z.string().trim().min(1).max(255)).max(50).optional(),
        order: z.string().trim().max(32).optional(),
      })
      .strict()
      .optional(),
  })
  .extend(pageQuerySchema({ defaultLimit: LINK_MONITORING_DEFAULT_LIMIT, maxLimit: 100 }).shape)
  .strict();
export type MonitoredLinkListQuery = z.infer<typeof MonitoredLinkListQuerySchema>;

const IssueParamsSchema = z.object({ id: z.uuid(), issueId: z.uuid() });

const links = { access: 'buyer', tags: ['Link monitoring'] } as const;

export const linkMonitoringEndpoints = {
  list: endpoint({
    ...links,
    method: 'GET',
    path: '/v1/buyer/link-monitoring',
    permission: inObject('links.read'),
    summary: 'The buyer’s live links with their health, filtered and paged, and a summary',
    description:
      'Newest published first. The summary counts the links matching every filter but health; healthy_percent is of the checked links, rounded down.',
    query: MonitoredLinkListQuerySchema,
    status: 200,
    response: MonitoredLinkListSchema,
    errors: [400, 401, 403],
  }),
  checks: endpoint({
    ...links,
    method: 'GET',
    path: '/v1/buyer/orders/items/{id}/link-checks',
    permission: inObject('links.read'),
    summary: 'The checks of an item’s live link, newest first',
    params: IdParamsSchema,
    query: LinkCheckListQuerySchema,
    status: 200,
    response: LinkCheckListSchema,
    errors: [400, 401, 403, 404],
  }),
  checkNow: endpoint({
    ...links,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/link-checks',
    permission: inObject('links.act'),
    summary: 'Checks an item’s live link now',
    description: `Answers the stored check; it counts toward the ${FAILED_CHECKS_FOR_ISSUE} failed checks that open a link issue like any other. 429 within ${CHECK_NOW_INTERVAL_SECONDS} s of the item’s last check asked for, past ${CHECK_NOW_PER_HOUR} asked for by the buyer in an hour, or while the link or its site is being checked. 409 when the item is not a live link.`,
    params: IdParamsSchema,
    query: NoQuerySchema,
    status: 201,
    response: LinkCheckSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  issues: endpoint({
    ...links,
    method: 'GET',
    path: '/v1/buyer/orders/items/{id}/link-issues',
    permission: inObject('links.read'),
    summary: 'The link issues of an item, newest first, each with its steps',
    params: IdParamsSchema,
    query: NoQuerySchema,
    status: 200,
    response: LinkIssueListSchema,
    errors: [400, 401, 403, 404],
  }),
  remedy: endpoint({
    ...links,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/link-issues/{issueId}/remedy',
    permission: inObject('links.act'),
    summary: 'Asks for a remedy of an open link issue within the guarantee',
    description: `restore: the publisher is asked to update the article (the item's edits are requested); the issue closes when the link checks ok again. refund: from ${REFUND_AFTER_DAYS} days after the restore was asked for (or the issue opened), a credit note for the item, once; the issue closes and the link is no longer checked. 409 with the reason when the remedy cannot be asked for now.`,
    headers: IdempotencyHeadersSchema,
    params: IssueParamsSchema,
    body: LinkRemedyBodySchema,
    status: 200,
    response: LinkIssueSchema,
    errors: [400, 401, 403, 404, 409, 422],
  }),
};
