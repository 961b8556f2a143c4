/**
 * How the REST engine talks to the Db: a read or a write whose end is known up front is one Db.batch
 * (one round trip on PostgreSQL: settings and statement, no BEGIN/COMMIT, committed at the Sync; a
 * write on a connection of its own); a request a check may roll back is one transaction whose first
 * round trip carries the settings and the statement. Answers stay right when the table changes under
 * the prepared statements.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db, Queryable } from '../src/db/types.ts';
import { createRestApp } from '../src/rest/index.ts';
import type { RestApp, RestConfig } from '../src/rest/types.ts';
import { forEachDb } from '../src/testing/test-db.ts';

/** The Db's calls, in order. */
function counting(db: Db, calls: string[]): Db {
  const tx = (q: Queryable): Queryable => ({
    query: (text, values) => {
      calls.push('tx.query');
      return q.query(text, values);
    },
    batch: (statements) => {
      calls.push(`tx.batch ${statements.length}`);
      return q.batch(statements);
    },
  });
  return {
    kind: db.kind,
    query: (text, values) => db.query(text, values), // the schema cache's reads
    batch: (statements, options) => {
      calls.push(
        `batch ${statements.length}${options?.rollback ? ' rollback' : ''}${options?.write ? ' write' : ''}`,
      );
      return db.batch(statements, options);
    },
    transaction: (fn, options) => {
      calls.push(`transaction${options?.rollback ? ' rollback' : ''}`);
      return db.transaction((q) => fn(tx(q)), options);
    },
    exec: (s) => db.exec(s),
    listen: (c, f) => db.listen(c, f),
    close: () => db.close(),
  };
}

