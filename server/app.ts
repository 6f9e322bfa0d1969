// The application factory: builds the Fastify instance with every plugin and route. The process
// entry (index.ts) and the tests both create the app through it.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_TTL_SECONDS } from '../contract/constants.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import { validatorCompiler } from './http/validation.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import {
  createLoginThrottle,
  DEFAULT_LOGIN_LIMITS,
  type LoginLimits,
} from './modules/auth/login-throttle.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { publicAuthRoutes } from './modules/public-auth/public-auth.routes.ts';
import { createPublicAuthService } from './modules/public-auth/public-auth.service.ts';
import { decoratePrincipal, requireRole } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppOptions {
  db: Database;
  /** Key of the HS256 access tokens. */
  jwtSecret: string;
  mailer: Mailer;
  /** Origin of the web app, used in the links of mails. */
  publicUrl: string;
  /** The built web app to serve; null or a missing directory serves no files. */
  staticDir?: string | null;
  accessTokenTtlSeconds?: number;
  now?: Clock;
  loginLimits?: Partial<LoginLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-For (behind a load balancer) for the client address of login limits. */
  trustProxy?: boolean;
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);
  registerErrorHandler(app);
  decoratePrincipal(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await registerRoutes(app, createServices(options), options.db);
  await registerSpa(app, options.staticDir ?? null);
  return app;
}

type Services = ReturnType<typeof createServices>;

function createServices(options: AppOptions) {
  const { db } = options;
  const now = options.now ?? systemClock;
  const tokens = createAccessTokens({
    secret: options.jwtSecret,
    ttlSeconds: options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    now,
  });
  const throttle = createLoginThrottle(db, now, {
    ...DEFAULT_LOGIN_LIMITS,
    ...options.loginLimits,
  });
  return {
    tokens,
    auth: createAuthService({ db, tokens, throttle, now }),
    publicAuth: createPublicAuthService({
      db,
      mailer: options.mailer,
      now,
      publicUrl: options.publicUrl,
    }),
    profile: createProfileService({ db }),
    domains: createDomainsService({ db }),
  };
}

async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  db: Database,
): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api', db });
  await app.register(authRoutes, { prefix: '/api', auth: services.auth });
  await app.register(publicAuthRoutes, {
    prefix: '/api/v1/public',
    publicAuth: services.publicAuth,
  });
  await app.register(
    async (buyer) => {
      buyer.addHook('onRequest', requireRole(services.tokens, 'ROLE_BUYER'));
      await buyer.register(profileRoutes, { profile: services.profile });
      await buyer.register(domainsRoutes, { domains: services.domains });
    },
    { prefix: '/api/v1/buyer' },
  );
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
