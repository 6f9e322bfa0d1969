// A buyer's domains, competitor groups and the imports that fill their lists (spec §3 "Buyer
// domain", "Competitor group", "Import status"; §7 "Buyer domains", "Files and imports").
import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema, NoContentSchema } from './endpoint-schemas.ts';
import { fieldWords } from './field-messages.ts';
import { HOSTNAME_MESSAGES, MAX_HOSTNAME_INPUT_LENGTH } from './hostname.ts';
import { listOf, pageQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

export const ImportStatusValueSchema = z.enum(['pending', 'success', 'failed']);
export type ImportStatusValue = z.infer<typeof ImportStatusValueSchema>;

/** What an upload fills: a domain's referring domains, or a competitor group's competitors. */
export const ImportKindSchema = z.enum(['referents', 'competitors']);
export type ImportKind = z.infer<typeof ImportKindSchema>;

/**
 * One import's outcome. Each error is a JSON string (spec §3) that `ImportErrorSchema` reads:
 * a message and violations whose `path` names the line and column, such as "line 12, column 1".
 */
export const ImportStatusSchema = z.object({
  id: z.string(),
  status: ImportStatusValueSchema,
  errors: z.array(z.string()),
});
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

export const ImportErrorSchema = z.object({
  message: z.string(),
  violations: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

/** GET /api/v1/imports/statuses?filter[ids][]=…&limit=n */
export const ImportStatusListSchema = z.object({ data: z.array(ImportStatusSchema) });
export type ImportStatusList = z.infer<typeof ImportStatusListSchema>;

/** The most ids one status request may ask for. */
export const IMPORT_STATUS_MAX_IDS = 50;

/** Messages of an import's outcome (spec §8). */
export const IMPORT_MESSAGES = {
  success: 'Import was successful',
  referentsFinished: 'Referring domain upload finished',
  competitorsFinished: 'Competitor upload finished',
  partial: 'Partially imported, check errors',
  skipped: 'Some items were wrong and skipped',
  failed: 'Not imported, check errors',
  statusesFailed: 'Import errors',
} as const;

const UploadedFileSchema = z.object({ id: z.string(), file_name: z.string() });

/** Spec §3 "Buyer domain". */
export const BuyerDomainSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  referents_file: UploadedFileSchema.nullable(),
  import_status: ImportStatusSchema.nullable(),
});
export type BuyerDomain = z.infer<typeof BuyerDomainSchema>;

export const BuyerDomainListSchema = listOf(BuyerDomainSchema);
export type BuyerDomainList = z.infer<typeof BuyerDomainListSchema>;

/** POST /api/v1/buyer/domains: the hostname is normalised by `normaliseHostname`. */
export const CreateBuyerDomainSchema = z.strictObject({
  hostname: z.string().max(MAX_HOSTNAME_INPUT_LENGTH, HOSTNAME_MESSAGES.too_long),
});
export type CreateBuyerDomain = z.infer<typeof CreateBuyerDomainSchema>;

/** How many domains one buyer may keep (decision 054). */
/** The violation on `hostname` for a domain the buyer already has. */
export const DOMAIN_TAKEN_MESSAGE = 'You already added this domain.';

export const MAX_BUYER_DOMAINS = 200;

/** A competitor and how many referring domains its uploaded list gave it. */
export const CompetitorSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  referring_domains: z.number().int().min(0),
});
export type Competitor = z.infer<typeof CompetitorSchema>;

/** Spec §3 "Competitor group": tied to a domain; its competitors are uploaded as a file. */
export const CompetitorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  buyer_domain: z.object({ id: z.string(), hostname: z.string() }),
  competitors_file: UploadedFileSchema.nullable(),
  import_status: ImportStatusSchema.nullable(),
  competitors: z.array(CompetitorSchema),
});
export type CompetitorGroup = z.infer<typeof CompetitorGroupSchema>;

export const CompetitorGroupListSchema = listOf(CompetitorGroupSchema);
export type CompetitorGroupList = z.infer<typeof CompetitorGroupListSchema>;

export const COMPETITOR_GROUP_NAME_MAX = 100;
/** Two groups of one domain with one name could not be told apart in the lists and dialogs. */
export const COMPETITOR_GROUP_NAME_TAKEN_MESSAGE =
  'This domain already has a group with this name.';

/** POST /api/v1/buyer/domains/competitor-groups */
export const CreateCompetitorGroupSchema = z.strictObject({
  buyer_domain: z.string().max(64),
  name: z
    .string({ error: fieldWords('A group name', { empty: 'Enter a name for the group.' }) })
    .trim()
    .min(1)
    .max(COMPETITOR_GROUP_NAME_MAX),
});
export type CreateCompetitorGroup = z.infer<typeof CreateCompetitorGroupSchema>;

const domains = { access: 'buyer', tags: ['Domains'] } as const;

export const domainEndpoints = {
  list: endpoint({
    ...domains,
    method: 'GET',
    path: '/v1/buyer/domains',
    permission: inCurrent('catalogue.use'),
    summary: "The signed-in buyer's own domains",
    // Spec §9: 10 per page by default; 100 is the largest page size offered.
    query: pageQuerySchema({ defaultLimit: 10, maxLimit: 100 }),
    status: 200,
    response: BuyerDomainListSchema,
    errors: [400, 401, 403],
  }),
  create: endpoint({
    ...domains,
    method: 'POST',
    path: '/v1/buyer/domains',
    permission: inCurrent('catalogue.use'),
    summary: 'Adds a domain',
    description: `The hostname is normalised (scheme, path, port, trailing dot and a leading www. removed; lower case; an internationalised name as punycode). A domain the buyer already has, an invalid one or one over the limit of ${MAX_BUYER_DOMAINS} is a violation on \`hostname\`. A deleted domain added again comes back with empty lists. A repeat with the same Idempotency-Key answers the first answer.`,
    headers: IdempotencyHeadersSchema,
    body: CreateBuyerDomainSchema,
    status: 201,
    response: BuyerDomainSchema,
    errors: [400, 401, 403, 409, 422],
  }),
  remove: endpoint({
    ...domains,
    method: 'DELETE',
    path: '/v1/buyer/domains/{id}',
    permission: inCurrent('catalogue.use'),
    summary: 'Deletes a domain',
    description:
      'The domain leaves the lists and its referring domains and competitor groups are removed; cart lines and orders that name it keep it and its hostname (decision 054). A repeat with the same Idempotency-Key answers 204 again.',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 404, 409, 422],
  }),
};
