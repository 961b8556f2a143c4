/** pgbench running the engine's recorded transaction (bench/capture.ts) as a custom script. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Sampler, type RunFigures } from './load.ts';

export function findPgbench(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  for (const v of ['17', '16', '15', '14']) {
    const p = `/usr/lib/postgresql/${v}/bin/pgbench`;
    if (existsSync(p)) return p;
  }
  return null;
}

export interface PgbenchOptions {
  bin: string;
  url: string;
  clients: number;
  duration: number;
  warmup: number;
  /** -M: simple | extended | prepared */
  protocol: string;
  workDir: string;
  /** the figures' target name (and the script file's suffix) */
  target?: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function run(
  bin: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onSpawn?: (pid: number) => void,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (p.pid !== undefined) onSpawn?.(p.pid);
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (out += c.toString()));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

export async function runPgbench(
  shape: string,
  script: string,
  o: PgbenchOptions,
): Promise<RunFigures & { output: string }> {
  mkdirSync(o.workDir, { recursive: true });
  const target = o.target ?? 'pgbench';
  const file = path.join(o.workDir, `${shape}-${target}.sql`);
  writeFileSync(file, script);
  const u = new URL(o.url);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const db = decodeURIComponent(u.pathname.slice(1));
  const jobs = String(Math.min(2, o.clients));
  const common = ['-n', '-M', o.protocol, '-c', String(o.clients), '-j', jobs, '-f', file, ...conn];
  const env = u.password ? { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } : process.env;
  if (o.warmup > 0) {
    const w = await run(o.bin, [...common, '-T', String(o.warmup), db], o.workDir, env);
    if (w.code !== 0) throw new Error(`pgbench failed:\n${w.out}`);
  }
  const logDir = path.join(o.workDir, `${shape}-${target}-log`);
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  // "server" CPU of a pgbench run is pgbench's own (the client side of the ceiling)
  let sampler: Sampler | null = null;
  const r = await run(
    o.bin,
    [...common, '-T', String(o.duration), '-l', `--log-prefix=${path.join(logDir, 'tx')}`, db],
    o.workDir,
    env,
    (pid) => {
      sampler = new Sampler(pid);
      sampler.start();
    },
  );
  const s = (sampler as Sampler | null)?.stop() ?? { cpu: null };
  if (r.code !== 0) throw new Error(`pgbench failed:\n${r.out}`);
  const num = (re: RegExp) => {
    const m = re.exec(r.out);
    return m ? Number(m[1]) : NaN;
  };
  const tps = num(/tps = ([\d.]+) \(without initial connection time\)/);
  const processed = num(/number of transactions actually processed: (\d+)/);
  const failed = num(/number of failed transactions: (\d+)/);
  // per-transaction log lines: client_id transaction_no time(us) script_no epoch us
  const lat: number[] = [];
  for (const f of readdirSync(logDir)) {
    for (const line of readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
      const parts = line.split(' ');
      if (parts.length >= 3) lat.push(Number(parts[2]) / 1000);
    }
  }
  rmSync(logDir, { recursive: true, force: true });
  const sorted = Float64Array.from(lat).sort();
  const avg = lat.length ? lat.reduce((a, b) => a + b, 0) / lat.length : 0;
  return {
    target,
    shape,
    durationS: o.duration,
    requests: processed,
    rps: Math.round(tps),
    p50: Math.round(percentile(sorted, 50) * 100) / 100,
    p99: Math.round(percentile(sorted, 99) * 100) / 100,
    avgMs: Math.round(avg * 100) / 100,
    maxMs: Math.round((sorted[sorted.length - 1] ?? 0) * 100) / 100,
    non2xx: Number.isNaN(failed) ? 0 : failed,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    rssMaxMB: null,
    rssAvgMB: null,
    cpu: s.cpu,
    note: `-M ${o.protocol} -c ${o.clients} -j ${jobs}`,
    output: r.out,
  };
}
