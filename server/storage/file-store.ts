// Where the bytes of stored files live (decision 194): one interface, two stores. The local disk
// (DATA_DIR/files) for a single process, and S3-compatible object storage for any number of
// processes on any number of machines. A key is a relative path such as `uploads/<user>/<id>`:
// the `storage_path` of a `files` row, the same in either store, so that a deployment moves from
// one store to the other by copying (files-copy-cli.ts).
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface FileStore {
  /** `local` or `s3`, for logs and the copy command. */
  readonly kind: 'local' | 's3';
  /** Writes the object whole or not at all (a reader never sees half of it); answers its size. */
  put(
    key: string,
    body: Readable | Buffer,
    options: { contentType: string; contentLength?: number },
  ): Promise<{ size: number }>;
  /** The object's bytes as a stream; null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  /** The object's size and type; null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Fails when the store cannot be used: the local directory cannot be made or written, or the
   * bucket does not answer (HeadBucket). Cheap, for the readiness probe; `signal` cuts it short.
   */
  probe(signal?: AbortSignal): Promise<void>;
}

/** The type of an object stored without one (files written before types were kept). */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/**
 * Refuses a key that is not a plain relative path: empty, absolute, with an empty, `.` or `..`
 * segment, a backslash, a segment starting with a dot, or a control character.
 */
export function checkKey(key: string): string {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    [...key].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char === '\u007f') ||
    segments.some((segment) => segment === '' || segment.startsWith('.'));
  if (bad) throw new Error(`Not a valid file key: ${JSON.stringify(key)}`);
  return key;
}
