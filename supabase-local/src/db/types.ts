/**
 * The one connection layer every surface of supabase-local uses. Two implementations:
 * embedded PGlite (default) and PostgreSQL through a node-postgres pool (DATABASE_URL).
 * Same SQL for both.
 *
 * Values come back the same way from both (see ./type-policy.ts): int2/int4/float → number;
 * int8 and numeric → string (no precision loss, as PostgREST's JSON keeps them exact);
 * json/jsonb → parsed; bool → boolean; timestamptz → Date; date, time, timestamp (no zone),
 * interval → the Postgres text; bytea → Uint8Array; anything else → its text. Arrays follow their
 * element type. Select `::text` when the exact Postgres text matters.
 *
 * Errors are Postgres errors as the drivers raise them: `code` (SQLSTATE), `message`, `detail`,
 * `hint`, `position` (1-based, a string), `where`, `schema`, `table`, `column`, `constraint`.
 */
export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: Field[];
  /** rows affected by INSERT/UPDATE/DELETE (0 for SELECT on PGlite) */
  affectedRows: number;
}

export interface BatchStatement {
  text: string;
  values: unknown[];
  /**
   * Worth keeping parsed and planned (PostgreSQL: a named prepared statement per connection, re-planned
   * by the server when the search_path, the role or the objects it uses change). PGlite ignores it.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** One statement, parameters as $1..$n. */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
  /**
   * Statements in order, sent together (one round trip on PostgreSQL); one result each. The first
   * that fails rejects and the rest do not run. Inside a transaction they are part of it; on the
   * Db they are one transaction of their own (see Db.batch).
   */
  batch(statements: BatchStatement[]): Promise<QueryResult[]>;
}

export interface TransactionOptions {
  /** Roll back even when fn resolves (PostgREST's db-tx-end=rollback, dry runs). */
  rollback?: boolean;
  /**
   * Db.batch: the statements write. On PostgreSQL they take a pooled connection of their own rather
   * than a pipelined one shared by concurrent batches: a write may wait for a row lock (or its commit
   * for the WAL), and every batch queued behind it on a shared connection would wait with it.
   */
  write?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, for humans: a data folder, 'memory', or the URL without its password. */
  readonly location?: string;
  /**
   * BEGIN; fn; COMMIT (or ROLLBACK when fn throws or options.rollback). Inside fn use only `tx`:
   * on PGlite (one connection) calling `db.query` there would wait for the transaction to end,
   * so it throws instead.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * The statements as one transaction: committed when all succeed (rolled back with
   * options.rollback), nothing kept when one fails. On PostgreSQL one round trip, no BEGIN/COMMIT:
   * what comes before the protocol's Sync is one implicit transaction, so `set_config(…, true)` of
   * one statement holds for the next.
   */
  batch(statements: BatchStatement[], options?: TransactionOptions): Promise<QueryResult[]>;
  /** A multi-statement script without parameters (migrations, seed). */
  exec(sqlText: string): Promise<void>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
