/**
 * The Db layer, the same assertions on PGlite and on PostgreSQL: value types, parameters,
 * transactions (commit, rollback on error, rollback option, serialisation), scripts, errors and
 * LISTEN/NOTIFY. Plus PGlite's data folder: it survives a restart and is locked to one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dbTarget } from '../src/db/index.ts';
import { openPglite } from '../src/db/pglite.ts';
import { forEachDb } from '../src/testing/test-db.ts';

forEachDb('db layer', ({ db, kind }) => {
  it('returns values by the shared type policy', async () => {
    const { rows, fields } = await db().query(
      `select 1::int4 as i4, 9007199254740993::int8 as i8, 12.50::numeric as n, 1.5::float8 as f, true as b,
              '{"a":[1]}'::jsonb as j, '{"b":2}'::json as js, '2024-02-29'::date as d,
              '2024-01-01 10:00:00'::timestamp as ts, '2024-01-01 10:00:00+00'::timestamptz as tz,
              '1 day 02:00'::interval as iv, '12:30'::time as t, array[1, 2]::int8[] as a8,
              array['x', 'y'] as at, '\\x0102'::bytea as by, null::text as nul,
              '6a2f41a3-c54c-fce8-32d2-0324e1c32e22'::uuid as u`,
    );
    const r = rows[0]!;
    expect(r).toMatchObject({
      i4: 1,
      i8: '9007199254740993',
      n: '12.50',
      f: 1.5,
      b: true,
      j: { a: [1] },
      js: { b: 2 },
      d: '2024-02-29',
      ts: '2024-01-01 10:00:00',
      iv: '1 day 02:00:00',
      t: '12:30:00',
      a8: ['1', '2'],
      at: ['x', 'y'],
      nul: null,
      u: '6a2f41a3-c54c-fce8-32d2-0324e1c32e22',
    });
    expect(r.tz).toEqual(new Date('2024-01-01T10:00:00Z'));
    expect([...(r.by as Uint8Array)]).toEqual([1, 2]);
    expect(fields.map((f) => [f.name, f.dataTypeID]).slice(0, 3)).toEqual([
      ['i4', 23],
      ['i8', 20],
      ['n', 1700],
    ]);
  });

  it('binds parameters of every common kind', async () => {
    const { rows } = await db().query<{ a: string; b: number; c: boolean; d: unknown; e: string | null }>(
      `select $1::text as a, $2::int as b, $3::bool as c, $4::jsonb as d, $5::text as e`,
      ['x', 42, true, JSON.stringify({ k: 'v' }), null],
    );
    expect(rows[0]).toEqual({ a: 'x', b: 42, c: true, d: { k: 'v' }, e: null });
  });

  it('commits a transaction and reports affected rows', async () => {
    await db().exec('create table t_tx (id int primary key, v text); create table t_seq (n int)');
    const n = await db().transaction(async (tx) => {
      const r = await tx.query(`insert into t_tx values (1, 'a'), (2, 'b')`);
      return r.affectedRows;
    });
    expect(n).toBe(2);
    expect((await db().query('select count(*)::int as c from t_tx')).rows[0]).toEqual({ c: 2 });
  });

  it('rolls back when the callback throws, and with { rollback: true }', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query(`insert into t_tx values (3, 'c')`);
        await tx.query(`insert into t_tx values (3, 'dup')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const out = await db().transaction(
      async (tx) => {
        await tx.query(`insert into t_tx values (4, 'd')`);
        return (await tx.query('select count(*)::int as c from t_tx')).rows[0];
      },
      { rollback: true },
    );
    expect(out).toEqual({ c: 3 });
    expect((await db().query('select count(*)::int as c from t_tx')).rows[0]).toEqual({ c: 2 });
  });

  it('keeps concurrent transactions from interleaving (no lost updates)', async () => {
    await db().exec('insert into t_seq values (0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select n from t_seq for update');
          await tx.query('update t_seq set n = $1', [rows[0]!.n + 1]);
        }),
      ),
    );
    expect((await db().query('select n from t_seq')).rows[0]).toEqual({ n: 20 });
  });

  it('makes a query outside a transaction wait for it (reads committed data)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db().transaction(async (t) => {
      await t.query(`update t_tx set v = 'changed' where id = 1`);
      await gate;
    });
    await new Promise((r) => setTimeout(r, 30));
    const read = db().query<{ v: string }>('select v from t_tx where id = 1');
    release();
    await tx;
    // PGlite serialises: the read runs after the commit. PostgreSQL: read committed, either is fine.
    const v = (await read).rows[0]!.v;
    if (kind === 'pglite') expect(v).toBe('changed');
    else expect(['a', 'changed']).toContain(v);
  });

  if (kind === 'pglite') {
    it('refuses db.query inside db.transaction instead of deadlocking', async () => {
      await expect(db().transaction(() => db().query('select 1'))).rejects.toThrow(/inside db.transaction/);
      expect((await db().query('select 1 as one')).rows[0]).toEqual({ one: 1 });
    });
  }

  it('exec runs a multi-statement script; query refuses one', async () => {
    await db().exec(
      `create table t_script (x int); insert into t_script values (1); insert into t_script values (2);`,
    );
    expect((await db().query('select sum(x)::int as s from t_script')).rows[0]).toEqual({ s: 3 });
    await expect(db().query('select 1; select 2')).rejects.toMatchObject({ code: '42601' });
  });

  it('raises Postgres errors with code, message and position', async () => {
    const e = await db()
      .query('select * from no_such_table')
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: '42P01', message: 'relation "no_such_table" does not exist' });
    expect(Number((e as { position: string }).position)).toBe(15);
  });

  it('delivers NOTIFY to listeners, after commit, and stops after unlisten', async () => {
    const got: string[] = [];
    const unlisten = await db().listen('pgrst', (p) => got.push(p));
    await db().transaction(async (tx) => {
      await tx.query(`select pg_notify('pgrst', 'reload schema')`);
    });
    await db().query(`notify pgrst, 'second'`);
    await waitFor(() => got.length >= 2);
    expect(got).toEqual(['reload schema', 'second']);
    await unlisten();
    await db().query(`notify pgrst, 'third'`);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(2);
  });
});

describe('PGlite data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sl-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives a restart and refuses a second opener while in use', async () => {
    const dataDir = join(dir, 'data');
    const first = await openPglite({ dataDir });
    await first.exec(`create table kept (v text); insert into kept values ('still here')`);
    await expect(openPglite({ dataDir })).rejects.toThrow(/in use/);
    await first.close();
    const second = await openPglite({ dataDir });
    expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await second.close();
  }, 60_000);
});

describe('dbTarget', () => {
  it('picks PostgreSQL for DATABASE_URL, else PGlite in the data folder or memory', () => {
    expect(dbTarget({ DATABASE_URL: 'postgres://x@h/db' })).toEqual({
      kind: 'postgres',
      url: 'postgres://x@h/db',
      poolSize: 10,
      preparedStatements: true,
      pipelines: 2,
    });
    expect(dbTarget({ DATABASE_URL: 'postgres://x@h/db', DATABASE_POOL_SIZE: '3' })).toMatchObject({
      poolSize: 3,
    });
    expect(dbTarget({ DATABASE_URL: 'postgres://x@h/db', DATABASE_POOL_SIZE: '1' })).toMatchObject({
      pipelines: 1,
    });
    expect(dbTarget({ DATABASE_URL: 'postgres://x@h/db', DATABASE_PIPELINE_CONNECTIONS: '0' })).toMatchObject(
      { pipelines: 0 },
    );
    expect(() => dbTarget({ DATABASE_URL: 'postgres://x@h/db', DATABASE_PIPELINE_CONNECTIONS: 'x' })).toThrow(
      /DATABASE_PIPELINE_CONNECTIONS/,
    );
    expect(dbTarget({ SUPABASE_LOCAL_DATA: 'memory://' })).toEqual({ kind: 'pglite', dataDir: 'memory://' });
    expect(dbTarget({})).toMatchObject({
      kind: 'pglite',
      dataDir: expect.stringMatching(/\.data[\\/]pglite$/),
    });
  });
});

async function waitFor(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
