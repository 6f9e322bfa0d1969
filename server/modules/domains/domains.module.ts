// The buyer's domains: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { domainsRoutes } from './domains.routes.ts';
import { createDomainsService, type DomainsService } from './domains.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    domains: DomainsService;
  }
}

export const domainsModule: ServerModule = {
  name: 'domains',
  services: { domains: provide(['db', 'now'], ({ db, now }) => createDomainsService({ db, now })) },
  routes: [
    serve(
      'buyer',
      domainsRoutes,
      provide(['domains'], ({ domains }) => ({ domains })),
    ),
  ],
};
