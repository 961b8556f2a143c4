/**
 * A crash leaves nothing in the way: the PGlite data folder's lock is a Unix socket the kernel
 * closes when its process dies, so a process that is `kill -9`'d can be replaced at once (the old
 * pid-file lock refused a restart for about a second while the dead process was reaped). And a
 * server killed while customers place orders loses no acknowledged order and no stock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = join(HERE, '..');
const root = mkdtempSync(join(tmpdir(), 'sl-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Child {
  proc: ChildProcess;
  out(): string;
  /** resolves when stdout matches */
  until(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function spawnNode(args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: PACKAGE,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d));
  proc.stderr!.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    out: () => stdout,
    exited,
    until(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(stdout);
          if (m) {
            clearTimeout(timer);
            proc.stdout!.off('data', check);
            resolve(m);
          }
        };
        const timer = setTimeout(
          () => reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
          timeoutMs,
        );
        proc.stdout!.on('data', check);
        void exited.then((code) =>
          reject(new Error(`exited (${code}) before ${pattern}:\n${stdout}\n${stderr}`)),
        );
        check();
      });
    },
  };
}

/**
 * SIGKILL, then wait until the process is dead but NOT yet reaped (a zombie), as it is while a
 * supervisor or a shell has not collected it yet: that is when the old pid-file lock still saw a
 * live pid. We spin synchronously on /proc so that Node's own SIGCHLD handling cannot reap it first.
 * (Elsewhere than Linux: wait for the exit.)
 */
async function killHard(child: Child): Promise<void> {
  const pid = child.proc.pid!;
  child.proc.kill('SIGKILL');
  if (process.platform !== 'linux') return void (await child.exited);
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return; // already reaped
    }
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return;
  }
  throw new Error(`pid ${pid} did not die`);
}

describe('the PGlite data folder lock', () => {
  it('refuses a second opener while the owner lives, and is free the moment it is killed', async () => {
    const dataDir = join(root, 'held');
    const holder = spawnNode([join(HERE, 'support', 'hold-data-dir.ts'), dataDir]);
    try {
      const pid = (await holder.until(/open (\d+)/))[1]!;
      await expect(openPglite({ dataDir })).rejects.toThrow(
        `is in use: another supabase-local (pid ${pid}) has it open`,
      );
    } catch (e) {
      holder.proc.kill('SIGKILL');
      throw e;
    }
    await killHard(holder);
    // at once, synchronously after the death (no retry, no wait, not even for the reaping)
    const started = Date.now();
    const db = await openPglite({ dataDir });
    try {
      expect(Date.now() - started).toBeLessThan(30_000); // PGlite's own start-up, not a lock wait
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.opened');
      expect(rows[0]!.n).toBe(1); // the killed process's committed row survived
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a second open from the same process, and frees the folder on close', async () => {
    const dataDir = join(root, 'twice');
    const db = await openPglite({ dataDir });
    await expect(openPglite({ dataDir })).rejects.toThrow('this process already has it open');
    await db.close();
    const again = await openPglite({ dataDir });
    await again.close();
  }, 60_000);
});
