import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { resolveJwtSecret } from './jwt-secret.ts';

describe('resolveJwtSecret', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-secret-')), 'data');
  });
  afterEach(() => {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('uses JWT_SECRET when it is set and writes nothing', () => {
    expect(resolveJwtSecret({ jwtSecret: 's'.repeat(32), dataDir })).toBe('s'.repeat(32));
  });

  it('generates a secret once, readable by the owner only, and reuses it on the next start', () => {
    const first = resolveJwtSecret({ dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveJwtSecret({ dataDir })).toBe(first);
  });

  it('refuses a secret file that is too short to be safe', () => {
    resolveJwtSecret({ dataDir });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n');
    expect(() => resolveJwtSecret({ dataDir })).toThrow(/fewer than 32 characters/);
  });
});
