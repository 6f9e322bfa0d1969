// The imports worker: reads an uploaded domain list off the main thread, through Comlink. Kept
// apart from the catalogue worker so papaparse loads only when a buyer opens an uploader.
import * as Comlink from 'comlink';

import { type ImportsApi, importsApi } from './imports-api.ts';

export type ImportsWorkerApi = ImportsApi;

Comlink.expose(importsApi);
