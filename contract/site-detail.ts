// One catalogue site in full (spec §3 "Site detail", §2 "Domain detail") and the similar-sites
// lookup: GET /api/v1/buyer/sites/{id}?buyer_domain= and GET /api/v1/buyer/sites/similar.
import { z } from 'zod';

import { SiteSchema } from './catalogue.ts';
import { endpoint } from './endpoint.ts';
import { wholeNumber } from './list-query.ts';
import { inCurrent } from './permissions.ts';

export const NicheRefSchema = z.object({ id: z.uuid(), title: z.string() });

/** The price of a link on the site in one niche; the niche id is the cart's link type id. */
export const SitePriceSchema = z.object({ price: z.string(), niche: NicheRefSchema });
export type SitePrice = z.infer<typeof SitePriceSchema>;

export const SIMILAR_BY = ['domain_rating', 'price', 'traffic'] as const;
export type SimilarBy = (typeof SIMILAR_BY)[number];
export const SIMILAR_DEFAULT_LIMIT = 5;
export const SIMILAR_MAX_LIMIT = 25;

export const SiteDetailSchema = SiteSchema.extend({
  /** Every niche the site accepts with its price, General first. */
  prices: z.array(SitePriceSchema),
  accepted_niches: z.array(NicheRefSchema),
  comments: z.string().nullable(),
  description: z.string().nullable(),
  placement_period: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  last_placement_at: z.string().nullable(),
  /** A sample (at most 10) of hostnames linking to the site. */
  referring_domains: z.array(z.string()),
  /** The nearest other sites by DR, by General price and by organic traffic, 5 each. */
  similar: z.object({
    by_domain_rating: z.array(SiteSchema),
    by_price: z.array(SiteSchema),
    by_traffic: z.array(SiteSchema),
  }),
});
export type SiteDetail = z.infer<typeof SiteDetailSchema>;

export const SiteDetailQuerySchema = z.object({ buyer_domain: z.uuid().optional() }).strict();

export const SiteIdParamsSchema = z.object({ id: z.uuid() });

export const SimilarSitesQuerySchema = z
  .object({
    site: z.uuid(),
    by: z.enum(SIMILAR_BY),
    limit: wholeNumber(1, SIMILAR_MAX_LIMIT).optional(),
  })
  .strict();
export type SimilarSitesQuery = z.output<typeof SimilarSitesQuerySchema>;

export const SimilarSitesSchema = z.object({ data: z.array(SiteSchema) });
export type SimilarSites = z.infer<typeof SimilarSitesSchema>;

const site = { access: 'buyer', tags: ['Sites'] } as const;

export const siteDetailEndpoints = {
  similar: endpoint({
    ...site,
    method: 'GET',
    path: '/v1/buyer/sites/similar',
    permission: inCurrent('catalogue.use'),
    summary: 'The sites nearest to a site by DR, General price or organic traffic',
    query: SimilarSitesQuerySchema,
    status: 200,
    response: SimilarSitesSchema,
    errors: [400, 401, 403, 404],
  }),
  detail: endpoint({
    ...site,
    method: 'GET',
    path: '/v1/buyer/sites/{id}',
    permission: inCurrent('catalogue.use'),
    summary: 'One site with its prices per niche, comments, referring domains, similar sites',
    description: '`buyer_domain` (one of your domains) fills `is_back_linked` and `competitors`.',
    params: SiteIdParamsSchema,
    query: SiteDetailQuerySchema,
    status: 200,
    response: SiteDetailSchema,
    errors: [400, 401, 403, 404],
  }),
};
