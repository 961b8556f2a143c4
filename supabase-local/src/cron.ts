/**
 * The scheduler of supabase-local's pg_cron stand-in (bootstrap/sql/006_cron.sql). Migrations
 * schedule jobs as they would on hosted Supabase, with `cron.schedule(name, schedule, command)`;
 * this reads `cron.job` and runs each active job of this database when its schedule is due (UTC, as
 * pg_cron's default `cron.timezone`), as the job's user, and records every run in
 * `cron.job_run_details` as pg_cron does. A failing run is logged and recorded; the job runs again
 * at its next due time. A job still running is not started twice.
 *
 * Where the real pg_cron is installed (a PostgreSQL server that has it), pg_cron runs the jobs and
 * this does nothing; where there is no `cron.job` at all, neither.
 */
import { CronExpressionParser } from 'cron-parser';
import type { Db } from './db/types.ts';
import { isTransactionControl, splitSql } from './migrations/split.ts';

export interface CronJob {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

export interface CronRun {
  jobid: string;
  jobname: string | null;
  status: 'succeeded' | 'failed';
  /** pg_cron's `return_message`: `N rows` (or the rows a write affected), or the error */
  message: string;
}

const INTERVAL = /^\s*(\d+)\s+seconds?\s*$/i;

/**
 * True when `schedule` has a due time in (from, to]. Five cron fields or `@daily` and friends (UTC),
 * or pg_cron's `N seconds` (due every N seconds after `from`).
 */
export function isDue(schedule: string, from: Date, to: Date): boolean {
  const seconds = INTERVAL.exec(schedule)?.[1];
  if (seconds) return to.getTime() - from.getTime() >= Number(seconds) * 1000;
  const next = CronExpressionParser.parse(schedule.trim(), { currentDate: from, tz: 'UTC' }).next();
  return next.getTime() <= to.getTime();
}

/** The jobs this scheduler should run now: none where the real pg_cron is installed or no cron.job exists. */
export async function activeJobs(db: Db): Promise<CronJob[]> {
  const { rows: where } = await db.query<{ standIn: boolean }>(
    `select to_regclass('cron.job') is not null
        and not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') as "standIn"`,
  );
  if (!where[0]?.standIn) return [];
  const { rows } = await db.query<CronJob>(
    `select jobid::text, jobname, schedule, command, username from cron.job
      where active and database = current_database() order by jobid`,
  );
  return rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one job now, in one transaction as its user, and records the run in cron.job_run_details. */
export async function runJob(db: Db, job: CronJob): Promise<CronRun> {
  const { rows } = await db.query<{ runid: string }>(
    `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
     values ($1, pg_backend_pid(), current_database(), $2, $3, 'running', clock_timestamp())
     returning runid::text`,
    [job.jobid, job.username, job.command],
  );
  const runid = rows[0]?.runid;
  let run: CronRun;
  try {
    const message = await db.transaction(async (tx) => {
      const { rows: who } = await tx.query<{ same: boolean }>('select current_user = $1 as same', [
        job.username,
      ]);
      if (!who[0]?.same) await tx.query(`set local role ${quoteIdent(job.username)}`);
      let last = '';
      for (const statement of splitSql(job.command)) {
        if (isTransactionControl(statement.text)) continue;
        const r = await tx.query(statement.text);
        const n = r.fields.length ? r.rows.length : r.affectedRows;
        last = `${n} ${n === 1 ? 'row' : 'rows'}`;
      }
      return last;
    });
    run = { jobid: job.jobid, jobname: job.jobname, status: 'succeeded', message };
  } catch (e) {
    run = { jobid: job.jobid, jobname: job.jobname, status: 'failed', message: (e as Error).message };
  }
  await db.query(
    `update cron.job_run_details set status = $2, return_message = $3, end_time = clock_timestamp()
      where runid = $1`,
    [runid, run.status, run.message],
  );
  return run;
}

export interface SchedulerOptions {
  /** how often cron.job is read and due jobs started (default 1 s) */
  tickMs?: number;
  log?: (line: string) => void;
  /** the clock (tests move it) */
  now?: () => Date;
}

export interface Scheduler {
  /** One pass at `now`: runs the jobs due since the previous pass, returns their runs. */
  tick(now?: Date): Promise<CronRun[]>;
  /** Ticks every `tickMs` until the returned function is called. */
  start(): () => void;
}

export function createScheduler(db: Db, options: SchedulerOptions = {}): Scheduler {
  const clock = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  let previous = clock();
  /** per job: when it was last started, or first seen (its next due time counts from there) */
  const started = new Map<string, Date>();
  const running = new Set<string>();
  const name = (job: { jobid: string; jobname: string | null }) => job.jobname ?? `job ${job.jobid}`;

  const tick = async (now = clock()): Promise<CronRun[]> => {
    const from = previous;
    previous = now;
    let jobs: CronJob[];
    try {
      jobs = await activeJobs(db);
    } catch (e) {
      log(`[cron] could not read cron.job: ${(e as Error).message}`);
      return [];
    }
    const due = jobs.filter((job) => {
      if (!started.has(job.jobid)) started.set(job.jobid, from);
      if (running.has(job.jobid)) return false;
      try {
        return isDue(job.schedule, started.get(job.jobid) ?? from, now);
      } catch (e) {
        log(`[cron] ${name(job)}: cannot read schedule '${job.schedule}': ${(e as Error).message}`);
        return false;
      }
    });
    return Promise.all(
      due.map(async (job) => {
        running.add(job.jobid);
        started.set(job.jobid, now);
        try {
          const run = await runJob(db, job);
          if (run.status === 'failed') log(`[cron] ${name(job)} failed: ${run.message}`);
          return run;
        } catch (e) {
          // the run could not even be recorded (the database went away): say so, try again next time
          log(`[cron] ${name(job)} failed: ${(e as Error).message}`);
          return {
            jobid: job.jobid,
            jobname: job.jobname,
            status: 'failed' as const,
            message: (e as Error).message,
          };
        } finally {
          running.delete(job.jobid);
        }
      }),
    );
  };

  const start = () => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void tick().finally(() => (busy = false));
    }, options.tickMs ?? 1000);
    timer.unref();
    return () => clearInterval(timer);
  };

  return { tick, start };
}
