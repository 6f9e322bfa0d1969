// Country flags as SVG images (spec §2 "Main country shows a flag"): GET /api/v1/common/flags/{code}.svg
// for an ISO 3166-1 alpha-2 code. Served one at a time so a page loads only the flags it shows;
// a flag never changes, so browsers and the service worker keep it for a week.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { referenceDataEndpoints } from '#contract/reference-data.ts';
import { route } from '#server/http/endpoint-route.ts';
import { sendNotFound } from '#server/plugins/errors.ts';

const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags',
  '4x3',
);
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export async function flagRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, string | null>();

  async function flagOf(code: string): Promise<string | null> {
    if (cache.has(code)) return cache.get(code) ?? null;
    const svg = await readFile(path.join(FLAGS_DIR, `${code}.svg`), 'utf8').catch(() => null);
    cache.set(code, svg);
    return svg;
  }

  route(app, referenceDataEndpoints.flag, async (request, reply) => {
    const code = request.params.file.slice(0, 2).toLowerCase();
    const svg = await flagOf(code);
    if (!svg) return sendNotFound(reply);
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
