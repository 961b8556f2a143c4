/**
 * `pnpm bench:stall`: can a hostile request stall the server? The store's whole server (REST and the
 * web origin in one Node process, bench/stall-server.ts) in a child process, over the store's
 * migrations and seed; then, for --seconds, N hostile requests kept in flight continuously (each
 * answered one is sent again at once) while one client reads `categories?select=id&limit=1` and
 * another `GET /` of the web origin, one after the other. Latency p50/p99/max of both, and of the
 * same two on an idle server (what the planner cost check adds to a plain read). With the guard (the
 * store's settings) and without it (STALL_GUARD=off: no embedding caps, no planner cost limit), on
 * PGlite, and on PostgreSQL when DATABASE_URL is given (a scratch database is created and dropped).
 * Figures are reported, not asserted; the issue's target: p99 < 1 s while five hostile requests run.
 *
 *   pnpm bench:stall [--seconds 10] [--hostile 5] [--depth 10] [--only guard|off] [--skip-pglite]
 *                    [--overhead 300] [--reuse postgres://…/bench_catalog_NNN]
 *
 * Then what the cost check adds to the storefront's reads (--overhead rounds, 0 skips it): two servers
 * on the same database, with and without the guard, the same requests to each in turn. --reuse names
 * a prepared database (bench:catalog --keep's 100,000 products) and runs only that measure.
 *
 * The hostile request is the issue's: `categories?select=id,products(id,categories(id,products(…)))`
 * as anon, `--depth` embedded levels (10: "five deep" in products/categories pairs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, createScratchDatabase, dropScratchDatabase, PACKAGE_DIR } from './setup.ts';
import { apiKeys } from '../src/keys.ts';

function args() {
  const a = process.argv.slice(2);
  const val = (k: string) => {
    const i = a.findIndex((x) => x === `--${k}` || x.startsWith(`--${k}=`));
    if (i < 0) return undefined;
    return a[i]!.includes('=') ? a[i]!.split('=')[1] : a[i + 1];
  };
  return {
    seconds: Number(val('seconds') ?? 10),
    hostile: Number(val('hostile') ?? 5),
    depth: Number(val('depth') ?? 10),
    only: val('only') as 'guard' | 'off' | undefined,
    skipPglite: a.includes('--skip-pglite'),
    databaseUrl: process.env['DATABASE_URL'],
    /** rounds of the cost check's overhead measure (0: skip) */
    overhead: Number(val('overhead') ?? 300),
    /** an existing, prepared database (e.g. bench:catalog --keep's 100,000 products): overhead measure only */
    reuse: val('reuse'),
  };
}

interface Child {
  proc: ChildProcess;
  apiUrl: string;
  webUrl: string;
  stop(): Promise<void>;
}

