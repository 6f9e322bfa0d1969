import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy fits the single-page app: everything from our own origin, the service worker may
 * spawn blob workers, Tailwind needs inline styles, images and fonts may be data URLs. The app has
 * no <base> element, so none may be injected to redirect its relative URLs.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Cross-origin isolation would block the map tiles, flags and avatars the app may embed later.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (isApi(pathname)) {
      // API answers hold one buyer's data: no cache may keep them, unless a route chose to make
      // its answer cacheable (reference data with its ETag, avatars, flags); errors never are.
      if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
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
