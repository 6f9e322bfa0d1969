// Moving a deployment's files between stores: `npm run files:copy` copies every object under its
// key, and running it again copies only what is missing or differs in size.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestS3Store,
  type RunningS3Server,
  startS3Server,
  TEST_BUCKET,
} from '#tests/helpers/s3-server.ts';

import { copyFiles } from './copy-files.ts';
import { createLocalFileStore } from './local-file-store.ts';

const run = promisify(execFile);

describe('copying stored files between stores', () => {
  let server: RunningS3Server;
  let dataDir: string;
  beforeAll(async () => {
    server = await startS3Server();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-copy-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const OBJECTS = {
    'uploads/u1/f1': ['text/csv; charset=utf-8', 'domain\nexample.com\n'],
    'documents/c1/d1.pdf': ['application/pdf', '%PDF-1.4 invoice'],
    'avatars/u1/a-large.webp': ['image/webp', 'RIFF....WEBP'],
  } as const;

  it('copies every object with its type, then skips the ones already there', async () => {
    const local = createLocalFileStore(path.join(dataDir, 'files'));
    const s3 = await createTestS3Store(server.endpoint, 'copied');
    for (const [key, [type, text]] of Object.entries(OBJECTS)) {
      await local.put(key, Buffer.from(text), { contentType: type });
    }
    expect(await copyFiles(local, s3)).toEqual({ copied: 3, skipped: 0, bytes: 47 });
    for (const [key, [type, text]] of Object.entries(OBJECTS)) {
      expect(await s3.head(key)).toEqual({ size: text.length, contentType: type });
      expect((await buffer((await s3.get(key))!)).toString()).toBe(text);
    }
    await local.put('uploads/u1/f1', Buffer.from('domain\n'), { contentType: 'text/csv' });
    expect(await copyFiles(local, s3)).toEqual({ copied: 1, skipped: 2, bytes: 7 });
    expect((await buffer((await s3.get('uploads/u1/f1'))!)).toString()).toBe('domain\n');
  });

  it('is the documented command, from DATA_DIR/files to the bucket the S3 settings name', async () => {
    const local = createLocalFileStore(path.join(dataDir, 'files'));
    await local.put('exports/e1.csv', Buffer.from('a,b\n'), { contentType: 'text/csv' });
    const copy = (args: string[]) =>
      run(path.resolve('node_modules/.bin/tsx'), ['server/storage/files-copy-cli.ts', ...args], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          FILE_STORE: 'local',
          S3_BUCKET: TEST_BUCKET,
          S3_ENDPOINT: server.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_PREFIX: 'by-command',
          AWS_ACCESS_KEY_ID: 'S3RVER',
          AWS_SECRET_ACCESS_KEY: 'S3RVER',
        },
      });
    const first = await copy(['--from', 'local', '--to', 's3']);
    expect(first.stdout).toContain('4 files copied');
    const again = await copy(['--from', 'local', '--to', 's3']);
    expect(again.stdout).toContain('0 files copied (0 bytes), 4 already there.');
    const s3 = await createTestS3Store(server.endpoint, 'by-command');
    expect(await s3.head('exports/e1.csv')).toEqual({ size: 4, contentType: 'text/csv' });
    await expect(copy(['--from', 'disk', '--to', 's3'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run files:copy -- --from local|s3 --to local|s3'),
    });
  });
});
