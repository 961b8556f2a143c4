/**
 * The pg_cron stand-in: a migration schedules jobs with `cron.schedule` as it would on hosted
 * Supabase (bootstrap/sql/006_cron.sql), and supabase-local's scheduler (src/cron.ts) runs what
 * `cron.job` holds when it is due, as the job's user, recording each run in `cron.job_run_details`.
 * The clock is the test's: each `tick(at)` is one pass of the scheduler at that instant.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler, isDue, type Scheduler } from '../src/cron.ts';
import { migrate } from '../src/migrations/index.ts';
import { forEachDb } from '../src/testing/test-db.ts';

const migrationsDir = mkdtempSync(join(tmpdir(), 'sl-cron-'));
afterAll(() => rmSync(migrationsDir, { recursive: true, force: true }));
writeFileSync(
  join(migrationsDir, '20240101000000_ticks.sql'),
  `create table public.ticks (id bigint generated always as identity primary key, who text not null default current_user);
create table public.gate (open boolean not null);
-- fails (division by zero) until a row of public.gate is open
create function public.tick_when_open() returns void language sql as $$
  insert into public.ticks (who) select 'gated' where 1 / (select count(*) from public.gate where open)::int = 1
$$;
select cron.schedule('tick', '* * * * *', $job$insert into public.ticks default values$job$);`,
);

const at = (hhmmss: string) => new Date(`2026-11-24T${hhmmss}Z`);

describe('isDue', () => {
  it('reads five cron fields in UTC, @daily and friends, and pg_cron’s N seconds', () => {
    expect(isDue('* * * * *', at('10:00:30'), at('10:00:59'))).toBe(false);
    expect(isDue('* * * * *', at('10:00:30'), at('10:01:00'))).toBe(true);
    expect(isDue('*/5 * * * *', at('10:00:30'), at('10:04:59'))).toBe(false);
    expect(isDue('*/5 * * * *', at('10:04:59'), at('10:05:01'))).toBe(true);
    expect(isDue('30 3 * * *', at('03:29:00'), at('03:30:00'))).toBe(true);
    expect(isDue('@daily', at('23:59:00'), new Date('2026-11-25T00:00:01Z'))).toBe(true);
    expect(isDue('10 seconds', at('10:00:00'), at('10:00:09'))).toBe(false);
    expect(isDue('10 seconds', at('10:00:00'), at('10:00:10'))).toBe(true);
  });
});

