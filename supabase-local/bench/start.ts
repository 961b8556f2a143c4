/**
 * `pnpm --filter supabase-local run bench:start`: how long `supabase-local serve` (what `npm start` runs
 * after the build) takes from spawning to its first answer, and how much memory it holds.
 *
 *   new       a data folder that does not exist yet (the prepared-database snapshot is made first, by
 *             one start that is not counted, so this is the cached case)
 *   new, no snapshot   the same with SUPABASE_LOCAL_SNAPSHOT=off: initdb, bootstrap, every migration, seed
 *   existing  the folder a `new` run left, started again
 *   memory    SUPABASE_LOCAL_DATA=memory:// (the e2e server)
 *
 * "First answer" is the first 200 to GET /rest/v1/ with the anon key, polled every 20 ms. Then, on an
 * existing folder: resident memory once started, and its peak during a REST load of --seconds (autocannon,
 * --connections) that reads the first rows of every table and view of `public` the anon role may read
 * (found in the folder's catalog) — whatever the project serves, nothing named here. Resident memory counts every Node process of
 * the server (tsx's wrapper too, when the command has one), sampled every 100 ms.
 *
 * Options: --runs N (default 3; medians and ranges), --seconds S (default 10), --connections C (10),
 * --root DIR (the checkout to measure, default this one: the "before" figure comes from a copy of an
 * earlier commit, `git archive <commit> package.json supabase supabase-local | tar -x -C DIR` with
 * DIR/node_modules and DIR/supabase-local/node_modules linked to this checkout's), --command "…" (run
 * with sh in DIR/supabase-local; default its package.json's `serve` script), --only new,existing,….
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/pglite.ts';
import { apiKeys } from '../src/keys.ts';
import { runShape, type RunFigures } from './load.ts';
import { PACKAGE_DIR } from './setup.ts';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const RUNS = Number(option('runs', '3'));
const SECONDS = Number(option('seconds', '10'));
const CONNECTIONS = Number(option('connections', '10'));
const ROOT = path.resolve(option('root', path.dirname(PACKAGE_DIR)));
/** The package's `serve` script (what `npm start` ends in), run as pnpm runs it: sh -c, node_modules/.bin first. */
const PACKAGE = path.join(ROOT, 'supabase-local');
const COMMAND = option(
  'command',
  (JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { scripts: { serve: string } })
    .scripts.serve,
);
const ONLY = option('only', 'new,new-no-snapshot,existing,memory,load').split(',');
/** The well-known local anon key (the server is started without a secret of its own). */
const ANON = apiKeys({}).anonKey;
const HEADERS = { apikey: ANON, Authorization: `Bearer ${ANON}` };

const scratch = mkdtempSync(path.join(tmpdir(), 'sl-bench-start-'));
const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resident memory (kB) of `pid` and every Node process below it (not Deno workers, not esbuild):
 * their sum (VmRSS), or the largest one's peak (VmHWM).
 */
function treeRssKB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(d), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(d), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  let kb = 0;
  for (const p of tree) {
    if (p !== pid && names.get(p) !== 'node') continue;
    try {
      const v = Number(
        new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0,
      );
      kb = field === 'VmRSS' ? kb + v : Math.max(kb, v);
    } catch {
      // gone meanwhile
    }
  }
  return kb;
}

