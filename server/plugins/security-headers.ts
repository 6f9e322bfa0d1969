import type { IncomingMessage, ServerResponse } from 'node:http';

import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The policy fits the single-page app: everything from our own origin (the service worker and
 * the app's workers are files of the build), Tailwind needs inline styles, images and fonts may be
 * data URLs, and images blob URLs (an avatar being cropped).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  // The app has no <base> element, so none may be injected to redirect its relative URLs.
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false as const, directives: CONTENT_SECURITY_POLICY },
  // Cross-origin isolation would block the map tiles, flags and avatars the app may embed later.
  crossOriginEmbedderPolicy: false as const,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...HELMET_OPTIONS });
}

let computedHeaders: Readonly<Record<string, string>> | null = null;

/**
 * The headers every answer carries, for the few answers written before Fastify's hooks run (a
 * malformed address, a request the HTTP parser refuses): the same policy, from the same options.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  if (computedHeaders) return computedHeaders;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response, () => undefined);
  computedHeaders = Object.freeze(headers);
  return computedHeaders;
}
