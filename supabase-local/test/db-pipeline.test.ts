/**
 * PostgreSQL's Db.batch on shared connections in pipeline mode (src/db/postgres.ts): concurrent
 * batches share a couple of server connections, yet each is its own transaction: a local setting,
 * a role or a failure of one never reaches another, and the connection stays usable. A batch that
 * writes takes a pooled connection of its own, so a write waiting for a lock holds up no read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { forEachDb } from '../src/testing/test-db.ts';

forEachDb('db batch pipelined', ({ kind, url }) => {
  if (kind !== 'postgres') {
    it('is PostgreSQL only (PGlite has one connection)', () => {
      expect(kind).toBe('pglite');
    });
    return;
  }
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres({ url: url()!, max: 10 });
  });
  afterAll(async () => {
    await db.close();
  });

  const batchOf = (i: number) =>
    db.batch([
      { text: `select set_config('pipe.test', $1, true) as s`, values: [String(i)], prepare: true },
      {
        text: `select set_config('role', $1, true) as r`,
        values: [i % 2 ? 'anon' : 'postgres'],
        prepare: true,
      },
      {
        text: `select pg_backend_pid() as pid, current_setting('pipe.test') as v, current_user as u,
                 $1::int / $2::int as q`,
        values: [i, i % 5 === 0 ? 0 : 1],
        prepare: true,
      },
    ]);

  it('concurrent batches share two connections, each its own transaction (settings, role, failure)', async () => {
    const n = 40;
    const settled = await Promise.allSettled(Array.from({ length: n }, (_, i) => batchOf(i)));
    const pids = new Set<number>();
    for (let i = 0; i < n; i++) {
      const r = settled[i]!;
      if (i % 5 === 0) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
        continue;
      }
      expect(r.status).toBe('fulfilled');
      const row = (r as PromiseFulfilledResult<Awaited<ReturnType<typeof batchOf>>>).value[2]!.rows[0]!;
      expect(row).toMatchObject({ v: String(i), u: i % 2 ? 'anon' : 'postgres', q: i });
      pids.add(row['pid'] as number);
    }
    // 40 at once on a pool of 10 would take up to 10 server connections; pipelined, two
    expect(pids.size).toBeLessThanOrEqual(2);
    // nothing of a batch outlives its Sync: no transaction left open, no setting, no role
    const after = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.batch([
          {
            text: `select coalesce(current_setting('pipe.test', true), '') as v, current_user as u`,
            values: [],
          },
        ]),
      ),
    );
    for (const [r] of after) expect(r!.rows[0]).toEqual({ v: '', u: 'postgres' });
  });

  it('a pipelined connection the server ends is replaced: later batches succeed', async () => {
    const pidOf = async () =>
      (await db.batch([{ text: 'select pg_backend_pid() as pid', values: [] }]))[0]!.rows[0]![
        'pid'
      ] as number;
    const pids = new Set(await Promise.all(Array.from({ length: 8 }, pidOf)));
    await db.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [[...pids]]);
    // a batch sent before the connection's end is noticed may fail; then they succeed on new connections
    await expect
      .poll(
        () =>
          pidOf().then(
            (pid) => !pids.has(pid),
            () => false,
          ),
        { timeout: 5_000 },
      )
      .toBe(true);
    const after = await Promise.all(Array.from({ length: 8 }, pidOf));
    for (const pid of after) expect(pids.has(pid)).toBe(false);
  });

  it('writes of concurrent batches commit each at its own Sync; a failed one keeps nothing', async () => {
    await db.exec('drop table if exists t_pipe; create table t_pipe (id int primary key)');
    const settled = await Promise.allSettled(
      [1, 2, 2, 3].map((id) =>
        db.batch([
          { text: 'insert into t_pipe values ($1)', values: [id] },
          { text: 'select 1', values: [] },
        ]),
      ),
    );
    // the two inserts of 2 may run on either connection: one of them fails (duplicate key)
    expect(settled.filter((s) => s.status === 'rejected')).toMatchObject([{ reason: { code: '23505' } }]);
    expect((await db.query('select id from t_pipe order by id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
  });

  it('a write batch waiting for a row lock holds up no read batch, and commits once the lock is free', async () => {
    const one = await openPostgres({ url: url()!, max: 4, pipelines: 1 });
    await db.exec('drop table if exists t_pipe_lock; create table t_pipe_lock (id int primary key, n int)');
    await db.exec('insert into t_pipe_lock values (1, 0)');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // another transaction holds the row until released
    const holder = db.transaction(async (tx) => {
      await tx.query('select 1 from t_pipe_lock where id = 1 for update');
      locked();
      await released;
    });
    try {
      await isLocked;
      const write = one.batch(
        [
          { text: `select set_config('pipe.test', 'w', true)`, values: [] },
          { text: 'update t_pipe_lock set n = n + 1 where id = 1 returning n', values: [] },
        ],
        { write: true },
      );
      let written = false;
      void write.then(() => (written = true));
      // on the one pipelined connection, a read answers while the write waits (it would queue
      // behind the write, and wait for the lock with it, if the write were sent there)
      const read = await Promise.race([
        one.batch([{ text: 'select 41 + 1 as n', values: [] }]),
        new Promise<'timed out'>((r) => setTimeout(() => r('timed out'), 3_000)),
      ]);
      expect(read).not.toBe('timed out');
      expect((read as Awaited<ReturnType<Db['batch']>>)[0]!.rows).toEqual([{ n: 42 }]);
      expect(written).toBe(false);
      release();
      await holder;
      expect((await write)[1]!.rows).toEqual([{ n: 1 }]);
      expect((await db.query('select n from t_pipe_lock')).rows).toEqual([{ n: 1 }]);
    } finally {
      release();
      await holder.catch(() => undefined);
      await one.close();
    }
  });
});
