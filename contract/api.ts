// Every endpoint declared in the contract (decision 183), for the server's check that each one has
// a handler. The app imports a feature's endpoints from its own contract file, never this list,
// so a screen's code carries only the schemas it uses.
import type { Endpoint } from './endpoint.ts';
import { authEndpoints } from './auth.ts';
import { domainEndpoints } from './domains.ts';
import { publicAuthEndpoints } from './public-auth.ts';
import { savedViewEndpoints } from './saved-views.ts';
import { sessionEndpoints } from './sessions.ts';
import { strategyRequestEndpoints } from './strategy-requests.ts';

export const declaredEndpoints: readonly Endpoint[] = [
  ...Object.values(savedViewEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(publicAuthEndpoints),
  ...Object.values(sessionEndpoints),
  ...Object.values(domainEndpoints),
  ...Object.values(strategyRequestEndpoints),
];
