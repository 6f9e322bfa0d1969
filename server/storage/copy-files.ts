// Copies every object of one file store to another under the same key: how a deployment moves
// its files from the local disk to S3 (or back, or between buckets). An object already present
// in the target with the same size is skipped, so a copy that stopped half-way is simply run again.
import type { FileStore } from './file-store.ts';

export interface CopyOutcome {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function copyFiles(
  from: FileStore,
  to: FileStore,
  { log = () => {} }: { log?: (line: string) => void } = {},
): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, skipped: 0, bytes: 0 };
  for await (const object of from.list('')) {
    const present = await to.head(object.key);
    if (present && present.size === object.size) {
      outcome.skipped += 1;
      continue;
    }
    const [meta, body] = await Promise.all([from.head(object.key), from.get(object.key)]);
    // Removed since it was listed: nothing to copy.
    if (!meta || !body) continue;
    await to.put(object.key, body, { contentType: meta.contentType, contentLength: meta.size });
    outcome.copied += 1;
    outcome.bytes += meta.size;
    if (outcome.copied % 1000 === 0) log(`${outcome.copied} files copied…`);
  }
  return outcome;
}
