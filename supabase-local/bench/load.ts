/**
 * One measured run of autocannon (or wrk: bench/wrk.ts) after a discarded warm-up, with the server
 * process's resident memory and the CPU spent by the server, the load generator (this process and
 * the children it waited for), PostgreSQL and the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { autocannonRequests, type Shape } from './shapes.ts';
import { wrkCanSend, wrkRun } from './wrk.ts';
import { childrenTicks } from './wrk-runner.ts';

export interface CpuShare {
  /** percent of one core, averaged over the run */
  server: number | null;
  loadgen: number;
  /** the scratch database's backends plus the shared writers */
  postgres: number;
  /** percent of all cores busy */
  machine: number;
  /** CPU used by everything else on the machine (other users' jobs), percent of one core */
  others: number;
}

export interface RunFigures {
  target: string;
  shape: string;
  durationS: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  avgMs: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** resident memory of the server process during the run (MB) */
  rssMaxMB: number | null;
  rssAvgMB: number | null;
  cpu: CpuShare | null;
  /** requests answered during the warm-up (not in the figures) */
  warmupRequests?: number;
  /** --rounds: which round of the REST-vs-ceilings comparison */
  round?: number;
  /** how long the server still worked on abandoned requests after the run (ms) */
  drainMs?: number;
  note?: string;
}

const TICK = 100; // USER_HZ on Linux

function readTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14, 15)
  } catch {
    return null;
  }
}

export function readRssKB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

let pgDatabase: string | null = null;
/** Count only the backends of this database (and the server's shared writers), not other users'. */
export function setPostgresDatabase(name: string): void {
  pgDatabase = name;
}

function postgresTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (pgDatabase) {
        const title = readFileSync(`/proc/${d}/cmdline`, 'utf8');
        if (!title.includes(` ${pgDatabase} `) && !/: (checkpointer|background writer|walwriter)/.test(title))
          continue;
      }
    } catch {
      continue;
    }
    const t = readTicks(Number(d));
    if (t !== null) out.set(Number(d), t);
  }
  return out;
}

function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Samples CPU and memory between start() and stop(). */
export class Sampler {
  private rss: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private t0 = 0;
  private server0: number | null = null;
  private serverLast: number | null = null;
  private self0 = process.cpuUsage();
  private children0 = 0;
  /** postgres processes: first and last seen CPU ticks (backends may come and go during a run) */
  private pg = new Map<number, { first: number; last: number }>();
  private pgTimer: NodeJS.Timeout | null = null;
  private m0 = { busy: 0, total: 0 };

  private samplePostgres(): void {
    for (const [pid, t] of postgresTicks()) {
      const e = this.pg.get(pid);
      if (e) e.last = t;
      else this.pg.set(pid, { first: this.started ? 0 : t, last: t });
    }
  }
  private started = false;

  constructor(private readonly pid: number | null) {}

  start(): void {
    this.t0 = performance.now();
    this.server0 = this.pid === null ? null : readTicks(this.pid);
    this.self0 = process.cpuUsage();
    this.children0 = childrenTicks();
    this.pg.clear();
    this.started = false;
    this.samplePostgres(); // processes alive now: count from here; processes that appear later: count from 0
    this.started = true;
    this.pgTimer = setInterval(() => this.samplePostgres(), 500);
    this.m0 = machineTicks();
    if (this.pid !== null) {
      const pid = this.pid;
      const sample = () => {
        const kb = readRssKB(pid);
        if (kb !== null) this.rss.push(kb);
        const t = readTicks(pid);
        if (t !== null) this.serverLast = t;
      };
      sample();
      this.timer = setInterval(sample, 250);
    }
  }

  stop(): { rssMaxMB: number | null; rssAvgMB: number | null; cpu: CpuShare } {
    if (this.timer) clearInterval(this.timer);
    if (this.pgTimer) clearInterval(this.pgTimer);
    this.samplePostgres();
    const secs = (performance.now() - this.t0) / 1000;
    const server1 = this.pid === null ? null : (readTicks(this.pid) ?? this.serverLast);
    const self = process.cpuUsage(this.self0);
    let pgTicks = 0;
    for (const e of this.pg.values()) pgTicks += e.last - e.first;
    const m1 = machineTicks();
    const pct = (ticks: number) => Math.round((ticks / TICK / secs) * 1000) / 10;
    const mb = (kb: number) => Math.round(kb / 102.4) / 10;
    const server = this.server0 !== null && server1 !== null ? pct(server1 - this.server0) : null;
    // this process and the children it waited for (wrk), rounded once
    const loadgen =
      Math.round(
        ((self.user + self.system) / 1e6 / secs + (childrenTicks() - this.children0) / TICK / secs) * 1000,
      ) / 10;
    const postgres = pct(pgTicks);
    const machine =
      Math.round(((m1.busy - this.m0.busy) / Math.max(1, m1.total - this.m0.total)) * 1000) / 10;
    // in-process runs: the server is this process, counted once
    const ours = (this.pid === process.pid ? 0 : (server ?? 0)) + loadgen + postgres;
    const others = Math.max(0, Math.round(machine * cpus().length - ours));
    return {
      rssMaxMB: this.rss.length ? mb(Math.max(...this.rss)) : null,
      rssAvgMB: this.rss.length ? mb(this.rss.reduce((a, b) => a + b, 0) / this.rss.length) : null,
      cpu: { server, loadgen, postgres, machine, others },
    };
  }
}

