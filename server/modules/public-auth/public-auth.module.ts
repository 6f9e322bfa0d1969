// Registration, e-mail confirmation and password reset: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { createMailThrottle, DEFAULT_MAIL_REQUEST_LIMITS } from './mail-throttle.ts';
import { publicAuthRoutes } from './public-auth.routes.ts';
import { createPublicAuthService, type PublicAuthService } from './public-auth.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    publicAuth: PublicAuthService;
  }
}

export const publicAuthModule: ServerModule = {
  name: 'public-auth',
  services: {
    publicAuth: provide(['db', 'mail', 'now', 'options'], ({ db, mail, now, options }) =>
      createPublicAuthService({
        db,
        mail,
        now,
        publicUrl: options.publicUrl,
        throttle: createMailThrottle(db, now, {
          ...DEFAULT_MAIL_REQUEST_LIMITS,
          ...options.mailRequestLimits,
        }),
      }),
    ),
  },
  routes: [
    serve(
      'public',
      publicAuthRoutes,
      provide(['publicAuth'], ({ publicAuth }) => ({ publicAuth })),
    ),
  ],
};
