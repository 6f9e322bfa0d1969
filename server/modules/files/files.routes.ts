// Downloads of stored files: exports and uploads to their owner only; company documents (invoices
// and credit notes, decision 043) to every user with an account in the company. Anyone else gets
// the same 404 as for a missing file, so file ids reveal nothing. A preview (spec §7: a path opened in a new
// tab, which carries no Authorization header) is a short-lived signed link (decision 042).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, exists, isNotNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FilePreviewSchema } from '#contract/files.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { accounts, files } from '#server/db/schema/index.ts';
import { notFound } from '#server/http/api-error.ts';
import { DOWNLOAD_SECURITY_HEADERS } from '#server/http/attachment.ts';
import { errorResponses } from '#server/http/responses.ts';
import { principalOf } from '#server/plugins/auth.ts';

const IdParamsSchema = z.object({ id: z.uuid() });
const FileBodySchema = z.unknown().describe('The file, as an attachment');
const PreviewQuerySchema = z.strictObject({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(128),
});

/** How long a preview link works. */
export const PREVIEW_TTL_SECONDS = 300;
/** Types a browser may show in the tab; anything else is downloaded. */
const INLINE_TYPES = /^(application\/pdf|text\/plain)(;|$)/;

/** `attachment` with a plain ASCII name and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface FileRouteOptions {
  db: Database;
  dataDir: string;
  jwtSecret: string;
  now: Clock;
}

function previewSignature(secret: string, fileId: string, ownerId: string, expires: number) {
  return createHmac('sha256', secret)
    .update(`file-preview:${fileId}:${ownerId}:${expires}`)
    .digest('base64url');
}

/**
 * The stored file's row and where its bytes are; null when either is missing or the user (when
 * given) may not read it: the owner may, and for a company document any user of the company.
 */
async function locate(db: Database, dataDir: string, fileId: string, userId: string | null) {
  const [file] = await db
    .select()
    .from(files)
    .where(
      userId === null
        ? eq(files.id, fileId)
        : and(
            eq(files.id, fileId),
            or(
              eq(files.ownerUserId, userId),
              and(
                isNotNull(files.companyId),
                exists(
                  db
                    .select({ one: accounts.id })
                    .from(accounts)
                    .where(
                      and(eq(accounts.userId, userId), eq(accounts.companyId, files.companyId)),
                    ),
                ),
              ),
            ),
          ),
    );
  if (!file) return null;
  const root = path.join(dataDir, 'files');
  const location = path.resolve(root, file.storagePath);
  if (!location.startsWith(`${path.resolve(root)}${path.sep}`)) return null;
  try {
    await access(location);
  } catch {
    return null;
  }
  return { file, location };
}

export const filesRoutes: FastifyPluginAsyncZod<FileRouteOptions> = async (
  app,
  { db, dataDir, jwtSecret, now },
) => {
  app.get(
    '/files/:id/previews',
    {
      schema: {
        tags: ['Files'],
        summary:
          'A short-lived link that opens one of the caller’s files (or a company document) in a new tab',
        description: `The path works without an Authorization header for ${PREVIEW_TTL_SECONDS} seconds. PDF and text files open in the tab; other types download.`,
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: FilePreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await locate(db, dataDir, request.params.id, principalOf(request).userId);
      if (!found) throw notFound();
      const expires = Math.floor(now().getTime() / 1000) + PREVIEW_TTL_SECONDS;
      // Signed for the file's owner: a company document's link works for whichever buyer asked.
      const signature = previewSignature(jwtSecret, found.file.id, found.file.ownerUserId, expires);
      return {
        path: `/api/v1/files/${found.file.id}/previews/content?expires=${expires}&signature=${signature}`,
      };
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['Files'],
        summary: 'Downloads one of the caller’s files or a document of the caller’s company',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: FileBodySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await locate(db, dataDir, request.params.id, principalOf(request).userId);
      if (!found) throw notFound();
      const { file, location } = found;
      return reply
        .type(file.mimeType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('content-length', String(file.sizeBytes))
        .header('cache-control', 'private, no-store')
        .headers(DOWNLOAD_SECURITY_HEADERS)
        .send(createReadStream(location));
    },
  );
};

/** The signed preview link itself: no token, the signature names the file, owner and expiry. */
export const filePreviewRoutes: FastifyPluginAsyncZod<FileRouteOptions> = async (
  app,
  { db, dataDir, jwtSecret, now },
) => {
  app.get(
    '/files/:id/previews/content',
    {
      schema: {
        tags: ['Files'],
        summary: 'Opens a file through a preview link',
        params: IdParamsSchema,
        querystring: PreviewQuerySchema,
        response: { 200: FileBodySchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      if (expires < now().getTime() / 1000) throw notFound();
      const found = await locate(db, dataDir, request.params.id, null);
      if (!found) throw notFound();
      const { file, location } = found;
      const expected = Buffer.from(previewSignature(jwtSecret, file.id, file.ownerUserId, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound();
      const disposition = INLINE_TYPES.test(file.mimeType)
        ? attachmentHeader(file.fileName).replace(/^attachment/, 'inline')
        : attachmentHeader(file.fileName);
      return (
        reply
          .type(file.mimeType)
          .header('content-disposition', disposition)
          .header('content-length', String(file.sizeBytes))
          .header('cache-control', 'private, no-store')
          // Whatever the file holds, it can run nothing in the portal's origin.
          .header(
            'content-security-policy',
            "sandbox; default-src 'none'; style-src 'unsafe-inline'",
          )
          .header('x-content-type-options', 'nosniff')
          .send(createReadStream(location))
      );
    },
  );
};
