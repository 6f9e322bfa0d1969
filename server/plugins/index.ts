// The plugins every answer goes through, in the order they apply: the readable request log, the
// warning of an untrusted proxy, JSON bodies, the error format, the caller, security and response
// headers, compression, the overload guard and the API documents.
import type { FastifyInstance } from 'fastify';

import type { AppOptions } from '../app-options.ts';
import { DEFAULT_ENV } from '../env.ts';
import { decoratePrincipal } from './auth.ts';
import { registerCompression } from './compression.ts';
import { registerErrorHandler } from './errors.ts';
import { warnOfUntrustedForwarding } from './forwarded-for.ts';
import { registerOpenApi } from './openapi.ts';
import { registerOverloadGuard } from './overload.ts';
import { registerResponseHeaders } from './response-headers.ts';
import { registerSecurityHeaders } from './security-headers.ts';

export async function registerPlugins(app: FastifyInstance, options: AppOptions): Promise<void> {
  if (options.quietRequests) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    });
  }
  warnOfUntrustedForwarding(app, options.trustProxy ?? DEFAULT_ENV.trustProxy);
  acceptEmptyJsonBodies(app);
  registerErrorHandler(app);
  decoratePrincipal(app);
  await registerSecurityHeaders(app);
  registerResponseHeaders(app);
  await registerCompression(app);
  if (options.overload) await registerOverloadGuard(app, options.overload);
  // The API documents are served only when asked for (API_DOCS): not in production by default.
  if (options.apiDocs) await registerOpenApi(app);
}

/** Calls without a body (e.g. a confirmation POST) may still say Content-Type: application/json. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
