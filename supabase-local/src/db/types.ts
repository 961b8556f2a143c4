/**
 * The one connection layer every surface of supabase-local uses. Two implementations:
 * embedded PGlite (default) and PostgreSQL through a node-postgres pool (DATABASE_URL).
 * Same SQL for both.
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
  /** BEGIN; fn; COMMIT (or ROLLBACK when fn throws or options.rollback). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** A multi-statement script without parameters (migrations, seed). */
  exec(sqlText: string): Promise<void>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
