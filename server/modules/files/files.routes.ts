// Downloads of stored files: exports and uploads to their owner; company documents (invoices and
// credit notes, decision 043) to the members whose role reads billing in the company (403 for
// the others); an order item's article or feedback file also to the members who read the item's
// orders (decision 203). Anyone else gets the same 404 as for a missing file, so file ids reveal
// nothing. A preview (spec §7: a path opened in a new
// tab, which carries no Authorization header) is a short-lived signed link (decision 042).
import { createHmac, timingSafeEqual } from 'node:crypto';

import { and, type AnyColumn, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { fileEndpoints as endpoints, PREVIEW_TTL_SECONDS } from '#contract/files.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { companiesWhereUserCan } from '#server/db/memberships.ts';
import { files, itemMessages, orderItems, orders } from '#server/db/schema/index.ts';
import { notFound } from '#server/http/api-error.ts';
import { type FileAnswer, route } from '#server/http/endpoint-route.ts';
import { requireIn } from '#server/http/member-access.ts';
import { derivedKeys, type Secrets, signingKey } from '#server/signing-keys.ts';
import type { FileStore } from '#server/storage/file-store.ts';

/** Types a browser may show in the tab; anything else is downloaded. */
const INLINE_TYPES = /^(application\/pdf|text\/plain)(;|$)/;

interface FileRouteOptions {
  db: Database;
  files: FileStore;
  jwtSecret: Secrets;
  now: Clock;
}

function previewSignature(key: Uint8Array, fileId: string, ownerId: string, expires: number) {
  return createHmac('sha256', key)
    .update(`file-preview:${fileId}:${ownerId}:${expires}`)
    .digest('base64url');
}

/** Whether `signature` was made by the preview key of any of the secrets. */
function isPreviewSignature(
  secrets: Secrets,
  file: { id: string; ownerUserId: string },
  expires: number,
  signature: string,
): boolean {
  const given = Buffer.from(signature);
  return derivedKeys(secrets, 'preview links').some(({ bytes }) => {
    const expected = Buffer.from(previewSignature(bytes, file.id, file.ownerUserId, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/**
 * Whether the file is an order item's article, feedback or message document (decision 213) of a
 * company where the user reads orders.
 */
async function isReadableItemFile(db: Database, fileId: string, userId: string) {
  const fileOf = (column: AnyColumn) => sql`${column} -> 'file' ->> 'id'`;
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        sql`(${orderItems.articleFileId} = ${fileId}
          or ${fileOf(orderItems.topicFeedback)} = ${fileId}
          or ${fileOf(orderItems.articleFeedback)} = ${fileId}
          or ${fileOf(orderItems.webmasterFeedback)} = ${fileId}
          or exists (select 1 from ${itemMessages} where ${itemMessages.itemId} = ${orderItems.id}
            and ${itemMessages.attachmentFileId} = ${fileId}))`,
        inArray(orders.companyId, companiesWhereUserCan(db, userId, 'orders.read')),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The stored file's row; null when it is missing or the caller (when signed in) may not read it:
 * the owner may; a company document the members whose role reads billing there (403 for other
 * members); an item's file the members who read that item's orders.
 */
async function findReadable(db: Database, fileId: string, request: FastifyRequest | null) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file || request === null) return file ?? null;
  const userId = request.principal?.userId;
  if (!userId) return null;
  if (file.ownerUserId === userId) return file;
  if (file.companyId) {
    await requireIn(request, file.companyId, 'billing.read');
    return file;
  }
  return (await isReadableItemFile(db, file.id, userId)) ? file : null;
}

type FileRow = NonNullable<Awaited<ReturnType<typeof findReadable>>>;

/** The stored file's row and its bytes; null when either is missing or the user may not read it. */
async function locate(db: Database, store: FileStore, fileId: string, request: FastifyRequest) {
  const file = await findReadable(db, fileId, request);
  if (!file) return null;
  const body = await store.get(file.storagePath);
  return body ? { file, body } : null;
}

/** A located file's bytes as an answer: its type, name and size as stored. */
function storedFileAnswer(
  { file, body }: { file: FileRow; body: FileAnswer['body'] },
  disposition: FileAnswer['disposition'] = 'attachment',
): FileAnswer {
  return {
    body,
    type: file.mimeType,
    fileName: file.fileName,
    disposition,
    size: file.sizeBytes,
  };
}

export async function filesRoutes(
  app: FastifyInstance,
  { db, files, jwtSecret, now }: FileRouteOptions,
): Promise<void> {
  route(app, endpoints.preview, async (request) => {
    const file = await findReadable(db, request.params.id, request);
    if (!file || !(await files.head(file.storagePath))) throw notFound();
    const expires = Math.floor(now().getTime() / 1000) + PREVIEW_TTL_SECONDS;
    // Signed for the file's owner: a company document's link works for whichever buyer asked.
    const key = signingKey(jwtSecret, 'preview links').bytes;
    const signature = previewSignature(key, file.id, file.ownerUserId, expires);
    return {
      path: `/api/v1/files/${file.id}/previews/content?expires=${expires}&signature=${signature}`,
    };
  });

  route(app, endpoints.download, async (request) => {
    const found = await locate(db, files, request.params.id, request);
    if (!found) throw notFound();
    return storedFileAnswer(found);
  });
}

/** The signed preview link itself: no token, the signature names the file, owner and expiry. */
export async function filePreviewRoutes(
  app: FastifyInstance,
  { db, files, jwtSecret, now }: FileRouteOptions,
): Promise<void> {
  route(app, endpoints.previewContent, async (request) => {
    const { expires, signature } = request.query;
    if (expires < now().getTime() / 1000) throw notFound();
    const file = await findReadable(db, request.params.id, null);
    if (!file) throw notFound();
    if (!isPreviewSignature(jwtSecret, file, expires, signature)) throw notFound();
    const body = await files.get(file.storagePath);
    if (!body) throw notFound();
    return {
      ...storedFileAnswer(
        { file, body },
        INLINE_TYPES.test(file.mimeType) ? 'inline' : 'attachment',
      ),
      // Whatever the file holds, it can run nothing in the portal's origin.
      headers: {
        'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      },
    };
  });
}
