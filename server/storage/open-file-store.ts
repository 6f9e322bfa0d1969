// The file store an installation's settings name (FILE_STORE, decision 194).
import path from 'node:path';

import type { Env } from '../env.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

/** The local store's directory: DATA_DIR/files, where files have always been. */
export function localFilesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export async function openFileStore(env: Pick<Env, 'dataDir' | 'fileStore'>): Promise<FileStore> {
  const settings = env.fileStore;
  if (settings.kind === 's3') return createS3FileStore(settings);
  return createLocalFileStore(localFilesRoot(env.dataDir));
}

/** Where the store keeps its files, for the start-up log and the copy command. */
export function describeFileStore(env: Pick<Env, 'dataDir' | 'fileStore'>): string {
  const settings = env.fileStore;
  if (settings.kind === 'local') return `the local disk in ${localFilesRoot(env.dataDir)}`;
  const where = settings.endpoint ?? `region ${settings.region}`;
  return `S3 bucket ${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ''} (${where})`;
}
