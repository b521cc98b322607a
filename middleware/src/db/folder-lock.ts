import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const heldHere = new Set<string>();

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `Database folder ${folder} is in use by another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'FolderInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock on its data folder, and two processes writing it corrupt it. We hold a pid
 * file beside the folder (`<dataDir>.lock`), created atomically; a lock whose pid is dead is stale
 * and taken over. Returns the release function.
 */
export function lockDataFolder(dataDir: string): () => void {
  const folder = path.resolve(dataDir);
  const lockPath = `${folder}.lock`;
  mkdirSync(path.dirname(folder), { recursive: true });

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      const ours = pid === process.pid;
      if (Number.isInteger(pid) && ((ours && heldHere.has(lockPath)) || (!ours && isAlive(pid)))) {
        throw new FolderInUseError(folder, pid);
      }
      unlinkSync(lockPath); // stale: its owner died without releasing it
    }
  }
  throw new Error(`Could not lock the database folder ${folder}`);
}
