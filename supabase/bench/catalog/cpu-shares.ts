/**
 * What the machine's CPUs did during a run, from Linux's /proc/stat: the shares of user, system,
 * idle, I/O wait and **steal** (time a virtual machine's CPU was ready but the host ran something
 * else). On a cloud machine the same code's orders/s moved from 175 to 359 within half an hour while
 * the host took 14–41 % of the CPU (supabase/bench/catalog/README.md, "The checkout's long CHECK
 * rules as predicates; a slower machine"): a figure printed with its steal says whether it measured
 * the code or the neighbours. Elsewhere than Linux it reports nothing.
 */
import { readFileSync } from 'node:fs';

/** Percentages of all the machine's CPU time over the interval. */
export interface CpuShares {
  user: number;
  system: number;
  idle: number;
  iowait: number;
  steal: number;
}

/** The "cpu" line's counters (all cores, in clock ticks since boot). */
interface Ticks extends CpuShares {
  total: number;
}

function ticks(): Ticks | null {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  if (!line?.startsWith('cpu ')) return null;
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    user: user + nice,
    system: system + irq + softirq,
    idle,
    iowait,
    steal,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** Starts counting; the returned function gives the shares since then (null without /proc/stat). */
export function cpuShares(): () => CpuShares | null {
  const start = ticks();
  return () => {
    const end = ticks();
    if (!start || !end || end.total <= start.total) return null;
    const span = end.total - start.total;
    const pct = (k: keyof CpuShares) => Math.round(((end[k] - start[k]) / span) * 1000) / 10;
    return {
      user: pct('user'),
      system: pct('system'),
      idle: pct('idle'),
      iowait: pct('iowait'),
      steal: pct('steal'),
    };
  };
}

export function describeShares(s: CpuShares): string {
  return `CPU of the machine during the run: user ${s.user} %, system ${s.system} %, idle ${s.idle} %, I/O wait ${s.iowait} %, stolen by the host ${s.steal} %`;
}
