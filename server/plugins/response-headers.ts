// Headers set on every answer once it is known (decision 103): the request id, no caching of API
// answers, and no referrer from the pages and calls whose address carries a one-time token.
import type { FastifyInstance } from 'fastify';

/**
 * Pages and calls whose address carries a one-time token (password reset, registration and
 * e-mail-change confirmation): their address is never sent on as a referrer.
 */
export const NO_REFERRER_PAGES = [
  '/passwords-resets',
  '/registrations-confirmations',
  '/email-changes-confirmations',
];
export const NO_REFERRER_API_PREFIXES = [
  '/api/v1/public/passwords/resets/',
  '/api/v1/public/registrations/confirmations/',
  '/api/v1/public/email-changes/confirmations/',
];

export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    const pathname = request.url.split('?', 1)[0] ?? '';
    // API answers hold one buyer's data: no cache may keep them, unless a route chose to make its
    // answer cacheable (reference data with its ETag, avatars, flags); errors never are.
    if (isApi(pathname) && (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    if (carriesToken(pathname)) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function carriesToken(pathname: string): boolean {
  return (
    NO_REFERRER_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`)) ||
    NO_REFERRER_API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}
