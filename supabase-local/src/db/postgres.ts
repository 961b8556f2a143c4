/**
 * Db over a PostgreSQL server through a node-postgres pool (when DATABASE_URL is set).
 *
 * - `query` takes any pooled connection; `transaction` holds one connection for BEGIN…COMMIT, the
 *   BEGIN sent with the transaction's first statement (one round trip less).
 * - `batch` sends its statements with one Sync: one round trip, one implicit transaction (./pg-batch.ts).
 *   Without `rollback` it goes on one of a few connections in node-postgres's pipeline mode, shared by
 *   concurrent batches: each keeps its own Sync (its own transaction: a local setting or a failure of
 *   one never reaches another), and the batches of one event-loop turn leave in one write. Fewer
 *   writes and reads per request for Node and PostgreSQL alike (the REST engine's reads are such
 *   batches); the cost is that a slow batch delays those queued behind it on its connection, so a
 *   batch goes to the connection with the fewest unanswered. A batch that writes (`write`), which may
 *   wait for a row lock or its commit's WAL flush, takes a pooled connection of its own instead.
 * - `exec` sends a whole script in the simple protocol (several statements, no parameters).
 * - `listen` uses its own dedicated connection: a pooled one could be handed to someone else and
 *   LISTEN is per connection.
 * - Values follow ./type-policy.ts through per-pool type parsers (never the global pg.types, so
 *   other code in the process that uses `pg` is not affected).
 */
import pg from 'pg';
import { isStalePlan, sendBatch, type BatchOptions } from './pg-batch.ts';
import { DEFAULT_SEARCH_PATH, TEXT_ARRAY_TYPE_OIDS, TEXT_TYPE_OIDS } from './type-policy.ts';
import type { BatchStatement, Db, Queryable, QueryResult, TransactionOptions } from './types.ts';

const BEGIN: BatchStatement = { text: 'begin', values: [] };
const ROLLBACK: BatchStatement = { text: 'rollback', values: [] };

export interface PostgresOptions {
  url: string;
  /** Pool size (DATABASE_POOL_SIZE), default 10. */
  max?: number;
  /**
   * Named prepared statements (PGRST_DB_PREPARED_STATEMENTS, PostgREST's db-prepared-statements),
   * default true. false for a transaction pooler (PgBouncer, Supavisor in transaction mode): every
   * statement is then sent unnamed, parsed and planned each time (./pg-batch.ts).
   */
  preparedStatements?: boolean;
  /**
   * Connections in node-postgres's pipeline mode that `batch` shares between concurrent callers
   * (DATABASE_PIPELINE_CONNECTIONS), default min(2, max); 0: every batch takes a pooled connection.
   */
  pipelines?: number;
}

