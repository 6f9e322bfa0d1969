// Downloads of stored files (exports), to their owner only. Anyone else gets the same 404 as
// for a missing file, so file ids reveal nothing.
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { errorResponses } from '../../http/responses.ts';
import { principalOf } from '../../plugins/auth.ts';

const IdParamsSchema = z.object({ id: z.uuid() });
const FileBodySchema = z.unknown().describe('The file, as an attachment');

/** `attachment` with a plain ASCII name and the exact name in RFC 5987 form. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const filesRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['Files'],
        summary: 'Downloads one of the caller’s files',
        security: [{ bearerAuth: [] }],
        params: IdParamsSchema,
        response: { 200: FileBodySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [file] = await db
        .select()
        .from(files)
        .where(
          and(eq(files.id, request.params.id), eq(files.ownerUserId, principalOf(request).userId)),
        );
      if (!file) throw notFound();
      const root = path.join(dataDir, 'files');
      const location = path.resolve(root, file.storagePath);
      if (!location.startsWith(`${path.resolve(root)}${path.sep}`)) throw notFound();
      try {
        await access(location);
      } catch {
        throw notFound();
      }
      return reply
        .type(file.mimeType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('content-length', String(file.sizeBytes))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(location));
    },
  );
};
