// The shopping cart: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { cartRoutes } from './cart.routes.ts';
import { type CartService, createCartService } from './cart.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    cart: CartService;
  }
}

export const cartModule: ServerModule = {
  name: 'cart',
  services: { cart: provide(['db', 'now'], ({ db, now }) => createCartService({ db, now })) },
  routes: [
    serve(
      'buyer',
      cartRoutes,
      provide(['cart'], ({ cart }) => ({ cart })),
    ),
  ],
};