export interface LoadOptions {
  baseUrl: string;
  connections: number;
  duration: number;
  warmup: number;
  /** server process to sample (null: in-process) */
  pid: number | null;
  target: string;
  /** a cheap GET that waits out the server's backlog after a run (see drain) */
  drainPath?: string;
  /** wrk for the GET shapes (bench/wrk.ts); autocannon for the others and by default */
  loadgen?: 'autocannon' | 'wrk';
}

async function cannon(baseUrl: string, shape: Shape, connections: number, duration: number): Promise<Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration,
    timeout: 10,
    requests: autocannonRequests(shape),
  });
}

/**
 * When autocannon stops it closes its sockets, but the server still works through the requests it
 * had accepted (a PGlite server, whose queries block its event loop, can be many seconds behind).
 * Wait for that backlog so it is not charged to the next run: one cheap request, then until the
 * server process has been idle for two 250 ms windows in a row. (The request alone is not enough:
 * a server with a blocked event loop does not take requests in arrival order.) Returns the wait (ms).
 */
async function drain(o: LoadOptions): Promise<number> {
  if (!o.drainPath) return 0;
  const t = performance.now();
  await once(o.baseUrl, { method: 'GET', path: o.drainPath }).catch(() => {});
  if (o.pid !== null && o.pid !== process.pid) {
    let quiet = 0;
    let prev = readTicks(o.pid);
    while (quiet < 2 && prev !== null && performance.now() - t < 180_000) {
      await new Promise((r) => setTimeout(r, 250));
      const now = readTicks(o.pid);
      if (now === null) break;
      quiet = now - prev <= 2 ? quiet + 1 : 0;
      prev = now;
    }
  }
  return Math.round(performance.now() - t);
}

export async function runShape(shape: Shape, o: LoadOptions): Promise<RunFigures> {
  if (o.loadgen === 'wrk' && wrkCanSend(shape)) return runShapeWrk(shape, o);
  let warmupRequests = 0;
  if (o.warmup > 0) {
    warmupRequests = (await cannon(o.baseUrl, shape, o.connections, o.warmup)).requests.total;
    await drain(o);
  }
  const sampler = new Sampler(o.pid);
  sampler.start();
  const r = await cannon(o.baseUrl, shape, o.connections, o.duration);
  const s = sampler.stop();
  const drainMs = await drain(o);
  const statusCodes: Record<string, number> = {};
  for (const [code, v] of Object.entries(r.statusCodeStats)) statusCodes[code] = v.count;
  // autocannon counts a 2xx that is not the shape's status as success; count those as failures too
  const unexpected = Object.entries(statusCodes)
    .filter(([code]) => Number(code) !== shape.expect && Number(code) >= 200 && Number(code) < 300)
    .reduce((a, [, n]) => a + n, 0);
  const total = r.requests.total;
  return {
    target: o.target,
    shape: shape.name,
    durationS: r.duration,
    requests: total,
    rps: Math.round(total / r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    avgMs: Math.round(r.latency.average * 100) / 100,
    maxMs: r.latency.max,
    non2xx: r.non2xx + unexpected,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes,
    ...s,
    drainMs,
    warmupRequests,
  };
}

async function runShapeWrk(shape: Shape, o: LoadOptions): Promise<RunFigures> {
  let warmupRequests = 0;
  if (o.warmup > 0) {
    warmupRequests = (await wrkRun(o.baseUrl, shape, o.connections, o.warmup)).requests;
    await drain(o);
  }
  const sampler = new Sampler(o.pid);
  sampler.start();
  const r = await wrkRun(o.baseUrl, shape, o.connections, o.duration);
  const s = sampler.stop();
  const drainMs = await drain(o);
  return {
    target: o.target,
    shape: shape.name,
    durationS: Math.round(r.durationS * 100) / 100,
    requests: r.requests,
    rps: Math.round(r.requests / r.durationS),
    p50: r.p50,
    p99: r.p99,
    avgMs: r.avgMs,
    maxMs: r.maxMs,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: {},
    ...s,
    drainMs,
    warmupRequests,
    note: 'wrk',
  };
}

/** One request, for the pre-run check and the teardowns. */
export async function once(
  baseUrl: string,
  req: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const r = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body });
  return { status: r.status, body: await r.text() };
}
