// The signing secrets (server/signing-keys.ts derives the keys). Configured by JWT_SECRET, one or
// more separated by commas; without it (single process with the embedded database) one is
// generated on first start and kept in DATA_DIR/jwt-secret, readable by the owner only, so
// sessions survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secrets, the one that signs first. */
export function resolveJwtSecrets({
  jwtSecrets,
  dataDir,
}: {
  jwtSecrets?: readonly string[];
  dataDir: string;
}): readonly string[] {
  if (jwtSecrets && jwtSecrets.length > 0) return jwtSecrets;
  return [generatedSecret(dataDir)];
}

function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecret(file) ?? secret;
    throw error;
  }
}

function readSecret(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) {
      throw new Error(
        `${file} holds fewer than 32 characters. Delete it to have a new secret generated, or set JWT_SECRET.`,
      );
    }
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
