/**
 * Db.batch (statements sent together: one round trip and one implicit transaction on PostgreSQL)
 * and, on PostgreSQL, the named prepared statements behind `prepare`: one transaction, settings
 * that hold from one statement to the next, nothing kept on failure or with `rollback`, statements
 * that follow schema changes, a bounded number per connection, names forgotten after a failure.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MAX_PREPARED } from '../src/db/pg-batch.ts';
import { openPostgres } from '../src/db/postgres.ts';
import type { Db } from '../src/db/types.ts';
import { forEachDb } from '../src/testing/test-db.ts';

forEachDb('db batch', ({ db, kind, url }) => {
  beforeAll(async () => {
    await db().exec('create table t_batch (id int primary key, v text)');
  });

  it('runs the statements in order; a local setting of one holds for the next', async () => {
    const [set, read] = await db().batch([
      { text: `select set_config('batch.test', $1, true) as s`, values: ['yes'], prepare: true },
      { text: `select current_setting('batch.test', true) as v`, values: [], prepare: true },
    ]);
    expect(set!.rows).toEqual([{ s: 'yes' }]);
    expect(read!.rows).toEqual([{ v: 'yes' }]);
  });

  it('is one transaction: a failing statement leaves nothing of those before it', async () => {
    const failed = db().batch([
      { text: 'insert into t_batch values ($1, $2)', values: [1, 'a'] },
      { text: 'select 1 / $1::int as x', values: [0] },
    ]);
    await expect(failed).rejects.toMatchObject({ code: '22012' });
    expect((await db().query('select count(*)::int as n from t_batch')).rows).toEqual([{ n: 0 }]);
    // the connection is usable again, and a batch that succeeds commits
    const [ins] = await db().batch([{ text: 'insert into t_batch values ($1, $2)', values: [2, 'b'] }]);
    expect(ins!.affectedRows).toBe(1);
    expect((await db().query('select id from t_batch')).rows).toEqual([{ id: 2 }]);
  });

  it('with { rollback: true } returns the results and keeps nothing', async () => {
    const [ins] = await db().batch(
      [{ text: 'insert into t_batch values ($1, $2) returning v', values: [3, 'c'], prepare: true }],
      { rollback: true },
    );
    expect(ins!.rows).toEqual([{ v: 'c' }]);
    expect((await db().query('select count(*)::int as n from t_batch where id = 3')).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('a transaction runs batches inside it (BEGIN goes with the first)', async () => {
    await db().transaction(
      async (tx) => {
        const [a, b] = await tx.batch([
          { text: 'insert into t_batch values ($1, $2)', values: [4, 'd'] },
          { text: 'select count(*)::int as n from t_batch where id = $1', values: [4] },
        ]);
        expect(a!.affectedRows).toBe(1);
        expect(b!.rows).toEqual([{ n: 1 }]);
      },
      { rollback: true },
    );
    expect((await db().query('select count(*)::int as n from t_batch where id = 4')).rows).toEqual([
      { n: 0 },
    ]);
  });

  if (kind !== 'postgres') return;

  /** One connection, so that what a statement leaves on it can be seen. */
  let one: Db;
  beforeAll(async () => {
    one = await openPostgres({ url: url()!, max: 1, pipelines: 0 }); // the statements on its one pooled connection
  });
  afterAll(() => one?.close());

  const named = async () =>
    (
      await one.query<{ n: number }>(
        `select count(*)::int as n from pg_prepared_statements where name like 'sl\\_%'`,
      )
    ).rows[0]!.n;

  it('prepares a statement once per connection and follows the changes of its table', async () => {
    await one.exec('create table t_prep (a int); insert into t_prep values (1)');
    const stmt = { text: 'select * from t_prep', values: [], prepare: true };
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ a: 1 }]);
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ a: 1 }]);
    expect(await named()).toBe(1);
    // the statement's columns change: PostgreSQL refuses the cached plan; it is parsed again
    await one.exec(`alter table t_prep add column b text default 'x'`);
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it('describes a named statement once: later runs read its rows with the columns kept from then', async () => {
    const describe = vi.spyOn(pg.Connection.prototype, 'describe');
    try {
      const typed = {
        text: `select $1::int as i, $1::numeric / 3 as n, jsonb_build_object('k', $1::int) as j,
                 timestamptz '2026-11-28 10:00:00+05:30' as t, $1::int > 1 as b, null::text as z`,
        values: [2],
        prepare: true,
      };
      const write = { text: 'insert into t_prep (a) values ($1)', values: [7], prepare: true };
      const runs = [];
      for (let k = 0; k < 3; k++) runs.push(await one.batch([typed, write]));
      for (const [read, wrote] of runs) {
        expect(read!.rows).toEqual([
          {
            i: 2,
            n: '0.66666666666666666667',
            j: { k: 2 },
            t: new Date('2026-11-28T04:30:00Z'),
            b: true,
            z: null,
          },
        ]);
        expect(read!.fields.map((f) => f.name)).toEqual(['i', 'n', 'j', 't', 'b', 'z']);
        expect(wrote).toMatchObject({ rows: [], fields: [], affectedRows: 1 });
      }
      // one Describe of each statement (in the first batch), none after
      expect(describe.mock.calls.map(([m]) => m.type)).toEqual(['S', 'S']);
    } finally {
      describe.mockRestore();
      await one.exec('delete from t_prep where a = 7');
    }
  });

  it('parses its statements again when the connection lost them (DEALLOCATE ALL)', async () => {
    const stmt = { text: 'select count(*)::int as n from t_prep', values: [], prepare: true };
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ n: 1 }]);
    await one.exec('deallocate all');
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ n: 1 }]);
  });

  it(`keeps at most ${MAX_PREPARED} named statements on a connection`, async () => {
    for (let k = 0; k < MAX_PREPARED + 20; k++) {
      await one.batch([{ text: `select $1::int + ${k} as n`, values: [1], prepare: true }]);
    }
    await one.batch([{ text: 'select 1', values: [] }]); // the last closes go out with this one
    expect(await named()).toBe(MAX_PREPARED);
  });

  it('forgets a name whose batch failed, so the statement is parsed again next time', async () => {
    const stmt = { text: 'select count(*)::int as n from t_later', values: [], prepare: true };
    await expect(one.batch([stmt])).rejects.toMatchObject({ code: '42P01' });
    await one.exec('create table t_later (x int)');
    expect((await one.batch([stmt]))[0]!.rows).toEqual([{ n: 0 }]);
  });
});
