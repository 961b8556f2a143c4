/**
 * One process per PGlite data folder. Two PGlite instances writing the same files corrupt them
 * silently (there is no postmaster to refuse the second one), so the process that opens a folder
 * holds a lock on it and others are refused while it lives.
 *
 * The lock is a listening Unix domain socket (a named pipe on Windows) at a short path derived from
 * the folder's real path. The kernel closes a dead process's sockets at once, even after `kill -9`,
 * so a supervisor restarting immediately is never refused: connecting to the path then fails with
 * ECONNREFUSED (nobody listens), and the newcomer removes the file and listens itself. (The previous
 * pid file was refused for about a second after a crash, while the dead process was being reaped.)
 * A live owner accepts the connection and writes its pid, which the refusal names.
 */
import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Socket paths must stay under ~104 bytes (sun_path); a long TMPDIR falls back to /tmp. */
const MAX_SOCKET_PATH = 100;
/** How long an owner that accepts but never answers (a dying process) is waited for. */
const DYING_WAIT_MS = 3000;

/** The lock's address for a data folder (the same for every spelling of the folder's path). */
export function lockPath(dataDir: string): string {
  let real = resolve(dataDir);
  try {
    real = realpathSync(real);
  } catch {
    // not created yet: its resolved path names it
  }
  const id = createHash('sha256').update(real).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\supabase-local-${id}`;
  const path = join(tmpdir(), `supabase-local-${id}.sock`);
  return path.length < MAX_SOCKET_PATH ? path : `/tmp/supabase-local-${id}.sock`;
}

/** Paths this process holds (a second open from the same process is refused with its own message). */
const held = new Set<string>();

/** Takes the data folder's lock, or throws naming the live owner. Resolves to the release. */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const path = lockPath(dataDir);
  if (held.has(path)) throw inUse(dataDir, 'this process already');
  const deadline = Date.now() + DYING_WAIT_MS;
  for (;;) {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(String(process.pid));
    });
    try {
      await listen(server, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      const owner = await probe(path);
      if (owner.state === 'alive') throw inUse(dataDir, `another supabase-local (pid ${owner.pid})`, e);
      if (owner.state === 'dying') {
        if (Date.now() > deadline)
          throw inUse(dataDir, 'a process that does not answer (busy, or exiting)', e);
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      rmSync(path, { force: true }); // a dead owner's socket file: nobody listens on it
      continue;
    }
    server.unref(); // the lock never keeps the process alive
    held.add(path);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      held.delete(path);
      await new Promise<void>((r) => server.close(() => r()));
      if (process.platform !== 'win32') rmSync(path, { force: true });
    };
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Connects to the lock. A live owner answers with its pid; refused (or no file) means nobody holds
 * it; a connection closed without a pid is an owner in the middle of dying (its threads are still
 * being torn down after `kill -9`), which frees the socket a few milliseconds later.
 */
function probe(path: string): Promise<{ state: 'alive' | 'dying' | 'dead'; pid: string }> {
  return new Promise((resolve) => {
    let pid = '';
    let connected = false;
    const socket = createConnection(path);
    const timer = setTimeout(() => socket.destroy(), 2000);
    socket.once('connect', () => (connected = true));
    socket.on('data', (d: Buffer) => (pid += d.toString('utf8')));
    socket.on('error', () => {}); // ECONNREFUSED / ENOENT: nobody listens (close follows)
    socket.on('close', () => {
      clearTimeout(timer);
      pid = pid.trim();
      resolve({ state: pid ? 'alive' : connected ? 'dying' : 'dead', pid });
    });
  });
}

function inUse(dataDir: string, who: string, cause?: unknown): Error {
  return new Error(
    `The database folder ${dataDir} is in use: ${who} has it open. ` +
      `Stop it first, or set SUPABASE_LOCAL_DATA to another folder (or memory://).`,
    { cause },
  );
}
