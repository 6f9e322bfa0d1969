// The uploaded lists of a buyer's domains and competitor groups, the groups themselves, and the
// statuses of the imports that read the lists (spec §7 "Buyer domains", "Files and imports").
import { z } from 'zod';

import {
  BuyerDomainSchema,
  CompetitorGroupListSchema,
  CompetitorGroupSchema,
  CreateCompetitorGroupSchema,
  IMPORT_STATUS_MAX_IDS,
  ImportStatusListSchema,
} from './domains.ts';
import { endpoint, multipart } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema, NoContentSchema } from './endpoint-schemas.ts';
import { pageQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

const UPLOAD_DESCRIPTION =
  'A multipart form whose `file` is a CSV or plain-text list (UTF-8, checked by content), at most 20 MB (413 beyond). The import runs in the background: follow it with `GET /api/v1/imports/statuses`. A new upload replaces the list when its import succeeds; a failed import leaves the previous list in place.';

/** An uploaded list: one `file` part. */
const ListUploadSchema = z.object({
  file: z.file().describe('The list: CSV or plain text, UTF-8'),
});

const GroupListQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 100 }).extend({
  filter: z.strictObject({ buyer_domain: z.string().max(64).optional() }).optional(),
});

/** `filter[ids][]=…` (one id may come without brackets), at most IMPORT_STATUS_MAX_IDS. */
const StatusesQuerySchema = z.strictObject({
  filter: z.strictObject({
    ids: z.preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z.array(z.uuid()).min(1).max(IMPORT_STATUS_MAX_IDS),
    ),
  }),
  limit: z.coerce.number().int().min(1).max(IMPORT_STATUS_MAX_IDS).default(IMPORT_STATUS_MAX_IDS),
});

const domains = { access: 'buyer', tags: ['Domains'] } as const;

export const importEndpoints = {
  uploadReferents: endpoint({
    ...domains,
    method: 'PUT',
    path: '/v1/buyer/domains/{id}/referents',
    permission: inCurrent('catalogue.use'),
    summary: "Uploads a domain's referring domains (CSV)",
    description: UPLOAD_DESCRIPTION,
    params: IdParamsSchema,
    body: multipart(ListUploadSchema),
    status: 202,
    response: BuyerDomainSchema,
    errors: [400, 401, 403, 404, 413, 415],
  }),
  listGroups: endpoint({
    ...domains,
    method: 'GET',
    path: '/v1/buyer/domains/competitor-groups',
    permission: inCurrent('catalogue.use'),
    summary: "The buyer's competitor groups, with their competitors",
    query: GroupListQuerySchema,
    status: 200,
    response: CompetitorGroupListSchema,
    errors: [400, 401, 403],
  }),
  createGroup: endpoint({
    ...domains,
    method: 'POST',
    path: '/v1/buyer/domains/competitor-groups',
    permission: inCurrent('catalogue.use'),
    summary: 'Creates a competitor group for one of the buyer’s domains',
    headers: IdempotencyHeadersSchema,
    body: CreateCompetitorGroupSchema,
    status: 201,
    response: CompetitorGroupSchema,
    errors: [400, 401, 403, 409, 422],
  }),
  removeGroup: endpoint({
    ...domains,
    method: 'DELETE',
    path: '/v1/buyer/domains/competitor-groups/{id}',
    permission: inCurrent('catalogue.use'),
    summary: 'Deletes a competitor group with its competitors',
    params: IdParamsSchema,
    status: 204,
    response: NoContentSchema,
    errors: [400, 401, 403, 404],
  }),
  uploadCompetitors: endpoint({
    ...domains,
    method: 'PUT',
    path: '/v1/buyer/domains/competitor-groups/{id}/competitors',
    permission: inCurrent('catalogue.use'),
    summary: "Uploads a competitor group's competitors and their referring domains (CSV)",
    description: `${UPLOAD_DESCRIPTION} Each row names a competitor and a domain linking to it.`,
    params: IdParamsSchema,
    body: multipart(ListUploadSchema),
    status: 202,
    response: CompetitorGroupSchema,
    errors: [400, 401, 403, 404, 413, 415],
  }),
  statuses: endpoint({
    method: 'GET',
    path: '/v1/imports/statuses',
    permission: inCurrent('catalogue.use'),
    access: 'buyer',
    tags: ['Imports'],
    summary: 'The statuses of some of the signed-in buyer’s imports',
    description: `At most ${IMPORT_STATUS_MAX_IDS} ids; an id that is unknown or not the caller's is left out.`,
    query: StatusesQuerySchema,
    status: 200,
    response: ImportStatusListSchema,
    errors: [400, 401, 403],
  }),
};
