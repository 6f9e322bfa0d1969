import type { FastifyInstance } from 'fastify';

import { notificationEndpoints as endpoints } from '#contract/notifications.ts';
import { route } from '#server/http/endpoint-route.ts';
import { membershipsOf } from '#server/http/member-access.ts';
import { principalOf } from '#server/plugins/auth.ts';

import type { NotificationsService } from './notifications.service.ts';

export async function notificationsRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): Promise<void> {
  route(app, endpoints.setPreferences, async (request) => {
    const memberships = await membershipsOf(request);
    const current = memberships.find((membership) => membership.isCurrent) ?? memberships[0];
    return notifications.setPreferences(
      principalOf(request).userId,
      request.body,
      current?.role ?? 'viewer',
    );
  });
}
