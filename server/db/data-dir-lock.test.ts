import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('Could not start a child process');
  return child.pid;
}

describe('the data directory lock', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second holder with a message naming the directory and the owner', () => {
    const lock = acquireDataDirLock(dataDir, './data');
    expect(() => acquireDataDirLock(dataDir, './data')).toThrow(
      new DataDirInUseError('./data', process.pid),
    );
    expect(() => acquireDataDirLock(dataDir, './data')).toThrow(
      `The data directory ./data is in use by another process (pid ${process.pid}). Stop it or set DATA_DIR to another directory.`,
    );
    lock.release();
  });

  it('holds the owner pid in the lock file and removes the file on release', () => {
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('removes the lock when its process exits without releasing it', () => {
    const script = `import { acquireDataDirLock } from ${JSON.stringify(path.resolve('server/db/data-dir-lock.ts'))};
acquireDataDirLock(${JSON.stringify(dataDir)});
process.exit(3);`;
    const child = spawnSync(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(child.status, child.stderr.toString()).toBe(3);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('takes over a stale lock whose owner is no longer running', () => {
    writeFileSync(path.join(dataDir, 'server.lock'), String(deadPid()));
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock when a fresh take-over guard was left by a process that is gone', () => {
    const gone = deadPid();
    writeFileSync(path.join(dataDir, 'server.lock'), String(gone));
    writeFileSync(path.join(dataDir, 'server.lock.takeover'), String(gone));
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    expect(existsSync(path.join(dataDir, 'server.lock.takeover'))).toBe(false);
    lock.release();
  });

  it('waits for a fresh take-over guard whose owner still runs', () => {
    writeFileSync(path.join(dataDir, 'server.lock'), String(deadPid()));
    writeFileSync(path.join(dataDir, 'server.lock.takeover'), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir, './data')).toThrow(
      new DataDirInUseError('./data', process.ppid),
    );
  });

  it('takes over an empty or unreadable lock file', () => {
    writeFileSync(path.join(dataDir, 'server.lock'), '');
    acquireDataDirLock(dataDir).release();
  });

  it('does not remove a lock another process holds now', () => {
    const lockPath = path.join(dataDir, 'server.lock');
    const lock = acquireDataDirLock(dataDir);
    writeFileSync(lockPath, String(process.ppid));
    lock.release();
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
  });

  it('refuses to open the embedded database a second time while it is open', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `The data directory ${dataDir} is in use by another process (pid ${process.pid}).`,
      );
    } finally {
      await first.close();
    }
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});
