// Purchase requests over a Buyer's monthly limit: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { purchaseRequestsRoutes } from './purchase-requests.routes.ts';
import {
  createPurchaseRequestsService,
  type PurchaseRequestsService,
} from './purchase-requests.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    purchaseRequests: PurchaseRequestsService;
  }
}

export const purchaseRequestsModule: ServerModule = {
  name: 'purchase-requests',
  services: {
    purchaseRequests: provide(
      ['db', 'now', 'mail', 'checkout', 'options'],
      ({ db, now, mail, checkout, options }) =>
        createPurchaseRequestsService({ db, now, mail, checkout, publicUrl: options.publicUrl }),
    ),
  },
  routes: [
    serve(
      'buyer',
      purchaseRequestsRoutes,
      provide(['purchaseRequests'], ({ purchaseRequests }) => ({ purchaseRequests })),
    ),
  ],
};
