import {
  BuyerDomainSchema,
  CompetitorGroupSchema,
  IMPORT_STATUS_MAX_IDS,
  ImportStatusListSchema,
  type BuyerDomain,
  type CompetitorGroup,
  type ImportStatusList,
} from '#contract/domains.ts';
import { apiClient, type UploadProgress } from '#src/lib/api-client.ts';

export interface UploadRequest {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** PUT /v1/buyer/domains/{id}/referents: 202 with the domain and its pending import. */
export function uploadReferents(domainId: string, request: UploadRequest): Promise<BuyerDomain> {
  return apiClient.upload(
    `/v1/buyer/domains/${encodeURIComponent(domainId)}/referents`,
    fileBody(request.file),
    {
      method: 'PUT',
      schema: BuyerDomainSchema,
      onProgress: request.onProgress,
      signal: request.signal,
    },
  );
}

/** PUT /v1/buyer/domains/competitor-groups/{id}/competitors: 202 with the group and its import. */
export function uploadCompetitors(
  groupId: string,
  request: UploadRequest,
): Promise<CompetitorGroup> {
  return apiClient.upload(
    `/v1/buyer/domains/competitor-groups/${encodeURIComponent(groupId)}/competitors`,
    fileBody(request.file),
    {
      method: 'PUT',
      schema: CompetitorGroupSchema,
      onProgress: request.onProgress,
      signal: request.signal,
    },
  );
}

/** GET /v1/imports/statuses for at most IMPORT_STATUS_MAX_IDS ids. */
export function fetchImportStatuses(
  ids: string[],
  signal?: AbortSignal,
): Promise<ImportStatusList> {
  const query = new URLSearchParams();
  for (const id of ids.slice(0, IMPORT_STATUS_MAX_IDS)) query.append('filter[ids][]', id);
  query.set('limit', String(Math.min(ids.length, IMPORT_STATUS_MAX_IDS)));
  return apiClient.request('/v1/imports/statuses', {
    query,
    schema: ImportStatusListSchema,
    signal,
  });
}
