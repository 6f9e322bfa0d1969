// The buyer's profile: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { profileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileService } from './profile.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    profile: ProfileService;
  }
}

export const profileModule: ServerModule = {
  name: 'profile',
  services: { profile: provide(['db'], ({ db }) => createProfileService({ db })) },
  routes: [
    serve(
      'buyer',
      profileRoutes,
      provide(['profile'], ({ profile }) => ({ profile })),
    ),
  ],
};
