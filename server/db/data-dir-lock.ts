// An exclusive lock on a data directory: PGlite keeps its files there and must never be opened by
// two processes at once. The lock file holds the owner's pid; a lock whose pid is no longer alive
// (the owner crashed) is taken over. The take-over itself is guarded by a second file; a guard
// left behind by a process that died while taking over is removed once its owner is gone or it is
// older than TAKEOVER_STALE_MS.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.lock';
/** Guards the take-over of a stale lock so two starting processes cannot both take it. */
const TAKEOVER_FILE = 'server.lock.takeover';
const TAKEOVER_STALE_MS = 10_000;

export class DataDirInUseError extends Error {
  constructor(
    readonly displayDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${displayDir} is in use by another process (pid ${pid}). ` +
        'Stop it or set DATA_DIR to another directory.',
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
    const owner = readOwnerPid(lockPath);
    if (owner !== null && isAlive(owner)) throw new DataDirInUseError(displayDir, owner);
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

function tryCreateLock(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, 'wx', 0o644);
    try {
      writeSync(fd, String(process.pid));
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
  if (!tryCreateLock(guardPath))
    throw new DataDirInUseError(displayDir, readOwnerPid(guardPath) ?? 0);
  try {
    const owner = readOwnerPid(lockPath);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(displayDir, owner);
    }
    removeIfExists(lockPath);
    if (!tryCreateLock(lockPath)) {
      throw new DataDirInUseError(displayDir, readOwnerPid(lockPath) ?? 0);
    }
  } finally {
    removeIfExists(guardPath);
  }
}

function releaseLock(lockPath: string): void {
  if (readOwnerPid(lockPath) === process.pid) removeIfExists(lockPath);
}

function readOwnerPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
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
 * Removes a guard whose owner no longer runs. A guard without a pid may be one being written
 * this instant, so only its age (removeIfOlderThan) removes it.
 */
function removeIfOwnerGone(filePath: string): void {
  const owner = readOwnerPid(filePath);
  if (owner !== null && !isAlive(owner)) removeIfExists(filePath);
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
