// The S3 store: objects in a bucket of S3-compatible object storage, under an optional key prefix.
// Bodies stream both ways: an upload of unknown length goes up in 5 MB parts (lib-storage's
// Upload), a download is the response's stream. Credentials come from the AWS SDK's default
// chain (environment, shared files, instance or task roles). The SDK is loaded when an S3 store is
// made, so that a process on the local store never spends the time to load it.
import type { Readable } from 'node:stream';
import { pipeline, Transform } from 'node:stream';

import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';

import { checkKey, type FileStore, type ListedObject, UNKNOWN_CONTENT_TYPE } from './file-store.ts';

export interface S3StoreSettings {
  bucket: string;
  region: string;
  /** Another service than AWS's own (MinIO, Ceph, a test server): its base URL. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name. */
  forcePathStyle?: boolean;
  /** Put before every key, e.g. `portal/`; a missing trailing slash is added. */
  prefix?: string;
}

export async function createS3FileStore(
  settings: S3StoreSettings,
): Promise<FileStore & { client: S3Client }> {
  const [
    {
      DeleteObjectCommand,
      GetObjectCommand,
      HeadBucketCommand,
      HeadObjectCommand,
      ListObjectsV2Command,
      S3Client,
    },
    { Upload },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    // Checksums only where the API demands them: many S3-compatible services reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefix = normalPrefix(settings.prefix);
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;

  return {
    kind: 's3',
    client,

    put: async (key, body, { contentType, contentLength }) => {
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: objectKey(key),
          // Through pipeline, so that a body that fails or closes before its end fails the upload.
          Body: Buffer.isBuffer(body) ? body : pipeline(body, count, () => {}),
          ContentType: contentType,
          ...(contentLength === undefined ? {} : { ContentLength: contentLength }),
        },
      });
      await upload.done();
      return { size: Buffer.isBuffer(body) ? body.length : size };
    },

    get: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    head: async (key) => {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? UNKNOWN_CONTENT_TYPE,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    list: (keyPrefix) =>
      listUnder(
        (ContinuationToken) =>
          client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: `${prefix}${keyPrefix}`,
              ContinuationToken,
            }),
          ),
        prefix,
      ),

    probe: async (abortSignal) => {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal });
    },
  };
}

async function* listUnder(
  listPage: (token: string | undefined) => Promise<ListObjectsV2CommandOutput>,
  storePrefix: string,
): AsyncIterable<ListedObject> {
  let token: string | undefined;
  do {
    const page = await listPage(token);
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      yield {
        key: object.Key.slice(storePrefix.length),
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      };
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

function normalPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+/, '');
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

/** The SDK's answer for a missing object: a GET says NoSuchKey, a HEAD only 404. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'NoSuchBucket') return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}
