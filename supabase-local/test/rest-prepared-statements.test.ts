/**
 * PGRST_DB_PREPARED_STATEMENTS (PostgREST's db-prepared-statements): on by default, the REST engine's
 * statements are named prepared statements on their connection; `false` (behind a transaction pooler,
 * PgBouncer or Supavisor in transaction mode) sends every statement unnamed, so nothing is left on
 * the server connection for the next transaction, and the answers are the same.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dbTarget, openTarget } from '../src/db/index.ts';
import type { Db } from '../src/db/types.ts';
import { createRestApp } from '../src/rest/index.ts';
import type { RestApp } from '../src/rest/types.ts';
import { forEachDb } from '../src/testing/test-db.ts';

forEachDb('REST prepared statements switch', ({ db, kind, url }) => {
  if (kind !== 'postgres') {
    it('is a PostgreSQL setting (PGlite has one connection and no pooler)', () => {
      expect(kind).toBe('pglite');
    });
    return;
  }

  const opened: { db: Db; app: RestApp; server: Server }[] = [];

  /** A REST app over its own one-connection Db, read from the environment as `serve` reads it. */
  async function serve(env: NodeJS.ProcessEnv): Promise<{ base: string; db: Db }> {
    const one = await openTarget(
      dbTarget({ DATABASE_URL: url()!, DATABASE_POOL_SIZE: '1', DATABASE_PIPELINE_CONNECTIONS: '0', ...env }),
    );
    const app = await createRestApp(one, {
      dbSchemas: ['public'],
      dbAnonRole: 'anon',
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
    });
    const server = createServer((req, res) => void app.handle(req, res, req.url ?? '/'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    opened.push({ db: one, app, server });
    return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, db: one };
  }

  /** Named statements on the Db's one connection (what a transaction pooler would hand on). */
  const named = async (one: Db) =>
    (await one.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  /** A read (one batch), a write (a transaction) and a function call, over HTTP. */
  async function traffic(base: string, id: number): Promise<unknown[]> {
    const out: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const read = await fetch(`${base}/ps_items?select=id,name&id=eq.1`);
      expect(read.status).toBe(200);
      out.push(await read.json());
      const call = await fetch(`${base}/rpc/ps_add?a=${i}&b=2`);
      expect(call.status).toBe(200);
      out.push(await call.json());
    }
    const write = await fetch(`${base}/ps_items`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ id, name: 'stool' }),
    });
    expect(write.status).toBe(201);
    out.push(((await write.json()) as { name: string }[]).map((r) => r.name));
    return out;
  }

  beforeAll(async () => {
    await db().exec(`
      create table ps_items (id int primary key, name text);
      insert into ps_items values (1, 'chair');
      grant select, insert on ps_items to anon;
      create function ps_add(a int, b int) returns int language sql immutable as 'select a + b';
      grant execute on function ps_add(int, int) to anon;`);
  });
  afterAll(async () => {
    for (const o of opened) {
      await new Promise<void>((r) => o.server.close(() => r()));
      await o.app.close();
      await o.db.close();
    }
  });

  it('reads the setting by PostgREST’s environment name; anything but true/false is refused', () => {
    expect(dbTarget({ DATABASE_URL: 'postgres://x@h/db' })).toMatchObject({ preparedStatements: true });
    expect(
      dbTarget({ DATABASE_URL: 'postgres://x@h/db', PGRST_DB_PREPARED_STATEMENTS: 'false' }),
    ).toMatchObject({ preparedStatements: false });
    expect(() =>
      dbTarget({ DATABASE_URL: 'postgres://x@h/db', PGRST_DB_PREPARED_STATEMENTS: 'maybe' }),
    ).toThrow(/PGRST_DB_PREPARED_STATEMENTS/);
  });

  it('by default the statements are named prepared statements on the connection', async () => {
    const { base, db: one } = await serve({});
    await traffic(base, 100);
    expect(await named(one)).toBeGreaterThanOrEqual(3); // settings, the read, the call, the insert
  });

  it('with PGRST_DB_PREPARED_STATEMENTS=false no named statement is left, and the answers are the same', async () => {
    const prepared = await serve({});
    const unnamed = await serve({ PGRST_DB_PREPARED_STATEMENTS: 'false' });
    const a = await traffic(prepared.base, 101);
    const b = await traffic(unnamed.base, 102);
    expect(b).toEqual(a);
    expect(await named(unnamed.db)).toBe(0);
  });
});
