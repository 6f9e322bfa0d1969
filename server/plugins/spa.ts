// Serves the built single-page app (the Vite output) next to the API. Hashed files under
// /assets are cached for good; everything else (index.html, sw.js, the manifest, icons) is
// revalidated on each use so a new release is picked up at once. Client-side routes answer with
// index.html, or a sign-in page with its own copy that also preloads the page's scripts
// (decision 151); unknown /api paths, and everything when no build exists, answer with a JSON 404.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { routePageFile } from '../../tools/route-page-file.ts';
import { sendNotFound } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function registerSpa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const root = staticDir && isDirectory(staticDir) ? path.resolve(staticDir) : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // The build writes .br and .gz beside each text asset (decision 100): sent as they are,
      // with Content-Encoding and Vary, and never compressed again.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const relative = path.relative(root, filePath).split(path.sep).join('/');
        response.setHeader(
          'cache-control',
          relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
        );
        // The same address answers brotli, gzip or plain bytes: caches must keep them apart.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!root || !isClientRoute(request) || !existsSync(path.join(root, 'index.html'))) {
      return sendNotFound(reply);
    }
    return reply.header('cache-control', REVALIDATE).sendFile(pageFile(root, request));
  });
}

/** The build's own copy of index.html for the address (`/login` → routes/login.html), if any. */
function pageFile(root: string, request: FastifyRequest): string {
  const pathname = request.url.split('?', 1)[0] ?? '';
  const name = /^\/([a-z][a-z-]{0,40})\/?$/.exec(pathname)?.[1];
  const file = name ? routePageFile(name) : null;
  return file && existsSync(path.join(root, file)) ? file : 'index.html';
}

/** A browser navigation to an app route: GET/HEAD, accepts HTML, not /api, not a file name. */
function isClientRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !path.posix.extname(pathname) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
