// Stored files on the wire (spec §3 "File", §7 "Files and imports").
import { z } from 'zod';

import { endpoint, fileResponse } from './endpoint.ts';
import { IdParamsSchema } from './endpoint-schemas.ts';
import { inObject } from './permissions.ts';

/**
 * GET /api/v1/files/{id}/previews: `path` opens the file in a new tab without an Authorization
 * header for a few minutes (a signed link, decision 042); PDF and text show in the tab, other
 * types download. Another user's file, or a missing one, answers 404.
 */
export const FilePreviewSchema = z.object({
  path: z.string().describe('A link that opens the file for a few minutes, without a token'),
});
export type FilePreview = z.infer<typeof FilePreviewSchema>;

/** GET /api/v1/files/{id}/previews/content: the signed link's expiry and signature. */
export const PreviewQuerySchema = z.strictObject({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(128),
});

/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 300;

/** A stored file's bytes, under the content type it was stored with. */
const storedFile = fileResponse(['*/*'], 'The file, under the content type it was stored with');

export const fileEndpoints = {
  preview: endpoint({
    method: 'GET',
    path: '/v1/files/{id}/previews',
    permission: inObject('account'),
    access: 'buyer',
    tags: ['Files'],
    summary:
      'A short-lived link that opens one of the caller’s files (or a company document) in a new tab',
    description: `The path works without an Authorization header for ${PREVIEW_TTL_SECONDS} seconds. PDF and text files open in the tab; other types download.`,
    params: IdParamsSchema,
    status: 200,
    response: FilePreviewSchema,
    errors: [400, 401, 403, 404],
  }),
  /** The bytes, never a description of the file: its name is in Content-Disposition. */
  download: endpoint({
    method: 'GET',
    path: '/v1/files/{id}',
    permission: inObject('account'),
    access: 'buyer',
    tags: ['Files'],
    summary: 'Downloads one of the caller’s files or a document of the caller’s company',
    params: IdParamsSchema,
    status: 200,
    response: storedFile,
    errors: [400, 401, 403, 404],
  }),
  /** Public: a link opened in a new tab carries no token; its signature names file and owner. */
  previewContent: endpoint({
    method: 'GET',
    path: '/v1/files/{id}/previews/content',
    access: 'public',
    tags: ['Files'],
    summary: 'Opens a file through a preview link',
    params: IdParamsSchema,
    query: PreviewQuerySchema,
    status: 200,
    response: storedFile,
    errors: [400, 404],
  }),
};
