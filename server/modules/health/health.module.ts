// The health check.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { healthRoutes } from './health.routes.ts';

export const healthModule: ServerModule = {
  name: 'health',
  routes: [
    serve(
      'api',
      healthRoutes,
      provide(['db'], ({ db }) => ({ db })),
    ),
  ],
};
