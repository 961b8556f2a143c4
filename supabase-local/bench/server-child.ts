/**
 * server.ts in a child process (Node with tsx), so the load generator has its own event loop: resolves
 * once the child listens, with its port and how long it took. Used by bench/run.ts and, as the
 * package's `supabase-local/bench` entry, by the store's supabase/bench/catalog/run.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR, PACKAGE_DIR } from './setup.ts';

export interface Child {
  proc: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** spawn → listening (ms) */
  listenMs: number;
  stages: Record<string, number>;
  spawnedAt: number;
  stop(): Promise<void>;
}

/** Every child still running: the benchmark kills them all should it stop early. */
export const children = new Set<ChildProcess>();

export function startChild(env: Record<string, string>, execArgv: string[] = []): Promise<Child> {
  const spawnedAt = performance.now();
  const proc = fork(path.join(BENCH_DIR, 'server.ts'), [], {
    cwd: PACKAGE_DIR,
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(proc);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server child did not start within 120 s')), 120_000);
    proc.on('exit', (code) => {
      children.delete(proc);
      clearTimeout(timer);
      reject(new Error(`server child exited with ${code} before listening`));
    });
    proc.on('message', (m: { type: string; port: number; stages: Record<string, number> }) => {
      if (m.type !== 'listening') return;
      clearTimeout(timer);
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      resolve({
        proc,
        pid: proc.pid!,
        port: m.port,
        baseUrl: `http://127.0.0.1:${m.port}`,
        listenMs: Math.round(performance.now() - spawnedAt),
        stages: m.stages,
        spawnedAt,
        async stop() {
          if (proc.exitCode === null) {
            proc.send('stop');
            const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
            await exited;
            clearTimeout(killer);
          }
          children.delete(proc);
        },
      });
    });
  });
}
