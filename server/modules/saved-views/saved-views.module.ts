// Saved filters and layouts: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { savedViewsRoutes } from './saved-views.routes.ts';
import { createSavedViewsService, type SavedViewsService } from './saved-views.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    savedViews: SavedViewsService;
  }
}

export const savedViewsModule: ServerModule = {
  name: 'saved-views',
  services: {
    savedViews: provide(['db', 'now'], ({ db, now }) => createSavedViewsService({ db, now })),
  },
  routes: [
    serve(
      'buyer',
      savedViewsRoutes,
      provide(['savedViews'], ({ savedViews }) => ({ savedViews })),
    ),
  ],
};
