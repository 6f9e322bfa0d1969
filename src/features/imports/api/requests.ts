import {
  type BuyerDomain,
  type CompetitorGroup,
  IMPORT_STATUS_MAX_IDS,
  type ImportStatusList,
} from '#contract/domains.ts';
import { importEndpoints } from '#contract/imports.ts';
import { apiClient, type UploadProgress } from '#src/lib/api-client.ts';

export interface UploadRequest {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** A domain's referring domains: 202 with the domain and its pending import. */
export function uploadReferents(domainId: string, request: UploadRequest): Promise<BuyerDomain> {
  return apiClient.call(importEndpoints.uploadReferents, {
    params: { id: domainId },
    body: { file: request.file },
    onProgress: request.onProgress,
    signal: request.signal,
  });
}

/** A competitor group's competitors: 202 with the group and its pending import. */
export function uploadCompetitors(
  groupId: string,
  request: UploadRequest,
): Promise<CompetitorGroup> {
  return apiClient.call(importEndpoints.uploadCompetitors, {
    params: { id: groupId },
    body: { file: request.file },
    onProgress: request.onProgress,
    signal: request.signal,
  });
}

/** The statuses of at most IMPORT_STATUS_MAX_IDS imports. */
export function fetchImportStatuses(
  ids: string[],
  signal?: AbortSignal,
): Promise<ImportStatusList> {
  const asked = ids.slice(0, IMPORT_STATUS_MAX_IDS);
  return apiClient.call(importEndpoints.statuses, {
    query: { filter: { ids: asked }, limit: asked.length },
    signal,
  });
}
