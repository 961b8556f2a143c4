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

export interface Queryable {
  /** One statement, parameters as $1..$n. */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}

export interface TransactionOptions {
  /** Roll back even when fn resolves (PostgREST's db-tx-end=rollback, dry runs). */
  rollback?: boolean;
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
  /** A multi-statement script without parameters (migrations, seed). */
  exec(sqlText: string): Promise<void>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
