// One contract, both stores: the local disk and S3 (s3rver, a real S3 API on a loopback port).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestS3Store,
  type RunningS3Server,
  startS3Server,
  TEST_BUCKET,
} from '#tests/helpers/s3-server.ts';

import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

let server: RunningS3Server;
let root: string;

beforeAll(async () => {
  server = await startS3Server();
  root = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-store-'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Streams `size` bytes in 64 kB chunks, so that the store never gets them as one buffer. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    })(),
  );
}

const stores: [string, () => FileStore | Promise<FileStore>][] = [
  ['local', () => createLocalFileStore(root)],
  ['s3', () => createTestS3Store(server.endpoint, `contract-${randomUUID()}`)],
];

describe.each(stores)('the %s file store', (_kind, create) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await create();
  });

  it('gives back what was put, with its size and type', async () => {
    const key = `uploads/${randomUUID()}/${randomUUID()}`;
    const put = await store.put(key, Buffer.from('domain\nexample.com\n'), {
      contentType: 'text/csv; charset=utf-8',
    });
    expect(put.size).toBe(19);
    expect(await store.head(key)).toEqual({ size: 19, contentType: 'text/csv; charset=utf-8' });
    const body = await store.get(key);
    expect((await buffer(body!)).toString()).toBe('domain\nexample.com\n');
  });

  it('streams an object larger than one 5 MB part', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const key = `exports/${randomUUID()}.csv`;
    const put = await store.put(key, chunked(bytes), { contentType: 'text/csv' });
    expect(put.size).toBe(bytes.length);
    expect((await store.head(key))?.size).toBe(bytes.length);
    expect((await buffer((await store.get(key))!)).equals(bytes)).toBe(true);
  });

  it('answers null for a missing key and deletes without error', async () => {
    const key = `documents/${randomUUID()}/${randomUUID()}.pdf`;
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('%PDF'), { contentType: 'application/pdf' });
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it('replaces an object put again under its key', async () => {
    const key = `avatars/${randomUUID()}/a-large.webp`;
    await store.put(key, Buffer.from('first'), { contentType: 'image/webp' });
    await store.put(key, Buffer.from('second!'), { contentType: 'image/png' });
    expect(await store.head(key)).toEqual({ size: 7, contentType: 'image/png' });
  });

  it('lists the objects under a prefix with their keys as put', async () => {
    const owner = randomUUID();
    await store.put(`uploads/${owner}/a`, Buffer.from('a'), { contentType: 'text/plain' });
    await store.put(`uploads/${owner}/b`, Buffer.from('bb'), { contentType: 'text/plain' });
    await store.put(`uploads/${owner}x/c`, Buffer.from('c'), { contentType: 'text/plain' });
    const listed = [];
    for await (const object of store.list(`uploads/${owner}/`)) listed.push(object);
    expect(
      listed.map(({ key, size }) => ({ key, size })).sort((a, b) => (a.key < b.key ? -1 : 1)),
    ).toEqual([
      { key: `uploads/${owner}/a`, size: 1 },
      { key: `uploads/${owner}/b`, size: 2 },
    ]);
    expect(listed[0]?.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('leaves nothing under the key when the stream fails', async () => {
    const key = `exports/${randomUUID()}.csv`;
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half a file');
        throw new Error('the database went away');
      })(),
    );
    await expect(store.put(key, failing, { contentType: 'text/csv' })).rejects.toThrow();
    expect(await store.head(key)).toBeNull();
  });

  it('answers its probe while it can be used', async () => {
    await expect(store.probe()).resolves.toBeUndefined();
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of ['', '/etc/passwd', '../outside', 'uploads/../x', 'a//b', '.types/x']) {
      await expect(store.head(key), key).rejects.toThrow('Not a valid file key');
    }
  });
});

describe('the S3 store with a prefix', () => {
  it('keeps its objects under the prefix in the bucket, and lists them without it', async () => {
    const prefix = `tenant-${randomUUID()}`;
    const store = await createTestS3Store(server.endpoint, prefix);
    await store.put('uploads/u/f', Buffer.from('x'), { contentType: 'text/plain' });
    const answer = await store.client.send(
      new GetObjectCommand({ Bucket: TEST_BUCKET, Key: `${prefix}/uploads/u/f` }),
    );
    expect(await answer.Body?.transformToString()).toBe('x');
    const keys = [];
    for await (const object of store.list('')) keys.push(object.key);
    expect(keys).toEqual(['uploads/u/f']);
  });
});

describe('the probe of a store that cannot be used', () => {
  it('fails for a local directory that cannot be made', async () => {
    const file = path.join(root, `not-a-directory-${randomUUID()}`);
    writeFileSync(file, 'x');
    await expect(createLocalFileStore(path.join(file, 'files')).probe()).rejects.toThrow();
  });

  it('fails for a bucket that does not exist, and for storage that does not answer', async () => {
    const missing = await createS3FileStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
    });
    await expect(missing.probe()).rejects.toThrow();
    const stopped = await startS3Server();
    await stopped.stop();
    const gone = await createTestS3Store(stopped.endpoint, 'gone');
    await expect(gone.probe(AbortSignal.timeout(2000))).rejects.toThrow();
  });
});