interface Started {
  proc: ChildProcess;
  apiUrl: string;
  firstMs: number;
  stop(): Promise<void>;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const apiPort = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SUPABASE_LOCAL_DATA: dataDir,
    SUPABASE_PORT: String(apiPort),
    PORT: String(await freePort()),
    SUPABASE_SMTP_PORT: '0',
    ...env,
  };
  delete childEnv['DATABASE_URL'];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const t0 = performance.now();
  childEnv['PATH'] =
    `${path.join(PACKAGE, 'node_modules', '.bin')}${path.delimiter}${process.env['PATH'] ?? ''}`;
  const proc = spawn('sh', ['-c', `exec ${COMMAND}`], {
    cwd: PACKAGE,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(proc);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  let firstMs = 0;
  while (!firstMs) {
    if (proc.exitCode !== null) throw new Error(`${COMMAND} exited with ${proc.exitCode}`);
    if (performance.now() - t0 > 120_000) throw new Error('no answer within 120 s');
    try {
      const r = await fetch(`${apiUrl}/rest/v1/`, { headers: HEADERS });
      await r.arrayBuffer();
      if (r.status === 200) firstMs = Math.round(performance.now() - t0);
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return {
    proc,
    apiUrl,
    firstMs,
    async stop() {
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
      children.delete(proc);
    },
  };
}

/**
 * GET of the first rows of every table and view in `public` that the anon role may read, from the
 * folder's catalog (read before the server takes the folder), each once through the server.
 */
async function readablePaths(dataDir: string): Promise<string[]> {
  const db = await openPglite({ dataDir });
  try {
    const { rows } = await db.query<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
          and has_table_privilege('anon', c.oid, 'select') order by 1`,
    );
    return rows.map((r) => `/rest/v1/${encodeURIComponent(r.name)}?limit=20`);
  } finally {
    await db.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const mb = (kb: number) => Math.round(kb / 102.4) / 10;

async function main(): Promise<void> {
  const rows: [string, string][] = [];
  const report = (what: string, ms: number[]) => {
    const line = `median ${median(ms)} ms (${Math.min(...ms)}–${Math.max(...ms)}, ${ms.length} runs)`;
    rows.push([what, line]);
    console.log(`  ${what}: ${line}`);
  };
  console.log(`bench:start — ${COMMAND} in ${ROOT}; load average ${loadavg()}`);
  let folder = path.join(scratch, 'warm', 'pglite');
  // the snapshot and the bundle are made here, once (not counted)
  await (await start(folder)).stop();

  if (ONLY.includes('new')) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      folder = path.join(scratch, `new-${i}`, 'pglite');
      const s = await start(folder);
      ms.push(s.firstMs);
      await s.stop();
    }
    report('new data folder', ms);
  }
  if (ONLY.includes('new-no-snapshot')) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await start(path.join(scratch, `plain-${i}`, 'pglite'), { SUPABASE_LOCAL_SNAPSHOT: 'off' });
      ms.push(s.firstMs);
      await s.stop();
    }
    report('new data folder, SUPABASE_LOCAL_SNAPSHOT=off', ms);
  }
  if (ONLY.includes('existing')) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await start(folder);
      ms.push(s.firstMs);
      await s.stop();
    }
    report('existing data folder', ms);
  }
  if (ONLY.includes('memory')) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = await start('memory://');
      ms.push(s.firstMs);
      await s.stop();
    }
    report('memory://', ms);
  }
  if (ONLY.includes('load')) {
    const candidates = await readablePaths(folder);
    const s = await start(folder);
    const pid = s.proc.pid!;
    await new Promise((r) => setTimeout(r, 1000));
    const idle = treeRssKB(pid);
    const paths: string[] = [];
    for (const p of candidates) {
      const r = await fetch(s.apiUrl + p, { headers: HEADERS });
      await r.arrayBuffer();
      if (r.status === 200) paths.push(p); // RLS or a column grant may still refuse
    }
    let peak = Math.max(idle, treeRssKB(pid));
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssKB(pid))), 100);
    let figures: RunFigures;
    try {
      figures = await runShape(
        {
          name: `GET of ${paths.length} tables`,
          expect: 200,
          request: (i) => ({ method: 'GET', path: paths[i % paths.length]!, headers: HEADERS }),
        },
        { baseUrl: s.apiUrl, connections: CONNECTIONS, duration: SECONDS, warmup: 0, pid, target: 'serve' },
      );
    } finally {
      clearInterval(sampler);
    }
    const hwm = treeRssKB(pid, 'VmHWM');
    await s.stop();
    const line =
      `RSS once started ${mb(idle)} MB; under ${SECONDS} s of REST load (${figures.rps} req/s, ` +
      `${figures.non2xx} not 2xx, ${paths.length} tables and views as anon, ${CONNECTIONS} connections) ` +
      `peak ${mb(peak)} MB; the largest process's VmHWM (start-up included) ${mb(hwm)} MB`;
    rows.push(['memory, existing folder', line]);
    console.log(`  memory, existing folder: ${line}`);
  }
  console.log(`\nload average after: ${loadavg()}`);
  console.log('\n| start | time to first answer |\n| --- | --- |');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });
