import fs from 'node:fs';
import path from 'node:path';

/** Another live process holds the embedded database's folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${dataDir} is in use by another process (pid ${pid}), probably a running server. ` +
        'Only one process at a time may open it: stop that process first, or use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

const held = new Set<string>();

function isLiveOwner(pid: number, lockFile: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid: held by this process (opened twice), or left by an earlier process that had our pid (a container's pid 1).
  if (pid === process.pid) return held.has(lockFile);
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused pid belongs to something else: on Linux, only a node process counts as an owner.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/**
 * Takes the embedded database's folder for this process (PGlite has no lock of its own, and two
 * processes writing one folder corrupt it). A lock left by a process that died is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      held.add(lockFile);
      const release = () => {
        if (!held.delete(lockFile)) return;
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
        } catch {
          /* already gone */
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (isLiveOwner(owner, lockFile)) throw new DataDirInUseError(dataDir, owner);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}`);
}
