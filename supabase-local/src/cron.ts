/**
 * Scheduled jobs, in place of the pg_cron schedule a hosted project runs (see supabase/README.md):
 * every minute, online orders still unpaid after 30 minutes are cancelled and give their stock back
 * (`public.release_unpaid_orders()`, issue 6). A job whose function does not exist (a database
 * without the store's migrations) is skipped; a failing run is logged and retried at the next tick.
 */
import type { Db } from './db/types.ts';

export interface ScheduledJob {
  name: string;
  /** the function that must exist for the job to run */
  requires: string;
  sql: string;
}

export const JOBS: ScheduledJob[] = [
  {
    name: 'release unpaid online orders',
    requires: 'public.release_unpaid_orders(interval)',
    sql: `select public.release_unpaid_orders(interval '30 minutes') as n`,
  },
];

/** One pass over the jobs; returns what each did (rows released, or why it did nothing). */
export async function runJobs(db: Db, jobs: ScheduledJob[] = JOBS): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const job of jobs) {
    try {
      const { rows } = await db.query<{ ok: boolean }>('select to_regprocedure($1) is not null as ok', [
        job.requires,
      ]);
      if (!rows[0]?.ok) {
        out[job.name] = 'skipped (function missing)';
        continue;
      }
      const r = await db.query<{ n: unknown }>(job.sql);
      out[job.name] = String(r.rows[0]?.n ?? 'done');
    } catch (e) {
      out[job.name] = `failed: ${(e as Error).message}`;
    }
  }
  return out;
}

/** Run the jobs now and then every `intervalMs`; returns a stop function. */
export function startJobs(db: Db, intervalMs = 60_000, log: (m: string) => void = console.log): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const [name, result] of Object.entries(await runJobs(db))) {
        if (result.startsWith('failed')) log(`[jobs] ${name}: ${result}`);
        else if (/^[1-9]\d*$/.test(result)) log(`[jobs] ${name}: ${result}`);
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
