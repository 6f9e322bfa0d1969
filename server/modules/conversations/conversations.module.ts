// The conversations on order items (decision 213): what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { conversationsRoutes } from './conversations.routes.ts';
import { type ConversationsService, createConversationsService } from './conversations.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    conversations: ConversationsService;
  }
}

export const conversationsModule: ServerModule = {
  name: 'conversations',
  services: {
    conversations: provide(['db', 'now'], ({ db, now }) => createConversationsService({ db, now })),
  },
  routes: [
    serve(
      'buyer',
      conversationsRoutes,
      provide(['conversations'], ({ conversations }) => ({ conversations })),
    ),
  ],
};
