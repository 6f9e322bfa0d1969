// Uploaded lists: a buyer domain's referring domains, competitor groups and their competitor
// files, and the statuses of the imports that read them (spec §7 "Buyer domains", "Files and
// imports").
import type { FastifyInstance } from 'fastify';

import { importEndpoints as endpoints } from '#contract/imports.ts';
import { route } from '#server/http/endpoint-route.ts';
import { type IdempotencyOptions, transactionOf } from '#server/http/idempotency.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { ImportsService } from './imports.service.ts';

/** Creating a group twice with one key creates it once (decision 044). */
const createGroupCall = {
  idempotency: { status: 201, store: 'atomic' } satisfies IdempotencyOptions,
};

export async function importsRoutes(
  app: FastifyInstance,
  { imports }: { imports: ImportsService },
): Promise<void> {
  route(app, endpoints.uploadReferents, (request) =>
    imports.uploadReferents(principalOf(request).userId, request.params.id, request),
  );
  route(app, endpoints.listGroups, (request) =>
    imports.listGroups(principalOf(request).userId, {
      page: request.query.page,
      limit: request.query.limit,
      buyerDomainId: request.query.filter?.buyer_domain ?? null,
    }),
  );
  route(
    app,
    endpoints.createGroup,
    (request) =>
      imports.createGroup(principalOf(request).userId, request.body, transactionOf(request)),
    createGroupCall,
  );
  route(app, endpoints.removeGroup, async (request) => {
    await imports.deleteGroup(principalOf(request).userId, request.params.id);
    return null;
  });
  route(app, endpoints.uploadCompetitors, (request) =>
    imports.uploadCompetitors(principalOf(request).userId, request.params.id, request),
  );
}

/** Registered under /api/v1: the statuses of the signed-in user's imports. */
export async function importStatusRoutes(
  app: FastifyInstance,
  { imports }: { imports: ImportsService },
): Promise<void> {
  route(app, endpoints.statuses, (request) =>
    imports.statuses(principalOf(request).userId, request.query.filter.ids, request.query.limit),
  );
}
