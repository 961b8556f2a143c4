/**
 * Minimal Db implementations the conformance runner used before src/db/{pglite,postgres}.ts landed.
 * The runner now uses src/db; kept because test/support/rest-harness.ts still imports it.
 * Prefer src/db/index.ts (openPglite / openPostgres) in new code.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';
import type { Db, Queryable, QueryResult, TransactionOptions } from '../db/types.ts';

export async function fallbackPglite(dataDir = 'memory://'): Promise<Db> {
  const lite = await PGlite.create(dataDir, { extensions: { pgcrypto } });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<R>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
      const r = await q.query<R>(text, values as unknown[]);
      return {
        rows: r.rows,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.affectedRows ?? 0,
      };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return lite.transaction(async (tx) => {
        const out = await fn(wrap(tx));
        if (options?.rollback) await tx.rollback();
        return out;
      }) as Promise<T>;
    },
    async exec(sqlText) {
      await lite.exec(sqlText);
    },
    async listen(channel, onNotify) {
      const unsub = await lite.listen(channel, onNotify);
      return async () => unsub();
    },
    async close() {
      await lite.close();
    },
  };
}

export async function fallbackPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {}); // an idle client's connection dropped; the next checkout reconnects
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
      const r = await c.query(text, values);
      return {
        rows: r.rows as R[],
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.rowCount ?? 0,
      };
    },
  });
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query(options?.rollback ? 'ROLLBACK' : 'COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      listeners.push(client);
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      return async () => {
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.map((l) => l.end().catch(() => {})));
      await pool.end();
    },
  };
}
