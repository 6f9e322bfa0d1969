/**
 * The link monitoring list as its address keeps it (decision 192): the wire shape of its query
 * (`filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=2`),
 * read once forgivingly, so a bad value falls back on its own and never breaks the page, and
 * written back with the query-string codec. The server query always names its page and size;
 * its string is the request's query, the query key and the key of the offline copy.
 */
import { z } from 'zod';

import {
  LINK_HEALTH_STATUSES,
  LINK_MONITORING_DEFAULT_LIMIT,
  type LinkHealthStatus,
} from '#contract/link-monitoring.ts';
import {
  addressText,
  type ListAddress,
  pageNumber,
  parseForgivingQuery,
  wholeNumber,
} from '#contract/list-query.ts';
import { encodeQuery } from '#contract/query-string.ts';

/** Rows-per-page choices of the list; the server takes at most 100. */
export const LINK_PAGE_SIZES = [25, 50, 100] as const;

const LinkMonitoringAddressSchema = z.object({
  filter: z
    .object({
      health: z.array(z.enum(LINK_HEALTH_STATUSES)).max(LINK_HEALTH_STATUSES.length).optional(),
      buyer_domain: z.array(addressText(255)).max(50).optional(),
      order: addressText(32).optional(),
    })
    .optional(),
  page: pageNumber.optional(),
  limit: wholeNumber(1, 100)
    .refine((n) => (LINK_PAGE_SIZES as readonly number[]).includes(n))
    .optional(),
});

/** `filter[…]` of GET /v1/buyer/link-monitoring. */
export interface LinkListFilter {
  health?: LinkHealthStatus[];
  buyer_domain?: string[];
  order?: string;
}

/** The list's address: the wire shape of its query. */
export interface LinkListState {
  filter: LinkListFilter;
  page?: number;
  limit?: number;
}

export function parseLinkListState(search: string): LinkListState {
  const { filter = {}, page, limit } = parseForgivingQuery(LinkMonitoringAddressSchema, search);
  const state: LinkListState = { filter };
  if (page !== undefined) state.page = page;
  if (limit !== undefined) state.limit = limit;
  return state;
}

/** One order of the keys, so that the same filter is always the same query. */
function filterQuery({ health, buyer_domain, order }: LinkListFilter): LinkListFilter {
  return { health, buyer_domain, order };
}

/** The state as the address writes it: the first page and the default size are left out. */
export function serializeLinkListState({ filter, page, limit }: LinkListState): string {
  return encodeQuery({
    filter: filterQuery(filter),
    page: page !== undefined && page > 1 ? page : undefined,
    limit: limit !== undefined && limit !== LINK_MONITORING_DEFAULT_LIMIT ? limit : undefined,
  });
}

/** The query of GET /v1/buyer/link-monitoring: the state, always naming its page and size. */
export function toServerQuery({ filter, page, limit }: LinkListState) {
  return {
    filter: filterQuery(filter),
    page: page ?? 1,
    limit: limit ?? LINK_MONITORING_DEFAULT_LIMIT,
  };
}

/** The request's query as sent, its query key and the key of its offline copy. */
export function serverQueryString(state: LinkListState): string {
  return encodeQuery(toServerQuery(state));
}

export function hasFilters(filter: LinkListFilter): boolean {
  return Boolean(filter.health?.length || filter.buyer_domain?.length || filter.order);
}

export const linkListAddress: ListAddress<LinkListState> = {
  parse: parseLinkListState,
  serialize: serializeLinkListState,
};
