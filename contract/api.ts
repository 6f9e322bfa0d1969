// Every endpoint declared in the contract (decision 183), for the server's check that each one has
// a handler. The app imports a feature's endpoints from its own contract file, never this list,
// so a screen's code carries only the schemas it uses.
import type { Endpoint } from './endpoint.ts';
import { savedViewEndpoints } from './saved-views.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { siteDetailEndpoints } from './site-detail.ts';
import { favoriteEndpoints } from './favorites.ts';
import { referenceDataEndpoints } from './reference-data.ts';

export const declaredEndpoints: readonly Endpoint[] = [
  ...Object.values(savedViewEndpoints),
  ...Object.values(catalogueEndpoints),
  ...Object.values(siteDetailEndpoints),
  ...Object.values(favoriteEndpoints.marks.favorites),
  ...Object.values(favoriteEndpoints.marks.blacklists),
  ...[favoriteEndpoints.items, favoriteEndpoints.replaceItems],
  ...Object.values(referenceDataEndpoints),
];
