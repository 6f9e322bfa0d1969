// Free strategy requests: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';

import { strategyRequestsRoutes } from './strategy-requests.routes.ts';
import {
  createStrategyRequestsService,
  type StrategyRequestsService,
} from './strategy-requests.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    strategyRequests: StrategyRequestsService;
  }
}

export const strategyRequestsModule: ServerModule = {
  name: 'strategy-requests',
  services: {
    strategyRequests: provide(['db', 'now', 'mail', 'options'], ({ db, now, mail, options }) =>
      createStrategyRequestsService({
        db,
        now,
        mail,
        salesEmail: options.salesEmail ?? DEFAULT_ENV.salesEmail,
        publicUrl: options.publicUrl,
      }),
    ),
  },
  routes: [
    serve(
      'buyer',
      strategyRequestsRoutes,
      provide(['strategyRequests'], ({ strategyRequests }) => ({ strategyRequests })),
    ),
  ],
};
