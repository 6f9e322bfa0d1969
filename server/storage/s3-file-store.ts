// The S3 store: objects in a bucket of S3-compatible object storage, under an optional key prefix.
// Bodies stream both ways: an upload of unknown length goes up in 5 MB parts (lib-storage's
// Upload), a download is the response's stream. Credentials come from the AWS SDK's default
// chain (environment, shared files, instance or task roles).
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

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

export function createS3FileStore(settings: S3StoreSettings): FileStore & { client: S3Client } {
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
          Body: Buffer.isBuffer(body) ? body : body.pipe(count),
          ContentType: contentType,
          ...(contentLength === undefined ? {} : { ContentLength: contentLength }),
        },
      });
      if (!Buffer.isBuffer(body)) body.once('error', (error) => count.destroy(error));
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

    list: (keyPrefix) => listUnder(client, Bucket, prefix, keyPrefix),
  };
}

async function* listUnder(
  client: S3Client,
  Bucket: string,
  storePrefix: string,
  keyPrefix: string,
): AsyncIterable<ListedObject> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket, Prefix: `${storePrefix}${keyPrefix}`, ContinuationToken }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key) continue;
      yield {
        key: object.Key.slice(storePrefix.length),
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      };
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

function normalPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+/, '');
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}
