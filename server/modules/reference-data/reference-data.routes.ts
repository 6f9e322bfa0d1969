// Reference data (spec §7): public option lists, cacheable for an hour by browsers and proxies,
// with a strong ETag so that a revalidation answers 304 without a body.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentProductPlanListSchema,
  CountryListSchema,
  NicheListSchema,
  REFERENCE_DATA_MAX_AGE_SECONDS,
  ReferenceListSchema,
  SitePlacementPeriodListSchema,
  TopLevelDomainQuerySchema,
} from '#contract/reference-data.ts';
import type { Database } from '#server/db/database.ts';
import { errorResponses } from '#server/http/responses.ts';
import {
  findBusinessTypes,
  findContentProductPlans,
  findCountries,
  findDomainLanguages,
  findNiches,
  findSitePlacementPeriods,
  findTopLevelDomains,
  findWebsiteTopics,
} from './reference-data.repository.ts';

const NotModifiedSchema = z.null().describe('Not modified: the ETag in If-None-Match is current');

/** A strong validator of the list: the same rows always give the same tag. */
export function entityTag(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
}

function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate === tag);
}

/** Sends `body` with cache headers, or 304 when the client already holds this version. */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: object): FastifyReply {
  const tag = entityTag(body);
  reply.header('cache-control', `public, max-age=${REFERENCE_DATA_MAX_AGE_SECONDS}`);
  reply.header('etag', tag);
  if (matchesTag(request.headers['if-none-match'], tag)) return reply.status(304).send();
  return reply.send(body);
}

export const referenceDataRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const list = (
    url: string,
    summary: string,
    schema: z.ZodType<{ data: object[] }>,
    load: () => Promise<object[]>,
  ) => {
    app.get(
      url,
      {
        schema: {
          tags: ['Reference data'],
          summary,
          response: { 200: schema, 304: NotModifiedSchema, ...errorResponses() },
        },
      },
      async (request, reply) => sendCached(request, reply, { data: await load() }),
    );
  };

  list('/countries', 'Countries (main market of a site, company address)', CountryListSchema, () =>
    findCountries(db),
  );
  list('/business-types', 'Business types of a company', ReferenceListSchema, () =>
    findBusinessTypes(db),
  );
  list('/niches', 'Niches, which are also the link types of the cart', NicheListSchema, () =>
    findNiches(db),
  );
  list(
    '/site-placement-periods',
    'How long a placed link stays online',
    SitePlacementPeriodListSchema,
    () => findSitePlacementPeriods(db),
  );
  list('/sites/domain-languages', 'Languages of catalogue sites', ReferenceListSchema, () =>
    findDomainLanguages(db),
  );
  list('/sites/website-topics', 'Topics of catalogue sites', ReferenceListSchema, () =>
    findWebsiteTopics(db),
  );
  list(
    '/content-product-plans',
    'Article content plans of a cart line',
    ContentProductPlanListSchema,
    () => findContentProductPlans(db),
  );

  app.get(
    '/top-level-domains',
    {
      schema: {
        tags: ['Reference data'],
        summary: 'Top-level domains; filter[search] keeps those whose title contains the text',
        querystring: TopLevelDomainQuerySchema,
        response: { 200: ReferenceListSchema, 304: NotModifiedSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, {
        data: await findTopLevelDomains(db, request.query.filter?.search || undefined),
      }),
  );
};
