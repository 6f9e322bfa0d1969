import { createHash } from 'node:crypto';

/** Namespace of the name-based ids below (a fixed random UUID). */
const NAMESPACE = Buffer.from('6f1c2a9e4b7d4c53a0e8d2f4b1c7e935', 'hex');

/**
 * A name-based (version 5) UUID: reference rows get the same id in every installation, so ids
 * such as a niche's survive a fresh database and can be bookmarked in filters.
 */
export function stableUuid(name: string): string {
  let id = cache.get(name);
  if (id === undefined) {
    id = computeStableUuid(name);
    cache.set(name, id);
  }
  return id;
}

const cache = new Map<string, string>();

function computeStableUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
