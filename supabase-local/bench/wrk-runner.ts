/**
 * wrk (Debian's `wrk`, C and epoll) run from a Lua script that makes the requests: the figures its
 * done() prints as one JSON line, and the CPU wrk itself used. On a 2-core machine the load generator
 * shares the cores with the server and PostgreSQL; wrk spends a small part of what a Node.js client
 * spends a request (bench/wrk.ts for the GET shapes, wrkPostRun for writes such as checkouts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** CPU ticks of this process's children that have ended and been waited for (wrk runs). */
export function childrenTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]); // cutime + cstime (fields 16, 17)
}

/** Throws with how to get wrk when it is not there. */
export function checkWrk(): void {
  const r = spawnSync(WRK, ['--version'], { encoding: 'utf8' });
  if (r.error)
    throw new Error(
      `the wrk load generator needs wrk at ${WRK}: install Debian's package (apt-get install wrk) or set WRK_PATH`,
    );
}

/** What one wrk run measured. */
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
  /** CPU seconds wrk itself used (user + system, at the kernel's 10 ms ticks) */
  cpuS: number;
}

export const luaString = (s: string) => JSON.stringify(s); // a JSON string of ASCII is a valid Lua string

/** A POST that wrk sends with a number of its own in the body (see wrkPostRun). */
export interface WrkPost {
  headers: Record<string, string>;
  /** the JSON body, with WRK_SEQ where the request's own number goes (once) */
  body: string;
}

/** Where wrkPostRun puts each request's own number: its connection's and its own on it (`3-17`). */
export const WRK_SEQ = '{{wrk-seq}}';

/**
 * POSTs to one path over one connection per list of `perConnection` (a wrk thread each), each
 * connection sending its own list's requests in turn, one at a time, as one client would (one
 * shopper's checkouts never overlap). Each body gets its own number in place of WRK_SEQ: a write
 * that must not repeat (an idempotency key) stays unique however many requests the run sends.
 */
export async function wrkPostRun(
  baseUrl: string,
  urlPath: string,
  perConnection: WrkPost[][],
  durationS: number,
): Promise<WrkResult> {
  const template = (p: WrkPost) => {
    const at = p.body.indexOf(WRK_SEQ);
    if (at < 0 || p.body.indexOf(WRK_SEQ, at + 1) >= 0)
      throw new Error(`a wrk POST body needs ${WRK_SEQ} exactly once`);
    const headers = Object.entries(p.headers)
      .map(([k, v]) => `[${luaString(k)}]=${luaString(v)}`)
      .join(',');
    return `{headers={${headers}},before=${luaString(p.body.slice(0, at))},after=${luaString(p.body.slice(at + WRK_SEQ.length))}}`;
  };
  const groups = perConnection.map((posts) => `{${posts.map(template).join(',\n')}}`);
  return runScript(
    baseUrl,
    `local groups = {${groups.join(',\n')}}
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("connection", threads)
end
local templates
local n = 0
init = function(args)
  templates = groups[connection]
end
request = function()
  n = n + 1
  local t = templates[(n - 1) % #templates + 1]
  return wrk.format("POST", ${luaString(urlPath)}, t.headers, t.before .. connection .. "-" .. n .. t.after)
end
`,
    perConnection.length,
    durationS,
    perConnection.length,
  );
}

/** wrk with a Lua script that defines `request`; the figures its done() prints. */
export async function runScript(
  baseUrl: string,
  lua: string,
  connections: number,
  durationS: number,
  threads = 1,
): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const script = path.join(dir, 'shape.lua');
    writeFileSync(
      script,
      `${lua}done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"mean_us":%f,"max_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.mean, latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`,
    );
    const ticks0 = childrenTicks();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        WRK,
        [`-t${threads}`, `-c${connections}`, `-d${durationS}s`, '--timeout', '10s', '-s', script, baseUrl],
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
      cpuS: (childrenTicks() - ticks0) / 100,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
