// The conversations on order items (decision 213): what the module offers and serves, and the
// recurring mail of the publisher's messages.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { readMultipartForm } from '../files/files.service.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { type ConversationsService, createConversationsService } from './conversations.service.ts';
import { createMessageMailJob, MESSAGE_MAIL_JOB, MESSAGE_MAIL_SCHEDULE } from './message-mails.ts';

declare module '#server/composition.ts' {
  interface Services {
    conversations: ConversationsService;
  }
}

export const conversationsModule: ServerModule = {
  name: 'conversations',
  services: {
    conversations: provide(['db', 'now', 'files'], ({ db, now, files }) =>
      createConversationsService({ db, now, files }),
    ),
  },
  jobs: {
    [MESSAGE_MAIL_JOB]: {
      handler: provide(['db', 'now', 'mail', 'options'], ({ db, now, mail, options }) =>
        createMessageMailJob({ db, now, mail, publicUrl: options.publicUrl }),
      ),
      schedule: provide([], () => MESSAGE_MAIL_SCHEDULE),
    },
  },
  routes: [
    serve(
      'buyer',
      conversationsRoutes,
      provide(['conversations'], ({ conversations }) => ({
        conversations,
        readForm: readMultipartForm,
      })),
    ),
  ],
};
