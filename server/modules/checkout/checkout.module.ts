// Placing an order: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';
import { DEFAULT_ENV } from '#server/env.ts';

import { checkoutRoutes } from './checkout.routes.ts';
import { type CheckoutService, createCheckoutService } from './checkout.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    checkout: CheckoutService;
  }
}

export const checkoutModule: ServerModule = {
  name: 'checkout',
  services: {
    checkout: provide(
      ['db', 'now', 'options', 'orderNotifier', 'documents', 'payee'],
      ({ db, now, options, orderNotifier, documents, payee }) =>
        createCheckoutService({
          db,
          now,
          seller: options.vat ?? {
            countryCode: DEFAULT_ENV.sellerCountry,
            rateBasisPoints: DEFAULT_ENV.vatRateBasisPoints,
          },
          notifier: orderNotifier,
          documents,
          payee,
        }),
    ),
  },
  routes: [
    serve(
      'buyer',
      checkoutRoutes,
      provide(['checkout'], ({ checkout }) => ({ checkout })),
    ),
  ],
};
