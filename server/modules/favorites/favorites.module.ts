// Favourite and blacklisted sites and favourite filters: what the module offers and serves.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { favoritesRoutes } from './favorites.routes.ts';
import { createFavoritesService, type FavoritesService } from './favorites.service.ts';

declare module '#server/composition.ts' {
  interface Services {
    favorites: FavoritesService;
  }
}

export const favoritesModule: ServerModule = {
  name: 'favorites',
  services: {
    favorites: provide(['db', 'sites'], ({ db, sites }) => createFavoritesService({ db, sites })),
  },
  routes: [
    serve(
      'buyer',
      favoritesRoutes,
      provide(['favorites'], ({ favorites }) => ({ favorites })),
    ),
  ],
};
