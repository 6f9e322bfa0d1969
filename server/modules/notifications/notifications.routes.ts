import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdateNotificationPreferencesSchema } from '#contract/notifications.ts';
import { NotificationPreferencesSchema } from '#contract/profile.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.put(
    '/profiles/notifications/preferences',
    {
      schema: {
        tags: ['Profile'],
        summary: "Sets the signed-in buyer's notification preferences",
        description:
          'All are required but `link_issues`, which keeps its stored value when left out; any other field is a violation. The order mails, the daily missing-details reminder and the link issue mails follow them.',
        security: [{ bearerAuth: [] }],
        body: UpdateNotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => notifications.setPreferences(principalOf(request).userId, request.body),
  );
};