forEachDb('REST round trips', ({ db }) => {
  const calls: string[] = [];
  const servers: Server[] = [];
  const apps: RestApp[] = [];
  let base: string;
  let rollbackBase: string;
  let app: RestApp;

  async function serve(config: Partial<RestConfig>): Promise<{ url: string; app: RestApp }> {
    const a = await createRestApp(counting(db(), calls), {
      dbSchemas: ['public'],
      dbAnonRole: 'anon',
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
      ...config,
    });
    const server = createServer((req, res) => void a.handle(req, res, req.url ?? '/'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    apps.push(a);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, app: a };
  }

  beforeAll(async () => {
    await db().exec(`
      create table rt_items (id int primary key, name text);
      insert into rt_items values (1, 'chair'), (2, 'table');
      grant select, insert on rt_items to anon;`);
    ({ url: base, app } = await serve({}));
    ({ url: rollbackBase } = await serve({ dbTxEnd: 'rollback' }));
  });
  afterAll(async () => {
    for (const s of servers) await new Promise<void>((r) => s.close(() => r()));
    for (const a of apps) await a.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  /** POST /rt_items with one row (and any Prefer). */
  const insertItem = (url: string, row: { id: number; name: string }, prefer?: string) =>
    fetch(`${url}/rt_items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(prefer ? { Prefer: prefer } : {}) },
      body: JSON.stringify(row),
    });

  it('a read is one batch: the settings and the statement, no transaction around them', async () => {
    const res = await fetch(`${base}/rt_items?id=eq.1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1, name: 'chair' }]);
    expect(calls).toEqual(['batch 2']);
  });

  it('with db-tx-end=rollback a read is still one batch, rolled back', async () => {
    const res = await fetch(`${rollbackBase}/rt_items?id=eq.2`);
    expect(await res.json()).toEqual([{ id: 2, name: 'table' }]);
    expect(calls).toEqual(['batch 2 rollback']);
  });

  it('a write is one batch too, committed (or rolled back by db-tx-end) with nothing after it', async () => {
    expect((await insertItem(rollbackBase, { id: 3, name: 'lamp' })).status).toBe(201);
    expect(calls).toEqual(['batch 2 rollback write']);
    calls.length = 0;
    expect((await insertItem(base, { id: 4, name: 'lamp' })).status).toBe(201);
    expect(calls).toEqual(['batch 2 write']);
    const kept = await fetch(`${base}/rt_items?id=in.(3,4)&select=id`);
    expect(await kept.json()).toEqual([{ id: 4 }]);
  });

  it('a write whose commit fails (a deferred trigger) answers with the error and keeps nothing', async () => {
    await db().exec(`
      create function rt_refuse_at_commit() returns trigger language plpgsql as $$
        begin if new.name = 'refused' then raise exception 'refused at commit'; end if; return null; end $$;
      create constraint trigger rt_items_at_commit after insert on rt_items
        deferrable initially deferred for each row execute function rt_refuse_at_commit();`);
    const res = await insertItem(base, { id: 5, name: 'refused' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'P0001', message: 'refused at commit' });
    expect(calls).toEqual(['batch 2 write']);
    expect(await (await fetch(`${base}/rt_items?id=eq.5`)).json()).toEqual([]);
  });

  it('a request a check may roll back is a transaction whose first trip is settings + statement', async () => {
    const one = await fetch(`${base}/rt_items?id=eq.9`, {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(one.status).toBe(406);
    expect(calls).toEqual(['transaction', 'tx.batch 2']);
    calls.length = 0;
    const strict = await insertItem(base, { id: 6, name: 'stool' }, 'handling=strict, max-affected=1');
    expect(strict.status).toBe(201);
    expect(calls).toEqual(['transaction', 'tx.batch 2']);
  });

  it("checks a call's plan cost once for every JSON body, a GET call's every time, and reuses a refusal", async () => {
    await db().exec(`
      create function rt_name(item int) returns text language sql stable
        as $$ select name from rt_items where id = item $$;
      grant execute on function rt_name(int) to anon;`);
    // pg_plan_filter's setting for anon, in this database only (roles are shared by a cluster's databases)
    const setLimit = (v: string) =>
      db().exec(
        `do $$ begin execute format('alter role anon in database %I set plan_filter.statement_cost_limit = ${v}', current_database()); end $$`,
      );
    const post = (item: number) =>
      fetch(`${base}/rpc/rt_name`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ item }),
      });
    try {
      await setLimit('100000');
      await app.reloadSchema();
      calls.length = 0;
      const first = await post(1);
      expect(await first.json()).toBe('chair');
      // the settings, the EXPLAIN, the statement
      expect(calls).toEqual(['transaction', 'tx.batch 1', 'tx.query', 'tx.query']);
      calls.length = 0;
      const second = await post(2);
      expect(await second.json()).toBe('table');
      // another body, the same plan: settings and statement in one trip, as without a limit
      expect(calls).toEqual(['batch 2 write']);
      // a GET call's arguments are constants the planner may use: checked on every call
      for (const item of [1, 2]) {
        calls.length = 0;
        const get = await fetch(`${base}/rpc/rt_name?item=${item}`);
        expect(get.status).toBe(200);
        expect(calls).toEqual(['transaction', 'tx.batch 1', 'tx.query', 'tx.query']);
      }
      // a refusal is reused too, with pg_plan_filter's error, until the schema cache reloads
      await setLimit('0.0001');
      await app.reloadSchema();
      calls.length = 0;
      const refused = await post(1);
      expect(refused.status).toBe(500);
      expect(((await refused.json()) as { code: string }).code).toBe('54001');
      expect(calls).toEqual(['transaction', 'tx.batch 1', 'tx.query']);
      calls.length = 0;
      const again = await post(2);
      expect(again.status).toBe(500);
      expect(((await again.json()) as { code: string }).code).toBe('54001');
      expect(calls).toEqual([]);
    } finally {
      await db().exec(
        `do $$ begin execute format('alter role anon in database %I reset plan_filter.statement_cost_limit', current_database()); end $$`,
      );
      await app.reloadSchema();
    }
  });

  it('answers with the new columns once the table changes and the schema is reloaded', async () => {
    await fetch(`${base}/rt_items?select=*&id=eq.1`);
    await fetch(`${base}/rt_items?select=*&id=eq.1`);
    await db().exec(`alter table rt_items add column colour text default 'teak'`);
    await app.reloadSchema();
    const res = await fetch(`${base}/rt_items?select=*&id=eq.1`);
    expect(await res.json()).toEqual([{ id: 1, name: 'chair', colour: 'teak' }]);
  });
});
