import type { ImportKind, ImportStatus } from '#contract/domains.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import type { UploadProgress } from '#src/lib/api-client.ts';

import { uploadCompetitors, uploadReferents } from './api/requests.ts';

/** What an upload fills: a domain's referring domains, or a competitor group's competitors. */
export type ImportTarget =
  | { kind: 'referents'; domainId: string; hostname: string }
  | { kind: 'competitors'; groupId: string; groupName: string; hostname: string };

export interface UploadedImport {
  fileId: string | null;
  importStatus: ImportStatus | null;
}

export async function uploadImportFile(
  target: ImportTarget,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<UploadedImport> {
  if (target.kind === 'referents') {
    const domain = await uploadReferents(target.domainId, { file, ...options });
    return { fileId: domain.referents_file?.id ?? null, importStatus: domain.import_status };
  }
  const group = await uploadCompetitors(target.groupId, { file, ...options });
  return { fileId: group.competitors_file?.id ?? null, importStatus: group.import_status };
}

export function importKindLabel(kind: ImportKind): string {
  return kind === 'referents' ? 'referring domains' : 'competitors';
}

/** Names what an upload fills, for the toast that announces its outcome. */
export function importSubject(target: ImportTarget): string {
  return target.kind === 'referents'
    ? hostnameToUnicode(target.hostname)
    : `${target.groupName} of ${hostnameToUnicode(target.hostname)}`;
}
