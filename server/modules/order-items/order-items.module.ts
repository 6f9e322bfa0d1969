// Order items, their life cycle and the order mails: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { readMultipartForm, storeFile } from '../files/files.service.ts';
import { orderItemsRoutes } from './order-items.routes.ts';
import {
  createLifeCycleService,
  createOrderItemsService,
  createOrderNotifier,
  type LifeCycleService,
  type OrderItemsService,
  type OrderNotifier,
} from './order-items.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    /** Queues the order mails (placed, topic or article ready, link published, credit note). */
    orderNotifier: OrderNotifier;
    /** Applies the life cycle's events to order items (decision 040). */
    lifeCycle: LifeCycleService;
    orderItems: OrderItemsService;
  }
}

export const orderItemsModule: ServerModule = {
  name: 'order-items',
  services: {
    orderNotifier: provide(['mail', 'options'], ({ mail, options }) =>
      createOrderNotifier({ mail, publicUrl: options.publicUrl }),
    ),
    lifeCycle: provide(
      ['db', 'now', 'orderNotifier', 'documents', 'linkSettings', 'linkMonitor', 'conversations'],
      ({ db, now, orderNotifier, documents, linkSettings, linkMonitor, conversations }) =>
        createLifeCycleService({
          db,
          now,
          notifier: orderNotifier,
          documents,
          onItemsChanged: async (tx, changes) => {
            // Each change is an event of its item's conversation (decision 213); link monitoring
            // starts and pauses with the items' statuses (decision 143).
            await conversations.itemsChanged(tx, changes);
            if (linkSettings.isEnabled) await linkMonitor.itemsChanged(tx, changes);
          },
        }),
    ),
    orderItems: provide(
      ['db', 'now', 'lifeCycle', 'orders', 'files'],
      ({ db, now, lifeCycle, orders, files }) =>
        createOrderItemsService({
          db,
          now,
          lifeCycle,
          orders,
          storeFile,
          files,
        }),
    ),
  },
  routes: [
    serve(
      'buyer',
      orderItemsRoutes,
      provide(['orderItems'], ({ orderItems }) => ({
        items: orderItems,
        readForm: readMultipartForm,
      })),
    ),
  ],
};
