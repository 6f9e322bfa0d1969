// Reference data (spec §7): public option lists, cacheable for an hour by browsers and proxies,
// with a strong ETag so that a revalidation answers 304 without a body.
import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  REFERENCE_DATA_MAX_AGE_SECONDS,
  referenceDataEndpoints,
} from '#contract/reference-data.ts';
import type { Database } from '#server/db/database.ts';
import { route } from '#server/http/endpoint-route.ts';

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

export async function referenceDataRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const lists = {
    countries: findCountries,
    businessTypes: findBusinessTypes,
    niches: findNiches,
    placements: findSitePlacementPeriods,
    languages: findDomainLanguages,
    topics: findWebsiteTopics,
    contentPlans: findContentProductPlans,
  } as const;
  for (const [name, load] of Object.entries(lists)) {
    const endpoint = referenceDataEndpoints[name as keyof typeof lists];
    route(app, endpoint, async (request, reply) =>
      sendCached(request, reply, { data: await load(db) }),
    );
  }
  route(app, referenceDataEndpoints.tlds, async (request, reply) =>
    sendCached(request, reply, {
      data: await findTopLevelDomains(db, request.query.filter?.search || undefined),
    }),
  );
}
