// Notification preferences and the daily missing-details reminder: what the module offers,
// handles and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import {
  createMissingDetailsJob,
  MISSING_DETAILS_JOB,
  MISSING_DETAILS_SCHEDULE,
} from './missing-details-reminder.job.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    notifications: NotificationsService;
  }
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  services: { notifications: provide(['db'], ({ db }) => createNotificationsService({ db })) },
  jobs: {
    [MISSING_DETAILS_JOB]: {
      handler: provide(['db', 'mail', 'now', 'options'], ({ db, mail, now, options }) =>
        createMissingDetailsJob({ db, mail, now, publicUrl: options.publicUrl }),
      ),
      schedule: provide([], () => MISSING_DETAILS_SCHEDULE),
    },
  },
  routes: [
    serve(
      'buyer',
      notificationsRoutes,
      provide(['notifications'], ({ notifications }) => ({ notifications })),
    ),
  ],
};
