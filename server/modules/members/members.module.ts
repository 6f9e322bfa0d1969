// Members, invitations and the audit log: what the module offers and serves (decision 189).
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { createInvitationThrottle, DEFAULT_INVITATION_LIMITS } from './invitation-throttle.ts';
import { membersRoutes, publicInvitationRoutes } from './members.routes.ts';
import { createMembersService, type MembersService } from './members.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    members: MembersService;
  }
}

export const membersModule: ServerModule = {
  name: 'members',
  services: {
    members: provide(['db', 'now', 'mail', 'auth', 'options'], ({ db, now, mail, auth, options }) =>
      createMembersService({
        db,
        now,
        mail,
        auth,
        publicUrl: options.publicUrl,
        throttle: createInvitationThrottle(db, now, DEFAULT_INVITATION_LIMITS),
      }),
    ),
  },
  routes: [
    serve(
      'buyer',
      membersRoutes,
      provide(['members'], ({ members }) => ({ members })),
    ),
    serve(
      'public',
      publicInvitationRoutes,
      provide(['members'], ({ members }) => ({ members })),
    ),
  ],
};
