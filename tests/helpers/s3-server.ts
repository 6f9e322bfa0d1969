// A real S3 API on this machine for tests: s3rver on a free loopback port, its objects in a
// temporary directory removed on stop. The AWS SDK's default credential chain reads the keys s3rver
// accepts from the environment, as a deployment's would come from its own.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createS3FileStore, type S3StoreSettings } from '#server/storage/s3-file-store.ts';

export const TEST_BUCKET = 'portal-files';

export interface RunningS3Server {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver's fixed keys, read by the SDK's default chain. */
export function useS3TestCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
}

export async function startS3Server(): Promise<RunningS3Server> {
  // Loaded here, not with this module: every server test file imports this module through the test
  // app, and only the processes that start the server need s3rver (about a second to load).
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The settings that point a server process at the test server's bucket, as a deployment's do. */
export function s3ServerEnv(endpoint: string): Record<string, string> {
  return {
    FILE_STORE: 's3',
    S3_BUCKET: TEST_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

/** The S3 store on the test server, its keys under `prefix` (a new one per test file keeps them apart). */
export function createTestS3Store(
  endpoint: string,
  prefix: string,
): ReturnType<typeof createS3FileStore> {
  useS3TestCredentials();
  const settings: S3StoreSettings = {
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    prefix,
  };
  return createS3FileStore(settings);
}
