// Country flags as SVG images (spec §2 "Main country shows a flag"): GET /api/v1/common/flags/{code}.svg
// for an ISO 3166-1 alpha-2 code. Served one at a time so a page loads only the flags it shows;
// a flag never changes, so browsers and the service worker keep it for a week.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#server/http/responses.ts';
import { sendNotFound } from '#server/plugins/errors.ts';

const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags',
  '4x3',
);
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const FlagParamsSchema = z.object({
  file: z.string().regex(/^[a-zA-Z]{2}\.svg$/, 'Expected a two-letter country code and .svg'),
});

export const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<string, string | null>();

  async function flagOf(code: string): Promise<string | null> {
    if (cache.has(code)) return cache.get(code) ?? null;
    const svg = await readFile(path.join(FLAGS_DIR, `${code}.svg`), 'utf8').catch(() => null);
    cache.set(code, svg);
    return svg;
  }

  app.get(
    '/flags/:file',
    {
      schema: {
        tags: ['Reference data'],
        summary: 'The flag of a country as an SVG image',
        params: FlagParamsSchema,
        produces: ['image/svg+xml'],
        response: { 200: z.string().describe('The SVG image'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const code = request.params.file.slice(0, 2).toLowerCase();
      const svg = await flagOf(code);
      if (!svg) return sendNotFound(reply);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
};
