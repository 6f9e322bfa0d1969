// `npm run files:copy -- --from local --to s3`: copies a deployment's stored files from one store
// to the other, keys unchanged (decision 194). The local store is DATA_DIR/files; the S3 store is
// the one the S3_* settings name, whatever FILE_STORE says. Safe to run again: objects already
// copied (same key, same size) are skipped.
import { parseArgs } from 'node:util';

import { loadEnvWithFileStore } from '../env.ts';
import { copyFiles } from './copy-files.ts';
import { describeFileStore, openFileStore } from './open-file-store.ts';

const KINDS = ['local', 's3'] as const;
type Kind = (typeof KINDS)[number];

const USAGE = 'Usage: npm run files:copy -- --from local|s3 --to local|s3';

try {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' } },
    strict: true,
  });
  const from = values.from as Kind | undefined;
  const to = values.to as Kind | undefined;
  if (!from || !to || !KINDS.includes(from) || !KINDS.includes(to)) throw new Error(USAGE);
  const [source, target] = [loadEnvWithFileStore(from), loadEnvWithFileStore(to)];
  const [fromText, toText] = [describeFileStore(source), describeFileStore(target)];
  if (fromText === toText) throw new Error(`Both stores are the same: ${fromText}`);
  console.log(`Copying from ${fromText} to ${toText}`);
  const outcome = await copyFiles(await openFileStore(source), await openFileStore(target), {
    log: (line) => console.log(line),
  });
  console.log(
    `${outcome.copied} files copied (${outcome.bytes} bytes), ${outcome.skipped} already there.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
