// An exclusive lock on a data directory: PGlite keeps its files there and must never be opened by
// two processes at once. The lock file names its owner: host name, boot id, pid and the process's
// start time (decision 197). A lock is stale, and taken over, when its owner cannot be running:
// same host but another boot (the machine restarted), the pid gone, or the pid alive but started
// at another time (a reused pid, such as pid 1 of a container started again). A lock of another
// host is never taken over, as nothing here can tell whether its owner still runs. The take-over
// itself is guarded by a second file; a guard left behind by a process that died while taking
// over is removed once its owner is gone or it is older than TAKEOVER_STALE_MS.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'server.lock';
/** Guards the take-over of a stale lock so two starting processes cannot both take it. */
const TAKEOVER_FILE = 'server.lock.takeover';
const TAKEOVER_STALE_MS = 10_000;

/** Who holds a lock. `bootId` and `startTicks` are null where /proc does not tell them. */
export interface LockOwner {
  pid: number;
  host: string;
  bootId: string | null;
  /** Start of the process in clock ticks since boot (/proc/<pid>/stat, field 22). */
  startTicks: number | null;
  /** When the process started (informative: for the people reading the file). */
  startedAt?: string;
  /** Read from a file of an earlier version, which held the bare pid. */
  isBarePid?: boolean;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly displayDir: string,
    readonly pid: number,
    /** The owner's host when it is not this one: its lock is never taken over. */
    readonly host: string | null = null,
  ) {
    super(
      host === null
        ? `The data directory ${displayDir} is in use by another process (pid ${pid}). ` +
            'Stop it or set DATA_DIR to another directory.'
        : `The data directory ${displayDir} is locked by a process on host ${host} (pid ${pid}). ` +
            `Stop it there; if that host is gone for good, remove ${path.join(displayDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes the lock of `dataDir` (which must exist) or throws DataDirInUseError.
 * `displayDir` is how the directory is named in the error message (as the user configured it).
 */
export function acquireDataDirLock(dataDir: string, displayDir = dataDir): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (!tryCreateLock(lockPath)) {
    refuseIfHeld(readOwner(lockPath), displayDir);
    takeOverStaleLock(dataDir, lockPath, displayDir);
  }
  // Whatever way the process exits (a shutdown that ran out of time included), the lock goes.
  const releaseOnExit = () => releaseLock(lockPath);
  process.once('exit', releaseOnExit);
  return {
    path: lockPath,
    release: () => {
      process.off('exit', releaseOnExit);
      releaseLock(lockPath);
    },
  };
}

/** When this process started, worked out once: reading the uptime again later moves it by a millisecond. */
const processStartedAt = new Date(Date.now() - process.uptime() * 1000).toISOString();

/** This process, as a lock file names it. */
export function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readBootId(),
    startTicks: readStartTicks(process.pid),
    startedAt: processStartedAt,
  };
}

/** Whether the owner may still be running; false only when it certainly is not. */
export function mayBeRunning(owner: LockOwner, self: LockOwner = currentOwner()): boolean {
  if (owner.host !== self.host) return true;
  // This version never writes a bare pid, so one naming this process is from before a restart.
  if (owner.isBarePid && owner.pid === self.pid) return false;
  if (owner.bootId !== null && self.bootId !== null && owner.bootId !== self.bootId) return false;
  if (!isAlive(owner.pid)) return false;
  if (owner.startTicks === null) return true;
  const running = owner.pid === self.pid ? self.startTicks : readStartTicks(owner.pid);
  return running === null || running === owner.startTicks;
}

function refuseIfHeld(owner: LockOwner | null, displayDir: string): void {
  if (owner === null) return;
  const self = currentOwner();
  if (!mayBeRunning(owner, self)) return;
  throw new DataDirInUseError(displayDir, owner.pid, owner.host === self.host ? null : owner.host);
}

function tryCreateLock(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx', 0o644);
    try {
      writeSync(fd, `${JSON.stringify(currentOwner())}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
}

function takeOverStaleLock(dataDir: string, lockPath: string, displayDir: string): void {
  const guardPath = path.join(dataDir, TAKEOVER_FILE);
  removeIfOlderThan(guardPath, TAKEOVER_STALE_MS);
  removeIfOwnerGone(guardPath);
  if (!tryCreateLock(guardPath)) {
    throw new DataDirInUseError(displayDir, readOwner(guardPath)?.pid ?? 0);
  }
  try {
    const owner = readOwner(lockPath);
    if (owner !== null && !isSelf(owner)) refuseIfHeld(owner, displayDir);
    removeIfExists(lockPath);
    if (!tryCreateLock(lockPath)) {
      throw new DataDirInUseError(displayDir, readOwner(lockPath)?.pid ?? 0);
    }
  } finally {
    removeIfExists(guardPath);
  }
}

function releaseLock(lockPath: string): void {
  const owner = readOwner(lockPath);
  if (owner !== null && isSelf(owner)) removeIfExists(lockPath);
}

function isSelf(owner: LockOwner): boolean {
  const self = currentOwner();
  return owner.pid === self.pid && owner.host === self.host && owner.startTicks === self.startTicks;
}

/**
 * The owner named by a lock file; null when there is none or it names nobody (empty, torn). A
 * file of an earlier version holds the bare pid: its owner is taken to be of this host and boot.
 */
export function readOwner(lockPath: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
  if (/^\d+$/.test(text)) {
    const pid = Number(text);
    return pid > 0
      ? { pid, host: os.hostname(), bootId: null, startTicks: null, isBarePid: true }
      : null;
  }
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    const { pid, host } = value;
    if (!Number.isInteger(pid) || (pid ?? 0) <= 0 || typeof host !== 'string') return null;
    return {
      pid: pid!,
      host,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTicks: Number.isInteger(value.startTicks) ? value.startTicks! : null,
    };
  } catch {
    return null;
  }
}

/** The kernel's id of this boot, where Linux tells it. */
function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** When the process started, in clock ticks since boot, where Linux tells it. */
function readStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; field 22 is the start.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** Signal 0 checks for existence only; EPERM means the process exists but belongs to another user. */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrno(error, 'EPERM');
  }
}

function removeIfOlderThan(filePath: string, ageMs: number): void {
  try {
    if (Date.now() - statSync(filePath).mtimeMs > ageMs) removeIfExists(filePath);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

/**
 * Removes a guard whose owner no longer runs. A guard without an owner may be one being written
 * this instant, so only its age (removeIfOlderThan) removes it.
 */
function removeIfOwnerGone(filePath: string): void {
  const owner = readOwner(filePath);
  if (owner !== null && !mayBeRunning(owner)) removeIfExists(filePath);
}

function removeIfExists(filePath: string): void {
  try {
    unlinkSync(filePath);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
