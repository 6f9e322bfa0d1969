import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { resolveJwtSecrets } from './jwt-secret.ts';

describe('resolveJwtSecrets', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-secret-')), 'data');
  });
  afterEach(() => {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('uses JWT_SECRET when it is set and writes nothing', () => {
    const secrets = ['s'.repeat(32), 't'.repeat(32)];
    expect(resolveJwtSecrets({ jwtSecrets: secrets, dataDir })).toEqual(secrets);
  });

  it('generates a secret once, readable by the owner only, and reuses it on the next start', () => {
    const [first = ''] = resolveJwtSecrets({ dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveJwtSecrets({ dataDir })).toEqual([first]);
  });

  it('refuses a secret file that is too short to be safe', () => {
    resolveJwtSecrets({ dataDir });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n');
    expect(() => resolveJwtSecrets({ dataDir })).toThrow(/fewer than 32 characters/);
  });
});
