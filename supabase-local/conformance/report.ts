import { clip } from './assert.ts';
import { divergenceFor, type Divergences } from './divergences.ts';
import type { CaseRun } from './execute.ts';
import type { BrokenCase } from './types.ts';

export type Outcome = 'pass' | 'fail' | 'divergence' | 'stale';

export interface Classified {
  id: number | null;
  feature: string;
  area: string;
  outcome: Outcome;
  line: string | null;
  run?: CaseRun;
}

export function classify(run: CaseRun, divergences: Divergences): Classified {
  const { c } = run;
  const d = divergenceFor(c, divergences);
  const base = { id: c.id, feature: c.feature, area: c.area, run };
  const detail = clip(run.errors.join('; '), 700);
  if (run.errors.length === 0) {
    if (d.kind === 'none') return { ...base, outcome: 'pass', line: null };
    return {
      ...base,
      outcome: 'stale',
      line: `STALE ${c.id} ${c.feature}: listed in divergences.yaml but passes — remove the entry`,
    };
  }
  if (d.kind === 'documented') {
    return { ...base, outcome: 'divergence', line: `FAIL ${c.id} ${c.feature}: divergence (${d.reason})` };
  }
  if (d.kind === 'pin-mismatch') {
    return {
      ...base,
      outcome: 'fail',
      line: `FAIL ${c.id} ${c.feature}: ${detail} [divergence entry void: ${d.detail}]`,
    };
  }
  return { ...base, outcome: 'fail', line: `FAIL ${c.id} ${c.feature}: ${detail}` };
}

export function classifyBroken(b: BrokenCase): Classified {
  return {
    id: b.id,
    feature: b.file,
    area: 'unreadable',
    outcome: 'fail',
    line: `FAIL ${b.id ?? '?'} ${b.file}: unreadable case file: ${b.error}`,
  };
}

/** Full request/response of a case, for --verbose. */
export function dumpExchange(run: CaseRun): string {
  const out: string[] = [];
  if (run.sent) {
    out.push(`    > ${run.sent.method} ${run.sent.path}    [instance ${run.instance ?? '?'}]`);
    for (const [k, v] of run.sent.headers) out.push(`    > ${k}: ${v}`);
    if (run.sent.body !== null) out.push(`    > ${clip(run.sent.body, 2000)}`);
  }
  if (run.response) {
    const r = run.response;
    out.push(`    < ${r.status} ${r.statusText}`);
    for (const [k, v] of r.rawHeaders) out.push(`    < ${k}: ${v}`);
    if (r.body.length > 0) out.push(`    < ${clip(r.body.toString('utf8'), 4000)}`);
  }
  if (run.c.notes) out.push(`    notes: ${clip(run.c.notes.replace(/\s+/g, ' '), 600)}`);
  for (const e of run.errors) out.push(`    ! ${e}`);
  return out.join('\n');
}

export interface Summary {
  passed: number;
  failed: number;
  documented: number;
  stale: number;
  total: number;
  rate: number;
}

export function summarize(all: Classified[]): Summary {
  const passed = all.filter((x) => x.outcome === 'pass' || x.outcome === 'stale').length;
  const documented = all.filter((x) => x.outcome === 'divergence').length;
  const stale = all.filter((x) => x.outcome === 'stale').length;
  const total = all.length;
  return { passed, failed: total - passed, documented, stale, total, rate: total === 0 ? 0 : passed / total };
}

/** Per-area table, areas in order of first appearance (cases are sorted by id). */
export function areaTable(all: Classified[]): string[] {
  const areas = new Map<string, Classified[]>();
  for (const x of all) areas.set(x.area, [...(areas.get(x.area) ?? []), x]);
  const width = Math.max(...[...areas.keys()].map((a) => a.length), 4);
  const lines: string[] = [];
  for (const [area, xs] of areas) {
    const s = summarize(xs);
    const extra = [
      s.failed - s.documented > 0 ? `${s.failed - s.documented} failed` : '',
      s.documented > 0 ? `${s.documented} divergence${s.documented > 1 ? 's' : ''}` : '',
    ].filter(Boolean);
    lines.push(
      `  ${area.padEnd(width)}  ${String(s.passed).padStart(4)}/${String(s.total).padEnd(4)} ${(100 * s.rate).toFixed(0).padStart(3)}%${extra.length ? `  (${extra.join(', ')})` : ''}`,
    );
  }
  return lines;
}

export function exitCode(s: Summary, minPass: number, reportOnly: boolean): number {
  if (reportOnly) return 0;
  return s.total > 0 && s.rate >= minPass && s.failed === s.documented ? 0 : 1;
}
