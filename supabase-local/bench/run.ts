/**
 * `pnpm bench`: PostgREST's own benchmark workload (bench/workload: Chinook + eight request shapes)
 * against supabase-local's REST engine, with two ceilings on the same database: a bare node:http +
 * node-postgres server replaying the engine's own transaction, and pgbench running it. Then the same
 * shapes over PGlite, and the bench REST child's start and resident memory (npm start's server:
 * bench/start.ts). Figures are reported, never asserted.
 *
 *   tsx bench/run.ts [--duration=10] [--warmup=2] [--connections=50] [--only=GETSingle,GETSingleEmbed] [--rounds=1]
 *                    [--variants] [--skip-pglite] [--no-inprocess] [--pgbench-protocol=prepared] [--profile|--no-profile] [--loadgen=wrk]
 *   tsx bench/run.ts --report     (the last run's table again, from bench/results/latest.json)
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is only used to create and drop
 * a scratch database; results go to bench/results/latest.json.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { captureSpecs, hasPipeline, pgbenchScript, type ReplaySpec } from './capture.ts';
import { children, startChild, type Child } from './server-child.ts';
import { once, readRssKB, runShape, setPostgresDatabase, type RunFigures } from './load.ts';
import { findPgbench, runPgbench } from './pgbench.ts';
import { printComparison, printProfile, summarizeProfile, type ProfileSummary } from './profile.ts';
import {
  BENCH_DIR,
  createScratchDatabase,
  DB_IMPLEMENTATION,
  DEFAULT_DATABASE_URL,
  dropScratchDatabase,
  openPostgresDb,
  POOL_SIZE,
  REST_CONFIG,
} from './setup.ts';
import { SHAPES, type Shape } from './shapes.ts';
import { checkWrk } from './wrk-runner.ts';

// ---------------------------------------------------------------- options

function parseArgs(argv: string[]) {
  const o = {
    duration: 10,
    warmup: 2,
    connections: 50,
    only: null as string[] | null,
    skipPglite: false,
    inprocess: true,
    /** GETSingle/GETSingleEmbed: REST, in-process, bare-Node and pgbench back to back this many times */
    rounds: 1,
    pgbenchProtocol: 'prepared',
    /**
     * also variants of the ceilings that measure what the engine could gain: prepared statements,
     * pipelining (one round trip), both; pgbench unprepared (-M extended, as node-postgres sends) and pipelined
     */
    variants: false,
    /** null = profile when REST/bare-Node < 0.7 */
    profile: null as boolean | null,
    /** print the table and ratios of bench/results/latest.json again, run nothing */
    report: false,
    /** the GET shapes' load generator: autocannon, or wrk (bench/wrk.ts: lighter on a shared machine) */
    loadgen: 'autocannon' as 'autocannon' | 'wrk',
  };
  for (const a of argv) {
    const [k, v] = a.replace(/^--/, '').split('=') as [string, string | undefined];
    switch (k) {
      case 'duration':
        o.duration = Number(v);
        break;
      case 'warmup':
        o.warmup = Number(v);
        break;
      case 'connections':
        o.connections = Number(v);
        break;
      case 'only':
        o.only = (v ?? '').split(',').filter(Boolean);
        break;
      case 'rounds':
        o.rounds = Number(v);
        break;
      case 'variants':
        o.variants = true;
        break;
      case 'skip-pglite':
        o.skipPglite = true;
        break;
      case 'no-inprocess':
        o.inprocess = false;
        break;
      case 'pgbench-protocol':
        o.pgbenchProtocol = v ?? 'prepared';
        break;
      case 'profile':
        o.profile = true;
        break;
      case 'no-profile':
        o.profile = false;
        break;
      case 'report':
        o.report = true;
        break;
      case 'loadgen':
        if (v !== 'autocannon' && v !== 'wrk') throw new Error('--loadgen=autocannon|wrk');
        o.loadgen = v;
        break;
      case 'help':
        console.log(
          'options: --duration=10 --warmup=2 --connections=50 --only=A,B --rounds=1 --variants --skip-pglite --no-inprocess --report --pgbench-protocol=prepared|extended|simple --profile|--no-profile --loadgen=autocannon|wrk',
        );
        process.exit(0);
      // falls through (unreachable)
      default:
        throw new Error(`unknown option ${a} (see --help)`);
    }
  }
  for (const n of o.only ?? [])
    if (!SHAPES.some((s) => s.name === n))
      throw new Error(`unknown shape ${n}: ${SHAPES.map((s) => s.name).join(', ')}`);
  if (!(o.duration > 0) || !(o.connections > 0) || !(o.warmup >= 0) || !(o.rounds >= 1))
    throw new Error('bad --duration / --connections / --warmup');
  return o;
}

