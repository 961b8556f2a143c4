/**
 * Db over embedded PGlite (Postgres compiled to WASM, in this process).
 *
 * PGlite is ONE connection. Its own mutex already makes `query`/`exec` outside a transaction wait
 * until a running `transaction()` ends, so transactions never interleave. The catch is re-entrancy:
 * `db.query` called from inside `db.transaction(fn)` would wait for itself forever, so we detect
 * that with AsyncLocalStorage and throw a clear error instead of hanging.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { DEFAULT_SEARCH_PATH, TEXT_TYPE_OIDS } from './type-policy.ts';
import { acquireDataDirLock } from './lock.ts';
import type { BatchStatement, Db, Queryable, QueryResult, TransactionOptions } from './types.ts';

/**
 * Contrib extensions loaded into every instance, so that migrations can `create extension` them as
 * on hosted Supabase. PGlite 0.5.16 ships more (citext, hstore, ltree, unaccent, fuzzystrmatch,
 * btree_gin/gist, …; see @electric-sql/pglite/contrib); add them here when a migration needs one.
 */
export const PGLITE_EXTENSIONS = { fuzzystrmatch, pg_trgm, pgcrypto, uuid_ossp };

export const MEMORY = 'memory://';

/**
 * Postgres settings for one embedded connection, given on the command line (they win over the data
 * folder's postgresql.conf, so existing folders get them too). initdb sizes shared memory for a
 * server: 128 MB of buffers and 100 connections' lock and process tables, all of it inside PGlite's
 * WASM memory and resident. One connection over a data folder that the operating system caches anyway
 * needs far less: a page missing from the buffers is one read from the OS cache. Measured in
 * README.md (Start-up and memory).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  max_connections: '8',
  autovacuum_worker_slots: '1',
};

const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
];

export interface PgliteOptions {
  /** A folder (created if missing, kept across restarts) or 'memory://'. */
  dataDir: string;
  /** A tarball from `dumpDataDir()` to start from (tests clone a bootstrapped template this way). */
  loadDataDir?: Blob;
}

const identity = (text: string) => text;
const parsers = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, identity]));
/**
 * PGlite's own boolean serializer throws a JavaScript Error on text it does not know ('x'); send text
 * as it is so that Postgres answers as it does over the wire (22P02 invalid input syntax).
 */
const BOOL_OID = 16;
const serializers = {
  [BOOL_OID]: (v: unknown) => (typeof v === 'string' ? v : v ? 't' : 'f'),
};

/** A Db over PGlite, with the PGlite instance itself (dumpDataDir, for the template and snapshots). */
export type OpenPglite = Db & { readonly pglite: PGlite };

export async function openPglite(options: PgliteOptions): Promise<OpenPglite> {
  const memory = options.dataDir === MEMORY || options.dataDir.startsWith(MEMORY);
  let release = async () => {};
  if (!memory) {
    mkdirSync(options.dataDir, { recursive: true });
    release = await acquireDataDirLock(options.dataDir);
  }
  let lite: PGlite;
  try {
    lite = await PGlite.create(memory ? MEMORY : options.dataDir, {
      extensions: PGLITE_EXTENSIONS,
      parsers,
      serializers,
      startParams,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await lite.exec(`set search_path to ${DEFAULT_SEARCH_PATH}`);
  } catch (e) {
    await release();
    throw e;
  }
  return new PgliteDb(lite, memory ? 'memory' : options.dataDir, release);
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  /** Set while a transaction's callback runs (per async context). */
  readonly #inTx = new AsyncLocalStorage<boolean>();

  constructor(
    readonly pglite: PGlite,
    readonly location: string,
    private readonly release: () => Promise<void>,
  ) {}

  async query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    this.#refuseInsideTx('query');
    return toResult<R>(await this.pglite.query<R>(text, values));
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
    this.#refuseInsideTx('transaction');
    return this.pglite.transaction(async (tx: Transaction) => {
      const out = await this.#inTx.run(true, () => fn(wrapTx(tx)));
      if (options?.rollback && !tx.closed) await tx.rollback();
      return out;
    });
  }

  /** One transaction (no round trips to save in this process: the statements simply run in turn). */
  batch(statements: BatchStatement[], options?: TransactionOptions): Promise<QueryResult[]> {
    return this.transaction((tx) => tx.batch(statements), options);
  }

  async exec(sqlText: string): Promise<void> {
    this.#refuseInsideTx('exec');
    await this.pglite.exec(sqlText);
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    // PGlite calls back synchronously while it is still processing a query: defer, so a callback
    // that queries the database (a schema reload) does not run inside that query.
    const unlisten = await this.pglite.listen(channel, (payload) => setImmediate(() => onNotify(payload)));
    return async () => {
      if (!this.pglite.closed) await unlisten();
    };
  }

  async close(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
    await this.release();
  }

  #refuseInsideTx(what: string): void {
    if (this.#inTx.getStore()) {
      throw new Error(
        `db.${what}() called inside db.transaction(): use the transaction's own query (PGlite has one connection)`,
      );
    }
  }
}

function wrapTx(tx: Transaction): Queryable {
  const query = async <R>(text: string, values?: unknown[]) => toResult<R>(await tx.query<R>(text, values));
  return {
    query,
    async batch(statements) {
      const out: QueryResult[] = [];
      for (const s of statements) out.push(await query(s.text, s.values));
      return out;
    },
  };
}

function toResult<R>(r: Results<R>): QueryResult<R> {
  return {
    rows: r.rows,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.affectedRows ?? 0,
  };
}
