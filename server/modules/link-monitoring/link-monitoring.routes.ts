import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHECK_NOW_INTERVAL_SECONDS,
  FAILED_CHECKS_FOR_ISSUE,
  LinkCheckListQuerySchema,
  LinkCheckListSchema,
  LinkCheckSchema,
  LinkIssueListSchema,
  LinkIssueSchema,
  LinkRemedyBodySchema,
  MonitoredLinkListQuerySchema,
  MonitoredLinkListSchema,
  REFUND_AFTER_DAYS,
} from '#contract/link-monitoring.ts';
import { NoQuerySchema } from '#contract/pagination.ts';
import { IdempotencyHeadersSchema, type IdempotencyOptions } from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import { CHECK_NOW_PER_HOUR, type LinkMonitoringService } from './link-monitoring.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Link monitoring'];

const ItemIdParamsSchema = z.object({ id: z.uuid() });
const IssueParamsSchema = z.object({ id: z.uuid(), issueId: z.uuid() });

/** A repeat with the same key answers the first answer; a refund is issued once (decision 044). */
const remedyCall = { idempotency: { status: 200, store: 'after' } satisfies IdempotencyOptions };

export const linkMonitoringRoutes: FastifyPluginAsyncZod<{
  links: LinkMonitoringService;
}> = async (app, { links }) => {
  app.get(
    '/link-monitoring',
    {
      schema: {
        tags,
        summary: 'The buyer’s live links with their health, filtered and paged, and a summary',
        description:
          'Newest published first. The summary counts the links matching every filter but health; healthy_percent is of the checked links, rounded down.',
        security,
        querystring: MonitoredLinkListQuerySchema,
        response: { 200: MonitoredLinkListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => links.list(principalOf(request).userId, request.query),
  );

  app.get(
    '/orders/items/:id/link-checks',
    {
      schema: {
        tags,
        summary: 'The checks of an item’s live link, newest first',
        security,
        params: ItemIdParamsSchema,
        querystring: LinkCheckListQuerySchema,
        response: { 200: LinkCheckListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => links.checks(principalOf(request).userId, request.params.id, request.query),
  );

  app.post(
    '/orders/items/:id/link-checks',
    {
      schema: {
        tags,
        summary: 'Checks an item’s live link now',
        description: `Answers the stored check; it counts toward the ${FAILED_CHECKS_FOR_ISSUE} failed checks that open a link issue like any other. 429 within ${CHECK_NOW_INTERVAL_SECONDS} s of the item’s last check asked for, past ${CHECK_NOW_PER_HOUR} asked for by the buyer in an hour, or while the link or its site is being checked. 409 when the item is not a live link.`,
        security,
        params: ItemIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 201: LinkCheckSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const check = await links.checkNow(principalOf(request).userId, request.params.id);
      return reply.code(201).send(check);
    },
  );

  app.get(
    '/orders/items/:id/link-issues',
    {
      schema: {
        tags,
        summary: 'The link issues of an item, newest first, each with its steps',
        security,
        params: ItemIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: LinkIssueListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => links.issues(principalOf(request).userId, request.params.id),
  );

  app.post(
    '/orders/items/:id/link-issues/:issueId/remedy',
    {
      config: remedyCall,
      schema: {
        tags,
        summary: 'Asks for a remedy of an open link issue within the guarantee',
        description: `restore: the publisher is asked to update the article (the item's edits are requested); the issue closes when the link checks ok again. refund: from ${REFUND_AFTER_DAYS} days after the restore was asked for (or the issue opened), a credit note for the item, once; the issue closes and the link is no longer checked. 409 with the reason when the remedy cannot be asked for now.`,
        security,
        headers: IdempotencyHeadersSchema,
        params: IssueParamsSchema,
        body: LinkRemedyBodySchema,
        response: { 200: LinkIssueSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      links.remedy(
        principalOf(request).userId,
        request.params.id,
        request.params.issueId,
        request.body.kind,
      ),
  );
};
