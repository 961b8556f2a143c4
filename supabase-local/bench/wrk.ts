/**
 * `--loadgen=wrk`: the GET shapes driven by wrk (Debian's `wrk`, C and epoll) instead of autocannon.
 * On a 2-core machine the load generator shares the cores with the server and PostgreSQL, and
 * autocannon spends ~20–85 µs of CPU a request against pgbench's ~9 µs for its whole loop: the REST
 * figures then carry the generator's cost and pgbench's do not. PostgREST's own benchmark keeps the
 * generator (k6) on a machine of its own; wrk is the nearest this machine gets.
 *
 * The shape's requests are made here (4,096 of them, the ids drawn as for autocannon) and wrk sends
 * them round-robin from a Lua script; the script's done() prints the figures as one JSON line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Shape } from './shapes.ts';

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** Throws with how to get wrk when it is not there. */
export function checkWrk(): void {
  const r = spawnSync(WRK, ['--version'], { encoding: 'utf8' });
  if (r.error)
    throw new Error(
      `--loadgen=wrk needs wrk at ${WRK}: install Debian's package (apt-get install wrk) or set WRK_PATH`,
    );
}

/** Whether wrk can send this shape: GET requests without a body (the ones that need no iteration count). */
export function wrkCanSend(shape: Shape): boolean {
  const r = shape.request(0);
  return r.method === 'GET' && !r.body;
}

export interface WrkResult {
  requests: number;
  durationS: number;
  p50: number;
  p99: number;
  avgMs: number;
  maxMs: number;
  /** HTTP status ≥ 400 (wrk counts no other) */
  non2xx: number;
  errors: number;
  timeouts: number;
}

const luaString = (s: string) => JSON.stringify(s); // a JSON string of ASCII is a valid Lua string

export async function wrkRun(
  baseUrl: string,
  shape: Shape,
  connections: number,
  durationS: number,
): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const paths = Array.from({ length: 4096 }, (_, i) => shape.request(i).path);
    const script = path.join(dir, 'shape.lua');
    writeFileSync(
      script,
      `local paths = {${paths.map(luaString).join(',')}}
local requests = {}
local n = 0
init = function(args)
  for i, p in ipairs(paths) do requests[i] = wrk.format("GET", p) end
end
request = function()
  n = n % #requests + 1
  return requests[n]
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"mean_us":%f,"max_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.mean, latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`,
    );
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        WRK,
        ['-t1', `-c${connections}`, `-d${durationS}s`, '--timeout', '10s', '-s', script, baseUrl],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text.slice(0, 500)}`)),
      );
    });
    const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no figures: ${out.slice(0, 500)}`);
    const j = JSON.parse(line) as Record<string, number>;
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      requests: j['requests']!,
      durationS: j['duration_us']! / 1e6,
      p50: ms(j['p50_us']!),
      p99: ms(j['p99_us']!),
      avgMs: ms(j['mean_us']!),
      maxMs: ms(j['max_us']!),
      non2xx: j['status']!,
      errors: j['connect']! + j['read']! + j['write']!,
      timeouts: j['timeout']!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
