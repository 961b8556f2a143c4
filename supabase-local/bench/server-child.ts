/**
 * server.ts in a child process, so the load generator has its own event loop: resolves once the child
 * listens, with its port and how long it took. The child runs server.ts as one esbuild bundle, the way
 * `npm start` runs the server (bin/bundle.mjs), not through tsx (whose transform adds a `__name` call
 * per named closure: per request in the engine); SUPABASE_LOCAL_TSX=1 runs it through tsx. Used by bench/run.ts and, as the
 * package's `supabase-local/bench` entry, by the store's supabase/bench/catalog/run.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleCode } from '../bin/bundle.mjs';
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

let bundled: Promise<string> | null = null;

/** bench/server.ts bundled, once per process (a few hundred ms), beside `npm start`'s bundle. */
function serverBundle(): Promise<string> {
  return (bundled ??= (async () => {
    const dir = path.join(PACKAGE_DIR, 'node_modules', '.cache', 'supabase-local');
    const out = path.join(dir, `bench-server-${process.pid}.mjs`);
    const code = await bundleCode(path.join(BENCH_DIR, 'server.ts'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${out}.partial`, code);
    renameSync(`${out}.partial`, out);
    process.once('exit', () => rmSync(out, { force: true }));
    return out;
  })());
}

/**
 * `sources`: run server.ts through tsx even so — a CPU profile then names each function's own file
 * (bench/profile.ts sorts the time by src/rest, src/db…), where a bundle is one file.
 */
export async function startChild(
  env: Record<string, string>,
  execArgv: string[] = [],
  options: { sources?: boolean } = {},
): Promise<Child> {
  const tsx = options.sources === true || process.env['SUPABASE_LOCAL_TSX'] === '1';
  const entry = tsx ? path.join(BENCH_DIR, 'server.ts') : await serverBundle();
  const spawnedAt = performance.now();
  const proc = fork(entry, [], {
    cwd: PACKAGE_DIR,
    execArgv: tsx ? ['--import', 'tsx', ...execArgv] : execArgv,
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
