import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt
 * it. A pid file makes the second one stop with a clear message instead.
 */
export function acquirePgliteLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'shabaash.pid');
  const holder = readHolder(lockFile);
  if (holder !== null && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder}). ` +
        'Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.',
    );
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readHolder(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

function readHolder(lockFile: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
