// The reference lists (countries, languages, niches, plans...) and country flags.
import { provide, serve, type ServerModule } from '#server/composition.ts';

import { flagRoutes } from './flags.routes.ts';
import { referenceDataRoutes } from './reference-data.routes.ts';

export const referenceDataModule: ServerModule = {
  name: 'reference-data',
  routes: [
    serve(
      'common',
      referenceDataRoutes,
      provide(['db'], ({ db }) => ({ db })),
    ),
    serve(
      'common',
      flagRoutes,
      provide([], () => ({})),
    ),
  ],
};
