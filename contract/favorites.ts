// A buyer's favourite and blacklisted sites and favourite saved filters (spec §3 "Favourite
// items", §7 "Sites"). A site mark is the buyer's own, which nobody else sees, or shared with
// their current company account, which its members who use the catalogue see and change and
// another company's never do (decision 207).
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, NoContentSchema } from './endpoint-schemas.ts';
import { NoQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

export const UNIQUE_ITEMS_MESSAGE = 'Items array must contain unique values';
export const SITE_NOT_FOUND_MESSAGE = 'Site not found.';
export const SAVED_VIEW_NOT_FOUND_MESSAGE = 'Saved view not found.';

/** Most sites one bulk call may mark: a few pages of the largest page size. */
export const MAX_BULK_SITE_IDS = 1000;

function uniqueIds(max: number) {
  return z
    .array(z.uuid())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: UNIQUE_ITEMS_MESSAGE });
}

/** Whose a site mark is: the caller's own, or their current company account's. */
export const MARK_SCOPES = ['personal', 'company'] as const;
export type MarkScope = (typeof MARK_SCOPES)[number];

/**
 * Body of POST /sites/favorites, PUT /sites/favorites/removals, POST /sites/blacklists and
 * PUT /sites/blacklists/removals. Adding a site already marked, or removing one that is not,
 * is not an error. `scope` (default `personal`) chooses the caller's own list or the one of
 * their current company account. Answer: 204.
 */
export const SiteIdsBodySchema = z
  .object({
    ids: uniqueIds(MAX_BULK_SITE_IDS).min(1, 'Choose at least one site.'),
    scope: z
      .enum(MARK_SCOPES, { error: 'Choose "personal" or "company".' })
      .optional()
      .describe("The caller's own list (default) or their current company account's."),
  })
  .strict();
export type SiteIdsBody = z.infer<typeof SiteIdsBodySchema>;

export const MarkedDomainSchema = z.object({ id: z.uuid(), hostname: z.string() });
export type MarkedDomain = z.infer<typeof MarkedDomainSchema>;

export const FavoriteFilterSchema = z.object({ id: z.uuid(), name: z.string() });
export type FavoriteFilter = z.infer<typeof FavoriteFilterSchema>;

/**
 * GET /favorite-items (and the answer of PUT): the caller's own favourite and blacklisted sites
 * by hostname, alphabetically, those their current company account shares, and the saved site
 * filters (saved views of kind `site_filters`) marked as favourite.
 */
export const FavoriteItemsSchema = z.object({
  favorite_domains: z.array(MarkedDomainSchema),
  blacklisted_domains: z.array(MarkedDomainSchema),
  company_favorite_domains: z.array(MarkedDomainSchema),
  company_blacklisted_domains: z.array(MarkedDomainSchema),
  favorite_filters: z.array(FavoriteFilterSchema),
});
export type FavoriteItems = z.infer<typeof FavoriteItemsSchema>;

/**
 * PUT /favorite-items: each list given replaces that list of the caller's own (site ids, saved
 * view ids); a list left out stays as it is. The company's lists change only by the mark
 * endpoints.
 */
export const FavoriteItemsUpdateSchema = z
  .object({
    favorite_domains: uniqueIds(10_000).optional(),
    blacklisted_domains: uniqueIds(10_000).optional(),
    favorite_filters: uniqueIds(1000).optional(),
  })
  .strict();
export type FavoriteItemsUpdate = z.infer<typeof FavoriteItemsUpdateSchema>;

const sites = { access: 'buyer', tags: ['Sites'] } as const;
const REPEAT_NOTE =
  ' A repeat with the same Idempotency-Key answers 204 again and changes nothing.';

/** Adding sites to a list of marks (favourites, blacklist) or removing them from it. */
function markEndpoints<const L extends 'favorites' | 'blacklists'>(list: L, name: string) {
  const marks = {
    ...sites,
    permission: inCurrent('catalogue.use'),
    headers: IdempotencyHeadersSchema,
    body: SiteIdsBodySchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 422],
  } as const;
  return {
    add: endpoint({
      ...marks,
      method: 'POST',
      path: `/v1/buyer/sites/${list}`,
      summary: `Adds sites to the caller's ${name} or their company's`,
      description: `Sites already there stay.${REPEAT_NOTE}`,
    }),
    remove: endpoint({
      ...marks,
      method: 'PUT',
      path: `/v1/buyer/sites/${list}/removals`,
      summary: `Removes sites from the caller's ${name} or their company's`,
      description: `Sites not there are left alone.${REPEAT_NOTE}`,
    }),
  };
}

export const favoriteEndpoints = {
  /** By list of marks: `favorites` and `blacklists`. */
  marks: {
    favorites: markEndpoints('favorites', 'favourites'),
    blacklists: markEndpoints('blacklists', 'blacklist'),
  },
  items: endpoint({
    ...sites,
    method: 'GET',
    path: '/v1/buyer/favorite-items',
    permission: inCurrent('catalogue.use'),
    summary: "The caller's favourite and blacklisted sites and favourite saved filters",
    query: NoQuerySchema,
    status: 200,
    response: FavoriteItemsSchema,
    errors: [400, 401, 403],
  }),
  replaceItems: endpoint({
    ...sites,
    method: 'PUT',
    path: '/v1/buyer/favorite-items',
    permission: inCurrent('catalogue.use'),
    summary: 'Replaces the lists given: favourite sites, blacklist, favourite saved filters',
    body: FavoriteItemsUpdateSchema,
    status: 200,
    response: FavoriteItemsSchema,
    errors: [400, 401, 403],
  }),
};
