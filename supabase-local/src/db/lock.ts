/**
 * One process per PGlite data folder. Two PGlite instances writing the same files corrupt them
 * silently (there is no postmaster to refuse the second one), so we keep `<dataDir>.lock` with our
 * pid and refuse to open while another live process holds it. A lock left by a crashed process
 * (its pid is gone) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const lockPath = `${dataDir.replace(/[\\/]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSafe(lockPath));
      if (holder && isAlive(holder)) {
        const who =
          holder === process.pid ? 'this process already' : `another supabase-local (pid ${holder})`;
        throw new Error(
          `The database folder ${dataDir} is in use: ${who} has it open. ` +
            `Stop it first, or set SUPABASE_LOCAL_DATA to another folder (or memory://).`,
          { cause: e },
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