const opts = parseArgs(process.argv.slice(2));
if (opts.loadgen === 'wrk') checkWrk();
const shapes = SHAPES.filter((s) => !opts.only || opts.only.includes(s.name));
const CEILING_SHAPES = ['GETSingle', 'GETSingleEmbed'];
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const TARGET_RATIO = 0.7;
/** the cheap request that waits out a server's backlog after each run (the bare server routes it too) */
const DRAIN_PATH = '/artist?select=*&artist_id=eq.1';

// ---------------------------------------------------------------- server processes

/** Time from spawning the child to its first 200 answer on `path` (ms). */
async function firstServed(c: Child, p: string): Promise<number> {
  for (;;) {
    try {
      const r = await once(c.baseUrl, { method: 'GET', path: p });
      if (r.status === 200) return Math.round(performance.now() - c.spawnedAt);
      throw new Error(`first request: HTTP ${r.status} ${r.body.slice(0, 300)}`);
    } catch (e) {
      if (e instanceof Error && e.message.startsWith('first request')) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

// ---------------------------------------------------------------- runs

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const TARGET_ORDER = [
  'rest-pg',
  'rest-pg-inprocess',
  'bare-node',
  'pgbench',
  'pgbench-extended',
  'bare-node-prepared',
  'bare-node-pipelined',
  'bare-node-pipelined-prepared',
  'pgbench-pipelined',
  'rest-pglite',
];

/**
 * One row per target and shape: with --rounds > 1 the run with the median req/s, failures summed
 * and the largest RSS over the rounds.
 */
function summaryRuns(): (RunFigures & { of: number; failed: number })[] {
  const groups = new Map<string, RunFigures[]>();
  for (const r of runs) {
    const k = `${r.target}\u0000${r.shape}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const rank = (r: RunFigures) =>
    (TARGET_ORDER.indexOf(r.target) + 1 || 99) * 100 + SHAPES.findIndex((s) => s.name === r.shape);
  return [...groups.values()]
    .map((g) => {
      const sorted = [...g].sort((a, b) => a.rps - b.rps);
      const rss = g.map((r) => r.rssMaxMB).filter((x): x is number => x !== null);
      return {
        ...sorted[Math.floor((sorted.length - 1) / 2)]!,
        of: g.length,
        failed: g.reduce((a, r) => a + r.non2xx + r.errors + r.timeouts, 0),
        rssMaxMB: rss.length ? Math.max(...rss) : null,
      };
    })
    .sort((a, b) => rank(a) - rank(b));
}

const runs: RunFigures[] = [];
const checks: { target: string; shape: string; status: number; expected: number; sample: string }[] = [];

function fmtRun(r: RunFigures): string {
  const failed = r.non2xx + r.errors + r.timeouts;
  const cpu = r.cpu
    ? ` cpu: server ${r.cpu.server ?? '-'}% loadgen ${r.cpu.loadgen}% pg ${r.cpu.postgres}% others ${r.cpu.others}%`
    : '';
  return `  ${r.target.padEnd(18)} ${r.shape.padEnd(18)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  failed ${failed}${r.rssMaxMB !== null ? `  rss ${r.rssMaxMB} MB` : ''}${cpu}${r.drainMs && r.drainMs > 200 ? `  (backlog drained ${r.drainMs} ms after the run)` : ''}`;
}

async function checkShape(target: string, baseUrl: string, shape: Shape): Promise<void> {
  const r = await once(baseUrl, shape.request(0));
  checks.push({
    target,
    shape: shape.name,
    status: r.status,
    expected: shape.expect,
    sample: r.body.slice(0, 160),
  });
  if (r.status !== shape.expect)
    console.log(
      `  ! ${target} ${shape.name}: expected ${shape.expect}, got ${r.status}: ${r.body.slice(0, 300)}`,
    );
  if (shape.teardown) await once(baseUrl, shape.teardown);
}

async function measure(
  target: string,
  baseUrl: string,
  pid: number | null,
  shape: Shape,
  round: number,
): Promise<RunFigures> {
  const r = await runShape(shape, {
    baseUrl,
    pid,
    target,
    connections: opts.connections,
    duration: opts.duration,
    warmup: opts.warmup,
    drainPath: DRAIN_PATH,
    loadgen: opts.loadgen,
  });
  r.round = round;
  runs.push(r);
  console.log(fmtRun(r));
  if (shape.teardown) {
    const t = await once(baseUrl, shape.teardown);
    if (t.status >= 300)
      console.log(`  ! teardown of ${shape.name}: HTTP ${t.status} ${t.body.slice(0, 200)}`);
  }
  return r;
}

async function runTarget(target: string, baseUrl: string, pid: number | null, list: Shape[]): Promise<void> {
  for (const shape of list) await checkShape(target, baseUrl, shape);
  for (const shape of list) await measure(target, baseUrl, pid, shape, 1);
}

/** The REST engine in this process, on its own node:http server. */
async function startInProcess(url: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const db = await openPostgresDb(url);
  const { createRestApp } = await import('../src/rest/index.ts');
  const app = await createRestApp(db, REST_CONFIG);
  const server = http.createServer((req, res) => void app.handle(req, res, req.url ?? '/'));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await app.close();
      await db.close();
    },
  };
}

// ---------------------------------------------------------------- main

interface ColdStart {
  what: string;
  listenMs: number | null;
  firstRequestMs: number | null;
  stages?: Record<string, number>;
  idleRssMB?: number | null;
  /** max RSS under load */
  loadRssMB?: number | null;
  /** the bench target whose runs give loadRssMB */
  target?: string;
  note?: string;
}

async function main(): Promise<void> {
  const started = new Date();
  const load = os.loadavg();
  console.log(
    `supabase-local bench — ${shapes.length} shape(s), ${opts.connections} connections, ${opts.duration} s each after ${opts.warmup} s warm-up`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${load.map((l) => l.toFixed(2)).join(' ')}${load[0]! > 1.5 ? '  (busy: figures will be noisy)' : ''}`,
  );
  console.log(`db: ${DB_IMPLEMENTATION}, pool ${POOL_SIZE}`);

  const adminUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const dbName = `bench_chinook_${process.pid}`;
  setPostgresDatabase(dbName);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const cold: ColdStart[] = [];
  const ratios: Record<string, Record<string, number | null>> = {};
  let specs: ReplaySpec[] = [];
  const profiles: ProfileSummary[] = [];
  let pgVersion: string | undefined;
  // npm start's server (the bundle, on a data folder) is bench/start.ts's to measure
  const cliNote =
    "`npm start`'s server (bin/supabase-local.mjs on a data folder): `pnpm --filter supabase-local run bench:start`";

  let dropped = false;
  const cleanup = async () => {
    for (const c of children) c.kill('SIGKILL');
    if (!dropped) {
      dropped = true;
      await dropScratchDatabase(adminUrl, dbName).catch((e: unknown) =>
        console.error(`could not drop ${dbName}:`, e),
      );
    }
  };
  process.on('SIGINT', () => {
    console.log('\ninterrupted: cleaning up');
    void cleanup().then(() => process.exit(130));
  });

  try {
    // 1. scratch database
    const t = performance.now();
    const url = await createScratchDatabase(adminUrl, dbName);
    console.log(`scratch database ${dbName}: chinook.sql loaded in ${Math.round(performance.now() - t)} ms`);
    {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      pgVersion = ((await c.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '').split(
        ' on ',
      )[0]!;
      await c.end();
    }

    // 2. the engine's SQL for the ceilings, recorded from the engine
    const wantCeilings = shapes.filter((s) => CEILING_SHAPES.includes(s.name));
    if (wantCeilings.length) {
      const db = await openPostgresDb(url);
      try {
        specs = (await captureSpecs(db)).filter((s) => wantCeilings.some((w) => w.name === s.shape));
      } finally {
        await db.close();
      }
      writeFileSync(path.join(RESULTS_DIR, 'replay.json'), JSON.stringify(specs, null, 2));
      for (const s of specs) {
        console.log(
          `\n${s.shape}: the engine's transaction (recorded; round trip, p = prepared), replayed by the ceilings:`,
        );
        for (const st of s.statements)
          console.log(
            `  ${st.trip}${st.prepare ? 'p' : ' '} ${st.text}${st.values.length ? `   -- ${st.values.length} params, id in $${st.idSlots.map((i) => i + 1).join(',$') || '-'}` : ''}`,
          );
      }
    }

    // 3. the servers over PostgreSQL: the REST engine in a child process; the bare-Node ceiling in
    //    another; the REST engine in this process too (same event loop as autocannon), for comparison
    console.log('\nServers over PostgreSQL:');
    const rest = await startChild({ BENCH_MODE: 'rest', BENCH_DB: 'postgres', BENCH_DATABASE_URL: url });
    const first = await firstServed(rest, DRAIN_PATH);
    cold.push({
      what: 'bench REST child over PostgreSQL (bundled engine + schema cache)',
      target: 'rest-pg',
      listenMs: rest.listenMs,
      firstRequestMs: first,
      stages: rest.stages,
      idleRssMB: Math.round((readRssKB(rest.pid) ?? 0) / 102.4) / 10,
    });
    console.log(`  rest-pg: REST engine child pid ${rest.pid}, first request served ${first} ms after spawn`);
    let bare: Child | null = null;
    if (specs.length) {
      const replay = path.join(RESULTS_DIR, 'replay.json');
      bare = await startChild({ BENCH_MODE: 'bare', BENCH_DATABASE_URL: url, BENCH_REPLAY: replay });
      console.log(
        `  bare-node: node:http + node-postgres replaying the recorded transaction, pid ${bare.pid}`,
      );
    }
    const variants: { target: string; child: Child }[] = [];
    if (specs.length && opts.variants) {
      const replay = path.join(RESULTS_DIR, 'replay.json');
      for (const [target, env] of [
        ['bare-node-prepared', { BENCH_PREPARED: '1' }],
        ['bare-node-pipelined', { BENCH_PIPELINE: '1' }],
        ['bare-node-pipelined-prepared', { BENCH_PIPELINE: '1', BENCH_PREPARED: '1' }],
      ] as const) {
        const child = await startChild({
          BENCH_MODE: 'bare',
          BENCH_DATABASE_URL: url,
          BENCH_REPLAY: replay,
          ...env,
        });
        variants.push({ target, child });
      }
      console.log(
        `  variants of the bare ceiling: ${variants.map((v) => v.target).join(', ')}; pgbench -M extended and pipelined`,
      );
    }
    let inproc: { baseUrl: string; close: () => Promise<void> } | null = null;
    if (opts.inprocess && wantCeilings.length) {
      inproc = await startInProcess(url);
      console.log(
        "  rest-pg-inprocess: REST engine in the load generator's process (RSS/CPU are the whole process)",
      );
    }
    const pgbenchBin = specs.length ? findPgbench() : null;
    if (specs.length && !pgbenchBin) console.log('  pgbench not found: no pgbench ceiling');
    else if (pgbenchBin)
      console.log(`  pgbench: ${pgbenchBin} -M ${opts.pgbenchProtocol}, ${opts.connections} clients`);

    try {
      for (const shape of shapes) await checkShape('rest-pg', rest.baseUrl, shape);
      for (const shape of wantCeilings) {
        if (inproc) await checkShape('rest-pg-inprocess', inproc.baseUrl, shape);
        if (bare) await checkShape('bare-node', bare.baseUrl, shape);
        for (const v of variants) await checkShape(v.target, v.child.baseUrl, shape);
      }

      // 4. GETSingle / GETSingleEmbed: REST and its ceilings back to back, --rounds times
      for (let round = 1; round <= opts.rounds; round++) {
        if (wantCeilings.length)
          console.log(`\nREST vs ceilings${opts.rounds > 1 ? `, round ${round}/${opts.rounds}` : ''}:`);
        for (const shape of wantCeilings) {
          await measure('rest-pg', rest.baseUrl, rest.pid, shape, round);
          if (inproc) await measure('rest-pg-inprocess', inproc.baseUrl, process.pid, shape, round);
          if (bare) await measure('bare-node', bare.baseUrl, bare.pid, shape, round);
          for (const v of variants) await measure(v.target, v.child.baseUrl, v.child.pid, shape, round);
          const spec = specs.find((x) => x.shape === shape.name);
          if (pgbenchBin && spec) {
            const kinds = [{ target: 'pgbench', protocol: opts.pgbenchProtocol, pipelined: false }];
            if (opts.variants) {
              kinds.push({ target: 'pgbench-extended', protocol: 'extended', pipelined: false });
              kinds.push({ target: 'pgbench-pipelined', protocol: opts.pgbenchProtocol, pipelined: true });
            }
            for (const k of kinds) {
              const script = pgbenchScript(spec, k.pipelined);
              const { output, ...fig } = await runPgbench(spec.shape, script, {
                bin: pgbenchBin,
                url,
                clients: opts.connections,
                duration: opts.duration,
                warmup: opts.warmup,
                protocol: k.protocol === 'simple' && hasPipeline(script) ? 'extended' : k.protocol,
                workDir: path.join(RESULTS_DIR, 'pgbench'),
                target: k.target,
              });
              void output;
              fig.round = round;
              runs.push(fig);
              console.log(fmtRun(fig));
            }
          }
        }
      }

      // 5. the other shapes, REST only
      const others = shapes.filter((s) => !CEILING_SHAPES.includes(s.name));
      if (others.length) console.log('\nREST engine over PostgreSQL, the other shapes:');
      for (const shape of others) await measure('rest-pg', rest.baseUrl, rest.pid, shape, 1);
    } finally {
      await rest.stop();
      await bare?.stop();
      for (const v of variants) await v.child.stop();
      await inproc?.close();
    }

    // 7. REST over PGlite
    if (!opts.skipPglite) {
      console.log('\nREST engine over in-memory PGlite (child process; chinook.sql loaded at start-up):');
      const lite = await startChild({ BENCH_MODE: 'rest', BENCH_DB: 'pglite' });
      const firstLite = await firstServed(lite, '/artist?select=*&artist_id=eq.1');
      cold.push({
        what: 'bench REST child over PGlite (incl. loading chinook.sql)',
        target: 'rest-pglite',
        listenMs: lite.listenMs,
        firstRequestMs: firstLite,
        stages: lite.stages,
        idleRssMB: Math.round((readRssKB(lite.pid) ?? 0) / 102.4) / 10,
      });
      await runTarget('rest-pglite', lite.baseUrl, lite.pid, shapes);
      await lite.stop();
    }

    // 8. profile when REST is below the target against bare Node (or on --profile)
    Object.assign(ratios, computeRatios(runs, opts.rounds));
    const below = Object.entries(ratios)
      .filter(([, r]) => r['rest/bare-node'] !== null && r['rest/bare-node']! < TARGET_RATIO)
      .map(([n]) => n);
    if (opts.profile === true || (opts.profile === null && below.length)) {
      const which =
        opts.profile === true
          ? shapes.filter((s) => CEILING_SHAPES.includes(s.name)).map((s) => s.name)
          : below;
      console.log(
        `\nProfiling the REST child and the bare-Node ceiling (node --cpu-prof) under ${which.join(', ')}${opts.profile ? '' : ` (REST/bare-Node < ${TARGET_RATIO})`}:`,
      );
      for (const name of which) {
        const shape = SHAPES.find((s) => s.name === name)!;
        const spec = specs.find((x) => x.shape === name);
        const pair: { summary: ProfileSummary; requests: number; label: string }[] = [];
        for (const kind of spec ? (['rest', 'bare'] as const) : (['rest'] as const)) {
          // one folder per run: with tsx the module-hooks thread writes a profile of its own
          const dir = path.join(RESULTS_DIR, 'profiles', `${name}-${kind}`);
          rmSync(dir, { recursive: true, force: true });
          mkdirSync(dir, { recursive: true });
          const env: Record<string, string> =
            kind === 'rest'
              ? { BENCH_MODE: 'rest', BENCH_DB: 'postgres', BENCH_DATABASE_URL: url }
              : {
                  BENCH_MODE: 'bare',
                  BENCH_DATABASE_URL: url,
                  BENCH_REPLAY: path.join(RESULTS_DIR, 'replay.json'),
                };
          // through tsx, so the profile names each function's file (the measured runs run the bundle)
          const child = await startChild(env, ['--cpu-prof', `--cpu-prof-dir=${dir}`], { sources: true });
          await firstServed(child, DRAIN_PATH);
          const r = await runShape(shape, {
            baseUrl: child.baseUrl,
            pid: child.pid,
            target: `${kind === 'rest' ? 'rest-pg' : 'bare-node'} (profiled)`,
            connections: opts.connections,
            duration: opts.duration,
            warmup: opts.warmup,
            drainPath: DRAIN_PATH,
          });
          console.log(fmtRun(r));
          await child.stop();
          // the main thread's profile is the biggest one
          const file = readdirSync(dir)
            .filter((f) => f.endsWith('.cpuprofile'))
            .map((f) => path.join(dir, f))
            .sort((a, b) => statSync(b).size - statSync(a).size)[0];
          if (!file) {
            console.log(`  (no profile written in ${dir})`);
            continue;
          }
          const s = summarizeProfile(file);
          profiles.push(s);
          // every request the server answered: warm-up, measured run, first request and drains
          pair.push({
            summary: s,
            requests: r.requests + (r.warmupRequests ?? 0) + 3,
            label: kind === 'rest' ? 'REST' : 'bare-Node',
          });
          if (kind === 'rest') printProfile(s);
        }
        if (pair.length === 2)
          printComparison(pair[0]!.summary, pair[0]!.requests, pair[1]!.summary, pair[1]!.requests, [
            pair[0]!.label,
            pair[1]!.label,
          ]);
      }
    }
  } finally {
    await cleanup();
  }

  // ------------------------------------------------------------ report
  printTable(ratios, cold, cliNote);
  const out = {
    startedAt: started.toISOString(),
    command: `tsx bench/run.ts ${process.argv.slice(2).join(' ')}`.trim(),
    options: opts,
    machine: {
      cores: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadAverageAtStart: load,
      node: process.version,
      postgres: pgVersion,
    },
    db: DB_IMPLEMENTATION,
    pool: POOL_SIZE,
    restConfig: REST_CONFIG,
    summary: summaryRuns(),
    runs,
    ratios,
    targets: {
      'rest/bare-node': `>= ${TARGET_RATIO} for GETSingle and GETSingleEmbed`,
      failedRequests: 0,
      coldStartMs: '<= 10000',
      rssMB: '<= 300',
    },
    postgrestPublished: PUBLISHED,
    checks,
    coldStart: cold,
    cliNote,
    replay: specs,
    profiles,
  };
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), JSON.stringify(out, null, 2) + '\n');
  // and a copy that the next run does not overwrite
  writeFileSync(
    path.join(RESULTS_DIR, `run-${out.startedAt.replace(/[:.]/g, '-')}.json`),
    JSON.stringify(out) + '\n',
  );
  console.log(`\nwritten ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.json'))}`);
}

/** CPU (µs) this run's own processes spent per request: server + PostgreSQL + load generator. */
function cpuPerRequest(r: RunFigures): number | null {
  if (!r.cpu || !r.rps || r.cpu.server === null) return null;
  const server = r.target === 'rest-pg-inprocess' ? r.cpu.server : r.cpu.server + r.cpu.loadgen;
  return ((server + r.cpu.postgres) * 1e4) / r.rps;
}

/**
 * REST against the ceilings. Per round (the runs were back to back), then the median over rounds.
 * `x/y` compares requests/s; `x/y by CPU` compares CPU per request (y's over x's), which other
 * jobs on the machine disturb less than throughput: what the ratio would be on a machine of our own.
 */
function computeRatios(all: RunFigures[], rounds: number): Record<string, Record<string, number | null>> {
  const out: Record<string, Record<string, number | null>> = {};
  for (const name of CEILING_SHAPES) {
    if (!all.some((r) => r.target === 'rest-pg' && r.shape === name)) continue;
    const of = (target: string, round: number) =>
      all.find((r) => r.target === target && r.shape === name && (r.round ?? 1) === round);
    const ratio = (a: string, b: string, byCpu = false) => {
      const per: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        const x = of(a, round);
        const y = of(b, round);
        if (!x || !y) continue;
        if (byCpu) {
          const cx = cpuPerRequest(x);
          const cy = cpuPerRequest(y);
          if (cx && cy) per.push(cy / cx);
        } else if (y.rps > 0) per.push(x.rps / y.rps);
      }
      return per.length ? Math.round(median(per) * 100) / 100 : null;
    };
    const has = (t: string) => all.some((r) => r.target === t && r.shape === name);
    const r: Record<string, number | null> = {
      'rest/bare-node': ratio('rest-pg', 'bare-node'),
      'rest/bare-node by CPU': ratio('rest-pg', 'bare-node', true),
      'rest/pgbench': ratio('rest-pg', 'pgbench'),
      'bare-node/pgbench': ratio('bare-node', 'pgbench'),
    };
    if (has('rest-pg-inprocess')) r['rest-inprocess/bare-node'] = ratio('rest-pg-inprocess', 'bare-node');
    for (const v of ['bare-node-prepared', 'bare-node-pipelined', 'bare-node-pipelined-prepared']) {
      if (has(v)) {
        r[`${v}/bare-node`] = ratio(v, 'bare-node');
        r[`${v}/bare-node by CPU`] = ratio(v, 'bare-node', true);
      }
    }
    for (const v of ['pgbench-extended', 'pgbench-pipelined'])
      if (has(v)) r[`${v}/pgbench`] = ratio(v, 'pgbench');
    out[name] = r;
  }
  return out;
}

/** PostgREST v16.4's published figures (k6, 50 VUs, 60 s, 2 vCPU t3a.small, PostgreSQL elsewhere). */
const PUBLISHED: Record<string, { rps: number; p50: number }> = {
  GETSingle: { rps: 2016, p50: 24.6 },
  GETSingleEmbed: { rps: 1628, p50: 30.5 },
  GETAllEmbed: { rps: 232, p50: 163 },
  POSTSingle: { rps: 1522, p50: 32.2 },
  POSTBulk: { rps: 1303, p50: 37.6 },
  PATCHSingle: { rps: 1898, p50: 26.1 },
  RPCSimple: { rps: 1839, p50: 26.6 },
  RPCGETSingleEmbed: { rps: 1306, p50: 37.4 },
};

function fmtCold(c: ColdStart): string {
  if (c.target) {
    const rss = runs.filter((r) => r.target === c.target && r.rssMaxMB !== null).map((r) => r.rssMaxMB!);
    if (rss.length) c.loadRssMB = Math.max(...rss);
  }
  const parts = [
    `first served request ${c.firstRequestMs ?? '-'} ms after spawn${c.listenMs !== null ? ` (listening at ${c.listenMs} ms)` : ''}`,
    `RSS after start ${c.idleRssMB ?? '-'} MB, max under load ${c.loadRssMB ?? '-'} MB`,
  ];
  if (c.stages) parts.push(`in-process stages (ms since start) ${JSON.stringify(c.stages)}`);
  if (c.note) parts.push(c.note);
  return `  ${c.what}:\n    ${parts.join('\n    ')}`;
}

function printTable(
  ratios: Record<string, Record<string, number | null>>,
  cold: ColdStart[],
  cliNote: string,
): void {
  const head = [
    'target',
    'shape',
    'req/s',
    'p50 ms',
    'p99 ms',
    'failed',
    'max RSS MB',
    'server CPU%',
    'server CPU µs/req',
    'pg CPU%',
    'pg CPU µs/req',
    'others CPU%',
    'our CPU µs/req',
    'PostgREST req/s',
  ];
  if (opts.rounds > 1) head.push('runs');
  const rows = summaryRuns().map((r) => [
    r.target,
    r.shape,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    String(r.failed),
    r.rssMaxMB === null ? '-' : String(r.rssMaxMB),
    r.cpu?.server == null ? '-' : String(r.cpu.server),
    r.cpu?.server == null || !r.rps ? '-' : String(Math.round((r.cpu.server * 1e4) / r.rps)),
    r.cpu ? String(r.cpu.postgres) : '-',
    r.cpu && r.rps ? String(Math.round((r.cpu.postgres * 1e4) / r.rps)) : '-',
    r.cpu ? String(r.cpu.others) : '-',
    cpuPerRequest(r) === null ? '-' : String(Math.round(cpuPerRequest(r)!)),
    r.target.startsWith('rest') ? String(PUBLISHED[r.shape]?.rps ?? '-') : '',
    ...(opts.rounds > 1 ? [r.of > 1 ? `median of ${r.of}` : '1'] : []),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log('\n' + line(head));
  console.log(
    '|' + widths.map((w, i) => (i < 2 ? '-'.repeat(w + 1) + '-' : '-'.repeat(w + 1) + ':')).join('|') + '|',
  );
  for (const r of rows) console.log(line(r));
  console.log(
    [
      'CPU% is of one core, over the measured run. server = the server process (pgbench rows: pgbench itself;',
      "rest-pg-inprocess: the whole bench process, autocannon included); pg = the scratch database's backends;",
      "others = everything else on the machine (other users' jobs: the noise in that run); our CPU µs/req =",
      '(server + load generator + pg) CPU per request. "by CPU" ratios compare that cost instead of req/s.',
    ].join('\n'),
  );
  if (Object.keys(ratios).length) {
    console.log(
      `\nratios (target: REST/bare-Node >= 0.7)${opts.rounds > 1 ? ', median of the per-round ratios' : ''}:`,
    );
    for (const [shape, r] of Object.entries(ratios)) {
      console.log(
        `  ${shape.padEnd(16)} ${Object.entries(r)
          .map(([k, v]) => `${k} ${v ?? '-'}`)
          .join('   ')}`,
      );
    }
  }
  console.log('\ncold start / memory (targets: first request <= 10 s, RSS under load <= 300 MB):');
  for (const c of cold) console.log(fmtCold(c));
  if (cliNote) console.log(`  ${cliNote}`);
}

/** --report: the last run's figures again (with this version's table and ratios). */
function reprint(): void {
  const file = path.join(RESULTS_DIR, 'latest.json');
  const last = JSON.parse(readFileSync(file, 'utf8')) as {
    command: string;
    options: { rounds: number };
    runs: RunFigures[];
    coldStart: ColdStart[];
    cliNote: string;
  };
  console.log(`${path.relative(process.cwd(), file)}: ${last.command}`);
  opts.rounds = last.options.rounds;
  runs.push(...last.runs);
  printTable(computeRatios(runs, opts.rounds), last.coldStart, last.cliNote);
}

(opts.report ? Promise.resolve().then(reprint) : main()).catch(async (e: unknown) => {
  console.error(e);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