function startChild(env: Record<string, string>): Promise<Child> {
  const proc = fork(path.join(BENCH_DIR, 'stall-server.ts'), [], {
    cwd: PACKAGE_DIR,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server child did not start within 180 s')), 180_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server child exited with ${code} before listening`));
    });
    proc.on('message', (m: { type: string; apiUrl: string; webUrl: string }) => {
      if (m.type !== 'listening') return;
      clearTimeout(timer);
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      resolve({
        proc,
        apiUrl: m.apiUrl,
        webUrl: m.webUrl,
        async stop() {
          if (proc.exitCode !== null) return;
          proc.send('stop');
          // a server still busy with a hostile statement may not get to the message: kill it
          const killer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

function nested(levels: number): string {
  let s = 'id';
  for (let i = levels; i >= 1; i--) s = `id,${i % 2 === 1 ? 'products' : 'categories'}(${s})`;
  return s;
}

interface Sample {
  ms: number;
  status: number;
}

const TIMEOUT_MS = 10_000;

async function once(url: string, headers: Record<string, string>, timeoutMs = TIMEOUT_MS): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, status: res.status };
  } catch {
    return { ms: performance.now() - t0, status: 0 }; // timed out (or refused)
  }
}

/** Sequential requests until `until` (performance.now()). */
async function loop(url: string, headers: Record<string, string>, until: number): Promise<Sample[]> {
  const out: Sample[] = [];
  while (performance.now() < until) out.push(await once(url, headers));
  return out;
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

interface Figures {
  n: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

function figures(samples: Sample[]): Figures {
  const ms = samples.map((s) => s.ms);
  return {
    n: samples.length,
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    max: Math.max(...ms),
    failed: samples.filter((s) => s.status === 0 || s.status >= 500).length,
  };
}

interface Row {
  db: string;
  guard: string;
  phase: string;
  read: Figures;
  web: Figures;
  hostile: string;
}

async function measure(db: string, guard: 'guard' | 'off', o: ReturnType<typeof args>, dbUrl?: string) {
  const child = await startChild({
    STALL_GUARD: guard === 'off' ? 'off' : 'on',
    ...(dbUrl ? { STALL_DATABASE_URL: dbUrl } : {}),
  });
  const anon = apiKeys({}).anonKey;
  const h = { apikey: anon };
  const readUrl = `${child.apiUrl}/rest/v1/categories?select=id&limit=1`;
  const webUrl = `${child.webUrl}/`;
  const rows: Row[] = [];
  try {
    // warm-up, then the idle figures (what a plain read costs with and without the cost check)
    await loop(readUrl, h, performance.now() + 500);
    const idleUntil = performance.now() + 3_000;
    const [r0, w0] = await Promise.all([loop(readUrl, h, idleUntil), loop(webUrl, {}, idleUntil)]);
    rows.push({ db, guard, phase: 'idle', read: figures(r0), web: figures(w0), hostile: '-' });

    // N hostile requests in flight continuously
    const hostileUrl = `${child.apiUrl}/rest/v1/categories?select=${nested(o.depth)}`;
    const until = performance.now() + o.seconds * 1000;
    const statuses: Record<string, number> = {};
    const hostileMs: number[] = [];
    const hostile = Array.from({ length: o.hostile }, async () => {
      while (performance.now() < until) {
        const s = await once(hostileUrl, h, 120_000);
        hostileMs.push(s.ms);
        const k = s.status === 0 ? 'timeout' : String(s.status);
        statuses[k] = (statuses[k] ?? 0) + 1;
      }
    });
    await new Promise((r) => setTimeout(r, 50));
    const [r1, w1] = await Promise.all([loop(readUrl, h, until), loop(webUrl, {}, until)]);
    await Promise.race([Promise.all(hostile), new Promise((r) => setTimeout(r, 5_000))]);
    const answered = Object.entries(statuses)
      .map(([k, n]) => `${n}× ${k}`)
      .join(', ');
    rows.push({
      db,
      guard,
      phase: `${o.hostile} hostile`,
      read: figures(r1),
      web: figures(w1),
      hostile: `${answered || 'none answered'} (p50 ${pct(hostileMs, 50).toFixed(0)} ms)`,
    });
  } finally {
    await child.stop();
  }
  return rows;
}

/** The storefront's reads (storefront/src/features/catalog/api): what the cost check is added to. */
const COLUMNS =
  'id,slug,name,description,price,original_price,category_id,image_url,images,dimensions,material,color,weight,stock_quantity,featured,in_stock,specifications,rating,review_count,created_at,category:categories(id,name,slug)';
const OVERHEAD_REQUESTS: [string, string][] = [
  [
    'products page (25, newest)',
    `/products?select=${COLUMNS}&order=created_at.desc,id.asc&offset=0&limit=25`,
  ],
  ['home: featured (8)', `/products?select=${COLUMNS}&featured=eq.true&order=created_at.desc,id.asc&limit=8`],
  [
    'categories (summaries)',
    '/category_summaries?select=id,name,slug,description,image_url,product_count&order=name.asc',
  ],
  ['plain read', '/categories?select=id&limit=1'],
];

/**
 * What the planner cost check (an EXPLAIN before each anon/authenticated statement) adds: two servers
 * on the same database, one with the guard and one without, the same requests sent to each in turn
 * (so both see the same machine load).
 */
async function overhead(db: string, rounds: number, dbUrl?: string, prepare = true) {
  const env = {
    ...(dbUrl ? { STALL_DATABASE_URL: dbUrl } : {}),
    ...(prepare ? {} : { STALL_PREPARE: 'no' }),
  };
  const on = await startChild({ ...env, STALL_GUARD: 'on' });
  const off = await startChild({
    ...env,
    STALL_GUARD: 'off',
    ...(dbUrl ? { STALL_PREPARE: 'no' } : {}),
  }).catch(async (e: unknown) => {
    await on.stop();
    throw e;
  });
  const h = { apikey: apiKeys({}).anonKey };
  const lines: string[] = [];
  try {
    for (const [name, p] of OVERHEAD_REQUESTS) {
      const t: Record<'on' | 'off', number[]> = { on: [], off: [] };
      for (let i = 0; i < rounds + 20; i++) {
        const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        for (const which of order) {
          const s = await once(`${(which === 'on' ? on : off).apiUrl}/rest/v1${p}`, h);
          if (s.status !== 200) throw new Error(`${name} (${which}): HTTP ${s.status}`);
          if (i >= 20) t[which].push(s.ms);
        }
      }
      const f = (x: number) => x.toFixed(2).padStart(8);
      lines.push(
        `| ${db.padEnd(10)} | ${name.padEnd(27)} | ${f(pct(t.on, 50))} | ${f(pct(t.off, 50))} | ${f(pct(t.on, 50) - pct(t.off, 50))} | ${f(pct(t.on, 99))} | ${f(pct(t.off, 99))} |`,
      );
    }
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
  return lines;
}

function printOverhead(lines: string[], rounds: number): void {
  if (lines.length === 0) return;
  console.log(
    `\nthe cost check's overhead: ${rounds} requests each, alternating between a server with the guard and one without`,
  );
  const head =
    '| database   | request                     | p50 guard | p50 off | Δ p50 ms | p99 guard | p99 off |';
  console.log(`${head}\n|${head.slice(1).replace(/[^|]/g, '-')}`);
  for (const l of lines) console.log(l);
}

function print(rows: Row[]): void {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
  const head =
    '| database   | guard | phase     | read n | read p50 ms | read p99 ms | read max ms | web n | web p50 ms | web p99 ms | web max ms | failed/timed out | hostile answers |';
  console.log(`\n${head}\n|${head.slice(1).replace(/[^|]/g, '-')}`);
  for (const r of rows)
    console.log(
      `| ${r.db.padEnd(10)} | ${r.guard.padEnd(5)} | ${r.phase.padEnd(9)} | ${String(r.read.n).padStart(6)} | ${f(r.read.p50).padStart(11)} | ${f(r.read.p99).padStart(11)} | ${f(r.read.max).padStart(11)} | ${String(r.web.n).padStart(5)} | ${f(r.web.p50).padStart(10)} | ${f(r.web.p99).padStart(10)} | ${f(r.web.max).padStart(10)} | ${`${r.read.failed} / ${r.web.failed}`.padStart(16)} | ${r.hostile} |`,
    );
}

async function main() {
  const o = args();
  console.log(
    `bench:stall — ${o.hostile} hostile requests (${o.depth} levels of embedding) for ${o.seconds} s; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  if (o.reuse) {
    // an existing database: only the overhead measure (hostile requests there could be heavy)
    printOverhead(await overhead('PostgreSQL', o.overhead, o.reuse, false), o.overhead);
    return;
  }
  const modes: ('guard' | 'off')[] = o.only ? [o.only] : ['guard', 'off'];
  const rows: Row[] = [];
  const costs: string[] = [];
  if (!o.skipPglite) {
    for (const m of modes) rows.push(...(await measure('PGlite', m, o)));
    if (o.overhead > 0) costs.push(...(await overhead('PGlite', o.overhead)));
  }
  if (o.databaseUrl) {
    const name = `bench_stall_${process.pid}`;
    const url = await createScratchDatabase(o.databaseUrl, name);
    try {
      for (const m of modes) {
        rows.push(...(await measure('PostgreSQL', m, o, url)));
      }
      if (o.overhead > 0) costs.push(...(await overhead('PostgreSQL', o.overhead, url, false)));
    } finally {
      await dropScratchDatabase(o.databaseUrl, name);
    }
  }
  print(rows);
  printOverhead(costs, o.overhead);
  console.log(
    `\nload average at end: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(
        ' ',
      )}; a request that did not answer within ${TIMEOUT_MS / 1000} s counts as ${TIMEOUT_MS / 1000} s (timed out).`,
  );
}

await main();
