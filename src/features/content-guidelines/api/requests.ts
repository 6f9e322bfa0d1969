import {
  type ContentGuidelines,
  contentGuidelinesEndpoints as endpoints,
  type ContentGuidelinesInput,
} from '#contract/content-guidelines.ts';
import { fileEndpoints } from '#contract/files.ts';
import { apiClient, apiUrl } from '#src/lib/api-client.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function fetchContentGuidelines(signal?: AbortSignal): Promise<ContentGuidelines> {
  return apiClient.call(endpoints.get, { signal });
}

/** The key makes a repeat of a send whose answer was lost harmless (the outbox resends it). */
export function saveContentGuidelines(
  body: ContentGuidelinesInput,
  idempotencyKey: string,
): Promise<ContentGuidelines> {
  return apiClient.call(endpoints.save, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function uploadGuidelinesFile(file: File): Promise<ContentGuidelines> {
  return apiClient.call(endpoints.uploadFile, { body: { file } });
}

export function removeGuidelinesFile(): Promise<ContentGuidelines> {
  return apiClient.call(endpoints.removeFile, {});
}

/** A short-lived link that opens the stored file in a new tab (decision 042), made absolute. */
export async function fetchFilePreviewUrl(id: string): Promise<string> {
  const body = await apiClient.call(fileEndpoints.preview, { params: { id } });
  return new URL(body.path, new URL(apiUrl('/'), window.location.href)).href;
}
