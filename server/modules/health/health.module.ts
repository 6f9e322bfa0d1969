// The health routes: `/api/health` as before, and the probes `/livez` and `/readyz` at the root
// (decision 199). Readiness is the list of checks below, then any the app's options add.
import { buildInfo } from '#server/build-info.ts';
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { healthRoutes, probeRoutes } from './health.routes.ts';
import {
  createReadiness,
  databaseCheck,
  fileStoreCheck,
  migrationsCheck,
  type ReadinessState,
} from './health.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    readiness: ReadinessState;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and the drain: `readiness.drain()` on SIGTERM turns `/readyz` to 503. */
    readiness: ReadinessState;
  }
}

export const healthModule: ServerModule = {
  name: 'health',
  services: {
    readiness: provide(['db', 'files', 'options'], ({ db, files, options }) =>
      createReadiness({
        checks: [
          databaseCheck(db),
          migrationsCheck(db),
          fileStoreCheck(files),
          ...(options.readinessChecks ?? []),
        ],
        build: options.build ?? buildInfo(undefined),
      }),
    ),
  },
  setup: provide(['readiness'], ({ readiness }) => (app) => {
    app.decorate('readiness', readiness);
  }),
  routes: [
    serve(
      'api',
      healthRoutes,
      provide(['db'], ({ db }) => ({ db })),
    ),
    serve(
      'root',
      probeRoutes,
      provide(['readiness', 'options'], ({ readiness, options }) => ({
        readiness,
        build: options.build ?? buildInfo(undefined),
      })),
    ),
  ],
};
