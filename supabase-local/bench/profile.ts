/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by function, self time by area
 * (src/rest, pg, node:http, GC…), and inclusive time of src/rest functions.
 * Usage on its own: tsx bench/profile.ts <file.cpuprofile>
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileRow {
  name: string;
  where: string;
  ms: number;
  pct: number;
}

export interface ProfileSummary {
  file: string;
  /** CPU time (idle and module loading excluded) */
  totalMs: number;
  byArea: ProfileRow[];
  topSelf: ProfileRow[];
  restInclusive: ProfileRow[];
}

function area(url: string, fn: string): string {
  if (url === '') {
    if (fn === '(garbage collector)') return 'GC';
    if (fn === '(idle)' || fn === '(program)' || fn === '(root)') return fn;
    return 'native/builtin';
  }
  if (url.includes('/src/rest/')) return 'src/rest';
  if (url.includes('/src/db/')) return 'src/db';
  if (
    url.includes('/node_modules/pg') ||
    url.includes('/pg-protocol/') ||
    url.includes('/pg-pool/') ||
    url.includes('/pg-types/')
  )
    return 'node-postgres';
  if (url.includes('/bench/')) return 'bench';
  if (url.startsWith('node:')) {
    if (/_http|http|net|stream|events|buffer|string_decoder/.test(url)) return 'node:http/net/stream';
    return 'node internals';
  }
  if (url.includes('/node_modules/')) return 'other deps';
  return 'other';
}

function shortWhere(url: string, line: number): string {
  const i = url.indexOf('/src/');
  const j = url.indexOf('/node_modules/');
  const base = i >= 0 ? url.slice(i + 1) : j >= 0 ? url.slice(url.lastIndexOf('/node_modules/') + 14) : url;
  return `${base}:${line + 1}`;
}

/** Module loading (tsx compiling, imports): start-up, not serving. */
function isStartup(f: CallFrame): boolean {
  return (
    f.url.startsWith('node:internal/modules/') || f.url.includes('/tsx/dist/') || f.url.includes('/esbuild/')
  );
}

export function summarizeProfile(file: string, top = 25): ProfileSummary {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of prof.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const startup = new Map<number, boolean>();
  const inStartup = (id: number): boolean => {
    let v = startup.get(id);
    if (v === undefined) {
      const p = parent.get(id);
      v = isStartup(byId.get(id)!.callFrame) || (p !== undefined && inStartup(p));
      startup.set(id, v);
    }
    return v;
  };
  const selfUs = new Map<number, number>();
  prof.samples.forEach((id, i) => {
    if (!inStartup(id)) selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  let total = 0;
  for (const v of selfUs.values()) total += v;
  const idle = [...selfUs]
    .filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)')
    .reduce((a, [, v]) => a + v, 0);
  const busy = total - idle;

  const areas = new Map<string, number>();
  const fns = new Map<string, { name: string; where: string; us: number }>();
  const incl = new Map<string, { name: string; where: string; us: number }>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') continue;
    const a = area(f.url, f.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const key = `${f.functionName}@${f.url}:${f.lineNumber}`;
    const e = fns.get(key) ?? {
      name: f.functionName || '(anonymous)',
      where: `${a} ${shortWhere(f.url, f.lineNumber)}`,
      us: 0,
    };
    e.us += us;
    fns.set(key, e);
    // inclusive time of each src/rest frame on the stack (counted once per sample stack)
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame;
      if (!cf.url.includes('/src/rest/')) continue;
      const k = `${cf.functionName}@${cf.url}:${cf.lineNumber}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const ie = incl.get(k) ?? {
        name: cf.functionName || '(anonymous)',
        where: shortWhere(cf.url, cf.lineNumber),
        us: 0,
      };
      ie.us += us;
      incl.set(k, ie);
    }
  }
  const row = (name: string, where: string, us: number): ProfileRow => ({
    name,
    where,
    ms: Math.round(us / 100) / 10,
    pct: Math.round((us / Math.max(1, busy)) * 1000) / 10,
  });
  return {
    file,
    totalMs: Math.round(busy / 1000),
    byArea: [...areas].sort((a, b) => b[1] - a[1]).map(([a, us]) => row(a, '', us)),
    topSelf: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((e) => row(e.name, e.where, e.us)),
    restInclusive: [...incl.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((e) => row(e.name, e.where, e.us)),
  };
}

export function printProfile(s: ProfileSummary): void {
  console.log(`\nprofile ${s.file}: ${s.totalMs} ms of CPU (idle and module loading excluded)`);
  console.log('  self time by area:');
  for (const r of s.byArea) console.log(`    ${r.pct.toFixed(1).padStart(5)}%  ${r.name}`);
  console.log('  hottest functions (self):');
  for (const r of s.topSelf) console.log(`    ${r.pct.toFixed(1).padStart(5)}%  ${r.name}  ${r.where}`);
  console.log('  src/rest functions (inclusive):');
  for (const r of s.restInclusive) console.log(`    ${r.pct.toFixed(1).padStart(5)}%  ${r.name}  ${r.where}`);
}

/** Two profiles of the same load side by side, in CPU µs per request, by area. */
export function printComparison(
  a: ProfileSummary,
  aRequests: number,
  b: ProfileSummary,
  bRequests: number,
  labels: [string, string],
): void {
  const per = (rows: ProfileRow[], n: number) =>
    new Map(rows.map((r) => [r.name, (r.ms * 1000) / Math.max(1, n)]));
  const pa = per(a.byArea, aRequests);
  const pb = per(b.byArea, bRequests);
  const areas = [...new Set([...pa.keys(), ...pb.keys()])].sort(
    (x, y) => (pa.get(y) ?? 0) - (pa.get(x) ?? 0),
  );
  console.log(`\n  CPU µs per request by area: ${labels[0]} vs ${labels[1]}`);
  console.log(
    `    ${'area'.padEnd(24)} ${labels[0].padStart(10)} ${labels[1].padStart(10)} ${'extra'.padStart(8)}`,
  );
  const f = (x: number) => x.toFixed(0);
  let ta = 0;
  let tb = 0;
  for (const ar of areas) {
    const x = pa.get(ar) ?? 0;
    const y = pb.get(ar) ?? 0;
    ta += x;
    tb += y;
    console.log(`    ${ar.padEnd(24)} ${f(x).padStart(10)} ${f(y).padStart(10)} ${f(x - y).padStart(8)}`);
  }
  console.log(
    `    ${'total'.padEnd(24)} ${f(ta).padStart(10)} ${f(tb).padStart(10)} ${f(ta - tb).padStart(8)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const f of process.argv.slice(2)) printProfile(summarizeProfile(f));
}
