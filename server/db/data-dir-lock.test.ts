import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  acquireDataDirLock,
  currentOwner,
  DataDirInUseError,
  type LockOwner,
  readOwner,
} from './data-dir-lock.ts';
import { openDatabase } from './open-database.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('Could not start a child process');
  return child.pid;
}

/** When a running process started, in clock ticks since boot (/proc/<pid>/stat, field 22). */
function startTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
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

  it('names its owner in the lock file (host, boot, pid, start) and removes the file on release', () => {
    const lock = acquireDataDirLock(dataDir);
    const written = JSON.parse(readFileSync(lock.path, 'utf8')) as LockOwner;
    expect(written).toMatchObject({
      pid: process.pid,
      host: os.hostname(),
      bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      startTicks: expect.any(Number),
    });
    expect(written).toMatchObject(currentOwner());
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
    expect(readOwner(lock.path)?.pid).toBe(process.pid);
    lock.release();
  });

  describe('a lock naming its owner', () => {
    const lockPath = () => path.join(dataDir, 'server.lock');
    const forge = (owner: Partial<LockOwner>) =>
      writeFileSync(lockPath(), JSON.stringify({ ...currentOwner(), ...owner }));
    const takesOver = () => {
      const lock = acquireDataDirLock(dataDir);
      expect(readOwner(lock.path)).toMatchObject({ pid: process.pid, host: os.hostname() });
      lock.release();
    };
    const running = () => {
      const self = currentOwner();
      return { pid: process.ppid, startTicks: startTicksOf(process.ppid), bootId: self.bootId };
    };

    it('is held while its pid runs with the start time it names', () => {
      forge(running());
      expect(() => acquireDataDirLock(dataDir, './data')).toThrow(
        new DataDirInUseError('./data', process.ppid),
      );
    });

    it('is stale when its pid runs but started at another time (a reused pid)', () => {
      forge({ ...running(), startTicks: startTicksOf(process.ppid) - 1 });
      takesOver();
    });

    it('is stale when it names this very pid started earlier, as pid 1 of a restarted container', () => {
      forge({ pid: process.pid, startTicks: (currentOwner().startTicks ?? 0) - 100 });
      takesOver();
      writeFileSync(lockPath(), String(process.pid));
      takesOver();
    });

    it('is stale when it is of another boot of this host, whatever runs under its pid now', () => {
      forge({ ...running(), bootId: '00000000-0000-4000-8000-000000000000' });
      takesOver();
    });

    it('is stale when its pid is gone on this host and boot', () => {
      forge({ pid: deadPid() });
      takesOver();
    });

    it('is never taken over from another host, even when its pid is gone here', () => {
      forge({ host: 'portal-a.internal', pid: deadPid(), bootId: 'another-machine' });
      const refused = () => acquireDataDirLock(dataDir, './data');
      expect(refused).toThrow(DataDirInUseError);
      expect(refused).toThrow(
        /locked by a process on host portal-a\.internal \(pid \d+\)\. Stop it there; if that host is gone for good, remove data\/server\.lock\./,
      );
      expect(readOwner(lockPath())?.host).toBe('portal-a.internal');
    });
  });

  it('takes over a stale lock when a fresh take-over guard was left by a process that is gone', () => {
    const gone = deadPid();
    writeFileSync(path.join(dataDir, 'server.lock'), String(gone));
    writeFileSync(path.join(dataDir, 'server.lock.takeover'), String(gone));
    const lock = acquireDataDirLock(dataDir);
    expect(readOwner(lock.path)?.pid).toBe(process.pid);
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
