// The buyer's orders: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    orders: OrdersService;
  }
}

export const ordersModule: ServerModule = {
  name: 'orders',
  services: {
    orders: provide(['db', 'payee'], ({ db, payee }) => createOrdersService({ db, payee })),
  },
  routes: [
    serve(
      'buyer',
      ordersRoutes,
      provide(['orders'], ({ orders }) => ({ orders })),
    ),
  ],
};
