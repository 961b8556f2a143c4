/** The scheduled jobs that stand in for pg_cron: run when their function exists, skipped otherwise. */
import { expect, it } from 'vitest';
import { JOBS, runJobs } from '../src/jobs.ts';
import { forEachDb } from '../src/testing/test-db.ts';

forEachDb('scheduled jobs', ({ db }) => {
  it('skips a job whose function is missing, then runs it once the function exists', async () => {
    expect(await runJobs(db())).toEqual({ 'release unpaid online orders': 'skipped (function missing)' });
    await db().exec(`
      create table public.job_calls (older_than interval);
      create function public.release_unpaid_orders(older_than interval) returns integer
      language sql as $$ insert into public.job_calls values (older_than) returning 3 $$;`);
    expect(await runJobs(db())).toEqual({ 'release unpaid online orders': '3' });
    const { rows } = await db().query<{ older_than: string }>(
      'select older_than::text from public.job_calls',
    );
    expect(rows).toEqual([{ older_than: '00:30:00' }]);
  });

  it('reports a failing job instead of throwing', async () => {
    const failing = [{ name: 'boom', requires: 'pg_catalog.now()', sql: 'select 1/0 as n' }];
    expect(await runJobs(db(), failing)).toEqual({ boom: 'failed: division by zero' });
    expect(JOBS.map((j) => j.name)).toContain('release unpaid online orders');
  });
});
