// Uploaded lists: a buyer domain's referring domains, competitor groups and their competitor
// files, and the statuses of the imports that read them (spec §7 "Buyer domains", "Files and
// imports").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BuyerDomainSchema,
  CompetitorGroupListSchema,
  CompetitorGroupSchema,
  CreateCompetitorGroupSchema,
  IMPORT_STATUS_MAX_IDS,
  ImportStatusListSchema,
} from '#contract/domains.ts';
import { pageQuerySchema } from '#contract/pagination.ts';
import { IdempotencyHeadersSchema, type IdempotencyOptions } from '#server/http/idempotency.ts';
import { transactionOf } from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { ImportsService } from './imports.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Domains'];
const IdParamsSchema = z.object({ id: z.uuid() });
const multipart = ['multipart/form-data'];
const uploadDescription =
  'A multipart form whose `file` is a CSV or plain-text list (UTF-8, checked by content), at most 20 MB (413 beyond). The import runs in the background: follow it with `GET /api/v1/imports/statuses`. A new upload replaces the list when its import succeeds; a failed import leaves the previous list in place.';
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415);

const GroupListQuerySchema = pageQuerySchema({ defaultLimit: 10, maxLimit: 100 }).extend({
  filter: z.strictObject({ buyer_domain: z.string().max(64).optional() }).optional(),
});

const StatusesQuerySchema = z.strictObject({
  filter: z.strictObject({
    ids: z.preprocess(
      (value) => (typeof value === 'string' ? [value] : value),
      z.array(z.uuid()).min(1).max(IMPORT_STATUS_MAX_IDS),
    ),
  }),
  limit: z.coerce.number().int().min(1).max(IMPORT_STATUS_MAX_IDS).default(IMPORT_STATUS_MAX_IDS),
});

/** Creating a group twice with one key creates it once (decision 044). */
const createGroupCall = {
  idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions,
};

export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (
  app,
  { imports },
) => {
  app.put(
    '/domains/:id/referents',
    {
      schema: {
        tags,
        summary: "Uploads a domain's referring domains (CSV)",
        description: uploadDescription,
        security,
        consumes: multipart,
        params: IdParamsSchema,
        response: { 202: BuyerDomainSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const domain = await imports.uploadReferents(
        principalOf(request).userId,
        request.params.id,
        request,
      );
      return reply.code(202).send(domain);
    },
  );

  app.get(
    '/domains/competitor-groups',
    {
      schema: {
        tags,
        summary: "The buyer's competitor groups, with their competitors",
        security,
        querystring: GroupListQuerySchema,
        response: { 200: CompetitorGroupListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      imports.listGroups(principalOf(request).userId, {
        page: request.query.page,
        limit: request.query.limit,
        buyerDomainId: request.query.filter?.buyer_domain ?? null,
      }),
  );

  app.post(
    '/domains/competitor-groups',
    {
      config: createGroupCall,
      schema: {
        tags,
        summary: 'Creates a competitor group for one of the buyer’s domains',
        security,
        headers: IdempotencyHeadersSchema,
        body: CreateCompetitorGroupSchema,
        response: { 201: CompetitorGroupSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    (request) =>
      imports.createGroup(principalOf(request).userId, request.body, transactionOf(request)),
  );

  app.delete(
    '/domains/competitor-groups/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a competitor group with its competitors',
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await imports.deleteGroup(principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/domains/competitor-groups/:id/competitors',
    {
      schema: {
        tags,
        summary: "Uploads a competitor group's competitors and their referring domains (CSV)",
        description: `${uploadDescription} Each row names a competitor and a domain linking to it.`,
        security,
        consumes: multipart,
        params: IdParamsSchema,
        response: { 202: CompetitorGroupSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const group = await imports.uploadCompetitors(
        principalOf(request).userId,
        request.params.id,
        request,
      );
      return reply.code(202).send(group);
    },
  );
};

/** Registered under /api/v1: the statuses of the signed-in user's imports. */
export const importStatusRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (
  app,
  { imports },
) => {
  app.get(
    '/imports/statuses',
    {
      schema: {
        tags: ['Imports'],
        summary: 'The statuses of some of the signed-in buyer’s imports',
        description: `At most ${IMPORT_STATUS_MAX_IDS} ids; an id that is unknown or not the caller's is left out.`,
        security,
        querystring: StatusesQuerySchema,
        response: { 200: ImportStatusListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) =>
      imports.statuses(principalOf(request).userId, request.query.filter.ids, request.query.limit),
  );
};
