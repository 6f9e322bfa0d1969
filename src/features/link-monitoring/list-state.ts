/**
 * The link monitoring list as its address keeps it: the server's own query
 * (`filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100042&page=2`),
 * read forgivingly, so a bad value falls back on its own and never breaks the page.
 */
import { z } from 'zod';
import {
  LINK_HEALTH_STATUSES,
  LINK_MONITORING_DEFAULT_LIMIT,
  type LinkHealthStatus,
} from '#contract/link-monitoring.ts';
import {
  addressText,
  pageNumber,
  parseForgivingQuery,
  wholeNumber,
  type ListAddress,
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

export interface LinkListFilter {
  health?: LinkHealthStatus[];
  buyer_domain?: string[];
  order?: string;
}

export interface LinkListState extends LinkListFilter {
  page?: number;
  limit?: number;
}

export function parseLinkListState(search: string): LinkListState {
  const { filter = {}, page, limit } = parseForgivingQuery(LinkMonitoringAddressSchema, search);
  return {
    health: filter.health,
    buyer_domain: filter.buyer_domain,
    order: filter.order,
    page,
    limit,
  };
}

function filterQuery(filter: LinkListFilter) {
  return {
    health: filter.health,
    buyer_domain: filter.buyer_domain,
    order: filter.order,
  };
}

export function serializeLinkListState(state: LinkListState): string {
  return encodeQuery({
    filter: filterQuery(state),
    page: state.page && state.page > 1 ? String(state.page) : undefined,
    limit:
      state.limit && state.limit !== LINK_MONITORING_DEFAULT_LIMIT
        ? String(state.limit)
        : undefined,
  });
}

/** The query of one page of the filtered list, as the server takes it. */
export function pageQuery(filter: LinkListFilter, page: number, limit: number): string {
  return encodeQuery({ filter: filterQuery(filter), page: String(page), limit: String(limit) });
}

export function hasFilters(state: LinkListFilter): boolean {
  return Boolean(state.health?.length || state.buyer_domain?.length || state.order);
}

export const linkListAddress: ListAddress<LinkListState> = {
  parse: parseLinkListState,
  serialize: serializeLinkListState,
};
