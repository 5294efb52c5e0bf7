import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KernelError } from '../errors/kernel-error.js';

/** True if a process with this pid exists (EPERM means it exists but belongs to another user). */
export function isPidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/**
 * Takes `<dataDir>/switchboard.lock` for this process and returns a release function.
 * PGlite does not stop a second process from opening the same folder (which would corrupt it),
 * so this file is the only guard.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, 'switchboard.lock');
  // The pid is written to a private file first and then hard-linked into place: link() fails with
  // EEXIST like open('wx'), but a lock that is visible always already holds its pid, so a reader
  // can never mistake a half-created lock for a stale one.
  const candidate = `${lockPath}.${process.pid}`;
  writeFileSync(candidate, String(process.pid));
  try {
    // Second round only after removing a stale lock; if another process took it over in between,
    // that round sees a live pid and refuses.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(candidate, lockPath);
        return () => removeQuietly(lockPath);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      let ownerPid = NaN;
      try {
        ownerPid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      } catch {
        // removed between link and read: retry
      }
      if (isPidAlive(ownerPid)) {
        throw new KernelError('KRN_ERR_DATA_DIR_LOCKED', `data folder ${dataDir} is in use by process ${ownerPid}`, {
          dataDir,
          pid: ownerPid,
        });
      }
      removeQuietly(lockPath);
    }
    throw new KernelError('KRN_ERR_DATA_DIR_LOCKED', `data folder ${dataDir} is contended by another process`, {
      dataDir,
    });
  } finally {
    removeQuietly(candidate);
  }
}
