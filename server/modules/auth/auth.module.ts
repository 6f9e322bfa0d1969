// Sign-in, tokens and sessions: what the module offers and serves (decision 189).
import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';

import { type AccessTokens, createAccessTokens } from './access-tokens.ts';
import { authRoutes } from './auth.routes.ts';
import { type AuthService, createAuthService } from './auth.service.ts';
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS, type LoginThrottle } from './login-throttle.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { createSessionsService, type SessionsService } from './sessions.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    sessions: SessionsService;
    /** Signs and checks access tokens; the signed-in scopes' guard uses it. */
    tokens: AccessTokens;
    /** Limits wrong passwords per account and address (sign-in and password changes). */
    loginThrottle: LoginThrottle;
    auth: AuthService;
  }
}

const idleDaysOf = (options: { refreshTokenIdleDays?: number }) =>
  options.refreshTokenIdleDays ?? DEFAULT_ENV.refreshTokenIdleDays;

export const authModule: ServerModule = {
  name: 'auth',
  services: {
    sessions: provide(['db', 'now', 'options'], ({ db, now, options }) =>
      createSessionsService({ db, now, idleDays: idleDaysOf(options) }),
    ),
    tokens: provide(['now', 'options', 'sessions'], ({ now, options, sessions }) =>
      createAccessTokens({
        secrets: options.jwtSecret,
        ttlSeconds: options.accessTokenTtlSeconds ?? DEFAULT_ENV.accessTokenTtlSeconds,
        now,
        isSessionActive: sessions.isActive,
      }),
    ),
    loginThrottle: provide(['db', 'now', 'options'], ({ db, now, options }) =>
      createLoginThrottle(db, now, { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }),
    ),
    auth: provide(
      ['db', 'now', 'options', 'logger', 'tokens', 'loginThrottle'],
      ({ db, now, options, logger, tokens, loginThrottle }) =>
        createAuthService({
          db,
          tokens,
          throttle: loginThrottle,
          now,
          idleDays: idleDaysOf(options),
          securityLog: ({ event, userId, address }) =>
            logger.warn({ event, user_id: userId ?? null, address }, 'Security event'),
        }),
    ),
  },
  routes: [
    serve(
      'api',
      authRoutes,
      provide(['auth'], ({ auth }) => ({ auth })),
    ),
    serve(
      'commonSignedIn',
      sessionsRoutes,
      provide(['sessions'], ({ sessions }) => ({ sessions })),
    ),
  ],
};