forEachDb('pg_cron stand-in', ({ db }) => {
  let scheduler: Scheduler;
  const logs: string[] = [];
  const ticks = async () =>
    (await db().query<{ who: string }>('select who from public.ticks order by id')).rows.map((r) => r.who);
  const runs = async (jobname: string) =>
    (
      await db().query<{ status: string; return_message: string; username: string }>(
        `select d.status, d.return_message, d.username from cron.job_run_details d
          join cron.job j using (jobid) where j.jobname = $1 order by d.runid`,
        [jobname],
      )
    ).rows;

  beforeAll(async () => {
    await migrate(db(), { migrationsDir });
    scheduler = createScheduler(db(), { log: (line) => logs.push(line), now: () => at('10:00:30') });
  });

  it('gives migrations pg_cron’s cron.job, with the job the migration scheduled', async () => {
    const { rows } = await db().query(
      'select jobname, schedule, command, nodename, database, username, active from cron.job',
    );
    expect(rows).toEqual([
      {
        jobname: 'tick',
        schedule: '* * * * *',
        command: 'insert into public.ticks default values',
        nodename: 'localhost',
        database: (await db().query<{ d: string }>('select current_database() as d')).rows[0]!.d,
        username: 'postgres',
        active: true,
      },
    ]);
  });

  it('runs a job when it is due, once per due time, and records the run', async () => {
    expect(await scheduler.tick(at('10:00:50'))).toEqual([]);
    expect(await ticks()).toEqual([]);
    expect(await scheduler.tick(at('10:01:00'))).toEqual([
      expect.objectContaining({ jobname: 'tick', status: 'succeeded', message: '1 row' }),
    ]);
    expect(await scheduler.tick(at('10:01:30'))).toEqual([]);
    expect(await scheduler.tick(at('10:02:00.5'))).toHaveLength(1);
    expect(await ticks()).toEqual(['postgres', 'postgres']);
    expect(await runs('tick')).toEqual([
      { status: 'succeeded', return_message: '1 row', username: 'postgres' },
      { status: 'succeeded', return_message: '1 row', username: 'postgres' },
    ]);
  });

  it('updates a job scheduled again under its name, and stops one that is unscheduled', async () => {
    const { rows: ids } = await db().query<{ again: string; first: string }>(
      `select (select jobid::text from cron.job where jobname = 'tick') as first,
              cron.schedule('tick', '*/10 * * * *', 'insert into public.ticks (who) values (''every ten'')')::text as again`,
    );
    expect(ids[0]!.again).toBe(ids[0]!.first);
    expect(await scheduler.tick(at('10:03:00'))).toEqual([]);
    expect(await scheduler.tick(at('10:10:00'))).toHaveLength(1);
    expect((await ticks()).at(-1)).toBe('every ten');

    const { rows } = await db().query<{ ok: boolean }>(`select cron.unschedule('tick') as ok`);
    expect(rows).toEqual([{ ok: true }]);
    expect(await scheduler.tick(at('10:20:00'))).toEqual([]);
    expect(await ticks()).toHaveLength(3);
    await expect(db().query(`select cron.unschedule('tick')`)).rejects.toThrow(
      "could not find valid entry for job 'tick'",
    );
  });

  it('logs and records a failing job, and runs it again at its next due time', async () => {
    await db().query(`select cron.schedule('gated', '* * * * *', 'select public.tick_when_open()')`);
    expect(await scheduler.tick(at('10:21:00'))).toEqual([
      expect.objectContaining({ jobname: 'gated', status: 'failed', message: 'division by zero' }),
    ]);
    expect(logs).toContain('[cron] gated failed: division by zero');
    await db().query('insert into public.gate values (true)');
    expect(await scheduler.tick(at('10:22:00'))).toEqual([
      expect.objectContaining({ jobname: 'gated', status: 'succeeded', message: '1 row' }),
    ]);
    expect((await ticks()).at(-1)).toBe('gated');
    expect((await runs('gated')).map((r) => [r.status, r.return_message])).toEqual([
      ['failed', 'division by zero'],
      ['succeeded', '1 row'],
    ]);
  });

  it('runs a job as its user (RLS and grants apply), and skips an inactive one', async () => {
    await db().exec(`grant insert on public.ticks to anon;`);
    const { rows } = await db().query<{ id: string }>(
      `select cron.schedule('as anon', '* * * * *', 'insert into public.ticks default values')::text as id`,
    );
    await db().query(`select cron.alter_job($1::bigint, username => 'anon')`, [rows[0]!.id]);
    await db().query(`select cron.alter_job(jobid, active => false) from cron.job where jobname = 'gated'`);
    expect(await scheduler.tick(at('10:23:00'))).toEqual([
      expect.objectContaining({ jobname: 'as anon', status: 'succeeded' }),
    ]);
    expect((await ticks()).at(-1)).toBe('anon');
    await db().exec(`revoke insert on public.ticks from anon;`);
    expect(await scheduler.tick(at('10:24:00'))).toEqual([
      expect.objectContaining({ status: 'failed', message: 'permission denied for table ticks' }),
    ]);
    expect(await runs('as anon')).toEqual([
      expect.objectContaining({ status: 'succeeded', username: 'anon' }),
      expect.objectContaining({ status: 'failed', username: 'anon' }),
    ]);
    // by name, a user unschedules only its own jobs (the job is anon's now); by id, the superuser any
    await expect(db().query(`select cron.unschedule('as anon')`)).rejects.toThrow(
      'could not find valid entry',
    );
    await db().query('select cron.unschedule($1::bigint)', [rows[0]!.id]);
  });

  it('refuses a schedule pg_cron would refuse, with its message', async () => {
    await expect(db().query(`select cron.schedule('bad', 'every minute', 'select 1')`)).rejects.toMatchObject(
      {
        code: '22023',
        message: 'invalid schedule: every minute',
      },
    );
    await expect(db().query(`select cron.unschedule(424242)`)).rejects.toThrow(
      'could not find valid entry for job 424242',
    );
  });

  it('keeps cron away from the API roles', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query('set local role authenticated');
        await tx.query(`select cron.schedule('mine', '* * * * *', 'select 1')`);
      }),
    ).rejects.toThrow('permission denied for schema cron');
  });
});