function typeOverrides(): pg.CustomTypesConfig {
  const textArray = pg.types.getTypeParser(1009 as never, 'text'); // text[] → string[]
  const own = new Map<number, (v: string) => unknown>();
  for (const oid of TEXT_TYPE_OIDS) own.set(oid, (v) => v);
  for (const oid of TEXT_ARRAY_TYPE_OIDS) own.set(oid, textArray as (v: string) => unknown);
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      (format ?? 'text') === 'text' && own.has(oid)
        ? own.get(oid)
        : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export async function openPostgres(options: PostgresOptions): Promise<Db & { readonly pool: pg.Pool }> {
  const types = typeOverrides();
  const clientConfig: pg.ClientConfig = {
    connectionString: options.url,
    types,
    // Supabase's `postgres` role has this search_path, so migrations resolve names as they will there.
    options: `-c search_path=${DEFAULT_SEARCH_PATH.replace(/ /g, '')}`,
  };
  const pool = new pg.Pool({ ...clientConfig, max: options.max ?? 10 });
  // An idle client losing its server connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query simply gets another connection.
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection error: ${e.message}`));
  // Fail now, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return new PostgresDb(
    pool,
    clientConfig,
    types,
    redactUrl(options.url),
    {
      preparedStatements: options.preparedStatements ?? true,
    },
    options.pipelines ?? Math.min(2, options.max ?? 10),
  );
}

/** A connection in node-postgres's pipeline mode that Db.batch shares between requests. */
interface Pipe {
  client: Promise<pg.Client> | null;
  /** batches sent on it and not yet answered */
  pending: number;
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  readonly #listeners = new Set<pg.Client>();
  readonly #pipes: Pipe[];
  readonly #opened = new Set<pg.Client>();

  constructor(
    readonly pool: pg.Pool,
    private readonly clientConfig: pg.ClientConfig,
    private readonly types: pg.CustomTypesConfig,
    readonly location: string,
    private readonly batchOptions: BatchOptions,
    pipelines: number,
  ) {
    this.#pipes = Array.from({ length: pipelines }, () => ({ client: null, pending: 0 }));
  }

  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R>> {
    return run<R>(this.pool, text, values);
  }

  async batch(statements: BatchStatement[], options?: TransactionOptions): Promise<QueryResult[]> {
    if (!options?.rollback && !options?.write && this.#pipes.length > 0) return this.#pipelined(statements);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      if (options?.rollback) {
        try {
          return (
            await sendBatch(client, [BEGIN, ...statements, ROLLBACK], this.types, this.batchOptions)
          ).slice(1, -1);
        } catch (e) {
          // a failure inside BEGIN leaves the transaction open (aborted) after the Sync
          await client.query('rollback').catch((re: Error) => (broken = re));
          throw e;
        }
      }
      try {
        return await sendBatch(client, statements, this.types, this.batchOptions);
      } catch (e) {
        if (!isStalePlan(e)) throw e;
        // nothing was kept (the implicit transaction rolled back): once more, the statements parsed again
        return await sendBatch(client, statements, this.types, this.batchOptions);
      }
    } finally {
      client.release(broken);
    }
  }

  /** A batch on the least busy pipelined connection (see PIPES). */
  async #pipelined(statements: BatchStatement[]): Promise<QueryResult[]> {
    let pipe = this.#pipes[0]!;
    for (const p of this.#pipes) if (p.pending < pipe.pending) pipe = p;
    pipe.pending++;
    try {
      const options = { ...this.batchOptions, pipelined: true };
      const client = await (pipe.client ??= this.#connectPipe(pipe));
      try {
        return await sendBatch(client, statements, this.types, options);
      } catch (e) {
        if (!isStalePlan(e)) throw e;
        return await sendBatch(client, statements, this.types, options);
      }
    } finally {
      pipe.pending--;
    }
  }

  // Not async: `pipe.client` must be this very promise, so that `drop` recognises it (an async
  // function would hand back another promise, and a dead connection would stay the pipe's for good).
  #connectPipe(pipe: Pipe): Promise<pg.Client> {
    const client = new pg.Client({ ...this.clientConfig, pipeline: true });
    const drop = (): void => {
      if (pipe.client === connecting) pipe.client = null;
    };
    const connecting = client.connect().then(
      () => client,
      (e: unknown) => {
        drop();
        throw e;
      },
    );
    // a lost connection fails the batches on it (node-postgres); the next batch opens another
    client.on('error', (e) => {
      console.error(`[db] pipelined PostgreSQL connection error: ${e.message}`);
      drop();
    });
    client.on('end', () => {
      drop();
      this.#opened.delete(client);
    });
    this.#opened.add(client);
    return connecting;
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    let begun = false;
    /** BEGIN goes out with the transaction's first statements, in the same round trip */
    const first = async (statements: BatchStatement[]): Promise<QueryResult[]> => {
      begun = true;
      return (await sendBatch(client, [BEGIN, ...statements], this.types, this.batchOptions)).slice(1);
    };
    const tx: Queryable = {
      query: async <R>(text: string, values?: unknown[]) => {
        if (begun) return run<R>(client, text, values);
        const [r] = await first([{ text, values: values ?? [] }]);
        return { rows: r!.rows as R[], fields: r!.fields, affectedRows: r!.affectedRows };
      },
      batch: (statements) =>
        begun ? sendBatch(client, statements, this.types, this.batchOptions) : first(statements),
    };
    try {
      const out = await fn(tx);
      if (begun) await client.query(options?.rollback ? 'rollback' : 'commit');
      return out;
    } catch (e) {
      if (begun) await client.query('rollback').catch((re: Error) => (broken = re));
      throw e;
    } finally {
      // A connection whose rollback failed is in an unknown state: destroy it, never reuse it.
      client.release(broken);
    }
  }

  async exec(sqlText: string): Promise<void> {
    await this.pool.query(sqlText); // no values → simple protocol → several statements allowed
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const client = new pg.Client(this.clientConfig);
    client.on('error', (e) => console.error(`[db] LISTEN ${channel} connection error: ${e.message}`));
    await client.connect();
    this.#listeners.add(client);
    client.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return async () => {
      if (!this.#listeners.delete(client)) return;
      await client.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.#listeners].map((c) => c.end().catch(() => {})));
    this.#listeners.clear();
    await Promise.all([...this.#opened].map((c) => c.end().catch(() => {})));
    this.#opened.clear();
    await this.pool.end();
  }
}

async function run<R>(
  on: pg.Pool | pg.PoolClient,
  text: string,
  values?: unknown[],
): Promise<QueryResult<R>> {
  // Always the extended protocol, as PGlite's query: one statement per call, never a script.
  const r = await on.query({ text, values: values ?? [], queryMode: 'extended' } as pg.QueryConfig);
  return {
    rows: r.rows as R[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.rowCount ?? 0,
  };
}
