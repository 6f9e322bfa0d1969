// What the catalogue worker offers: TLD reduction and filter serialisation from the contract.
// The same object runs on the main thread where workers are unavailable.
import {
  parseFilterState,
  serializeFilterState,
  serverQueryString,
  toServerQuery,
} from '#contract/filter-state.ts';
import { reduceTld } from '#contract/tld.ts';

export const catalogueApi = {
  reduceTld,
  parseFilterState,
  serializeFilterState,
  toServerQuery,
  serverQueryString,
};

export type CatalogueApi = typeof catalogueApi;
