// The catalogue: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { sitesRoutes } from './sites.routes.ts';
import { createSitesService, type SitesService } from './sites.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    sites: SitesService;
  }
}

export const sitesModule: ServerModule = {
  name: 'sites',
  services: { sites: provide(['db'], ({ db }) => createSitesService({ db })) },
  routes: [
    serve(
      'buyer',
      sitesRoutes,
      provide(['sites'], ({ sites }) => ({ sites })),
    ),
  ],
};
