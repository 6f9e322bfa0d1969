// Users' pictures: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { avatarsRoutes } from './avatars.routes.ts';
import { type AvatarsService, createAvatarsService } from './avatars.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    avatars: AvatarsService;
  }
}

export const avatarsModule: ServerModule = {
  name: 'avatars',
  services: {
    avatars: provide(['db', 'files', 'jobs'], ({ db, files, jobs }) =>
      createAvatarsService({ db, files, jobs }),
    ),
  },
  routes: [
    serve(
      'commonSignedIn',
      avatarsRoutes,
      provide(['avatars'], ({ avatars }) => ({ avatars })),
    ),
  ],
};
