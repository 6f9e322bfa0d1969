// Reference data on the wire (spec §7 "Reference data", "Top-level-domain lookup"): the option
// lists of the catalogue filters, company forms and the cart. GET /api/v1/common/..., no sign-in
// needed, cacheable for an hour with a strong ETag.
import { z } from 'zod';

import { endpoint } from './endpoint.ts';

export const ReferenceItemSchema = z.object({ id: z.uuid(), title: z.string() });
export type ReferenceItem = z.infer<typeof ReferenceItemSchema>;

/** A country that is not an entry of the countries list (every request naming one). */
export const INVALID_COUNTRY_MESSAGE = 'Choose a country from the list.';
/**
 * How every request names a country (decision 172): `country_id`, the `id` of an entry of
 * GET /api/v1/common/countries. Answers show a country as `country` {id, code, title}.
 */
export const COUNTRY_ID_DESCRIPTION =
  "The country: the `id` of an entry of GET /api/v1/common/countries (the entry's `code` is its ISO 3166-1 alpha-2 code).";

const titleCollator = new Intl.Collator('en-US');

/**
 * The order of a list by its titles in the interface's language (en-US) as people read it:
 * "Åland Islands" beside "Albania", "Türkiye" before "Tuvalu" (not by code points).
 */
export function compareTitles(a: { title: string }, b: { title: string }): number {
  return titleCollator.compare(a.title, b.title);
}

export const CountrySchema = ReferenceItemSchema.extend({
  id: z.uuid().describe('What a request sends as `country_id`.'),
  /** ISO 3166-1 alpha-2, e.g. "GB" (flags are drawn from it). */
  code: z.string().describe('ISO 3166-1 alpha-2 code, e.g. "GB".'),
});
export type Country = z.infer<typeof CountrySchema>;

/** Niches double as the cart's link types. */
export const NicheSchema = ReferenceItemSchema.extend({ slug: z.string() });
export type Niche = z.infer<typeof NicheSchema>;

export const SitePlacementPeriodSchema = ReferenceItemSchema.extend({
  /** How long a placed link stays online; null when permanent. */
  months: z.number().int().nullable(),
});
export type SitePlacementPeriod = z.infer<typeof SitePlacementPeriodSchema>;

export const ContentProductPlanSchema = ReferenceItemSchema.extend({
  slug: z.string(),
  features: z.array(z.string()),
  min_words_amount: z.number().int().nullable(),
  max_words_amount: z.number().int().nullable(),
  is_max_words_amount_exceed_allowed: z.boolean(),
  /** Decimal string with two digits, e.g. "45.00"; "0.00" for 'provide'. */
  price: z.string(),
});
export type ContentProductPlan = z.infer<typeof ContentProductPlanSchema>;

function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

export const ReferenceListSchema = dataOf(ReferenceItemSchema);
export const CountryListSchema = dataOf(CountrySchema);
export const NicheListSchema = dataOf(NicheSchema);
export const SitePlacementPeriodListSchema = dataOf(SitePlacementPeriodSchema);
export const ContentProductPlanListSchema = dataOf(ContentProductPlanSchema);

/** `GET /api/v1/common/top-level-domains?filter[search]=co.uk`: titles containing the text. */
export const TopLevelDomainQuerySchema = z
  .object({
    filter: z
      .object({ search: z.string().trim().max(253).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type TopLevelDomainQuery = z.infer<typeof TopLevelDomainQuerySchema>;

/** Reference lists may be cached this long by browsers and proxies. */
export const REFERENCE_DATA_MAX_AGE_SECONDS = 3600;

export const NotModifiedSchema = z
  .null()
  .describe('Not modified: the ETag in If-None-Match is current');

/** A public option list, answered with a strong ETag (304 when the client holds it already). */
const referenceList = {
  method: 'GET',
  access: 'public',
  tags: ['Reference data'],
  status: 200,
  otherAnswers: { 304: NotModifiedSchema },
  errors: [],
} as const;

/** `gb.svg`: an ISO 3166-1 alpha-2 code and `.svg`, in either case. */
export const FlagParamsSchema = z.object({
  file: z.string().regex(/^[a-zA-Z]{2}\.svg$/, 'Expected a two-letter country code and .svg'),
});

export const referenceDataEndpoints = {
  countries: endpoint({
    ...referenceList,
    path: '/v1/common/countries',
    summary: 'Countries (main market of a site, company address)',
    response: CountryListSchema,
  }),
  businessTypes: endpoint({
    ...referenceList,
    path: '/v1/common/business-types',
    summary: 'Business types of a company',
    response: ReferenceListSchema,
  }),
  niches: endpoint({
    ...referenceList,
    path: '/v1/common/niches',
    summary: 'Niches, which are also the link types of the cart',
    response: NicheListSchema,
  }),
  placements: endpoint({
    ...referenceList,
    path: '/v1/common/site-placement-periods',
    summary: 'How long a placed link stays online',
    response: SitePlacementPeriodListSchema,
  }),
  languages: endpoint({
    ...referenceList,
    path: '/v1/common/sites/domain-languages',
    summary: 'Languages of catalogue sites',
    response: ReferenceListSchema,
  }),
  topics: endpoint({
    ...referenceList,
    path: '/v1/common/sites/website-topics',
    summary: 'Topics of catalogue sites',
    response: ReferenceListSchema,
  }),
  contentPlans: endpoint({
    ...referenceList,
    path: '/v1/common/content-product-plans',
    summary: 'Article content plans of a cart line',
    response: ContentProductPlanListSchema,
  }),
  tlds: endpoint({
    method: 'GET',
    path: '/v1/common/top-level-domains',
    access: 'public',
    tags: ['Reference data'],
    summary: 'Top-level domains; filter[search] keeps those whose title contains the text',
    query: TopLevelDomainQuerySchema,
    status: 200,
    response: ReferenceListSchema,
    otherAnswers: { 304: NotModifiedSchema },
    errors: [400],
  }),
  /** GET …/flags/gb.svg: a flag never changes, so browsers keep it for a week. */
  flag: endpoint({
    method: 'GET',
    path: '/v1/common/flags/{file}',
    access: 'public',
    tags: ['Reference data'],
    summary: 'The flag of a country as an SVG image',
    params: FlagParamsSchema,
    produces: ['image/svg+xml'],
    status: 200,
    response: z.string().describe('The SVG image'),
    errors: [400, 404],
  }),
};
