// The catalogue worker: the pure catalogue rules off the main thread, through Comlink.
import * as Comlink from 'comlink';

import { type CatalogueApi, catalogueApi } from './catalogue-api.ts';

export type CatalogueWorkerApi = CatalogueApi;

Comlink.expose(catalogueApi);
