/**
 * Chooses the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in
 * SUPABASE_LOCAL_DATA (a folder that survives restarts, default <repo>/.data/pglite, git-ignored;
 * or `memory://` for a throwaway database).
 */
import { resolve } from 'node:path';
import { projectPaths } from '../config.ts';
import { MEMORY, openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable, QueryResult, TransactionOptions } from './types.ts';

export type DbTarget =
  | { kind: 'postgres'; url: string; poolSize: number; preparedStatements?: boolean; pipelines?: number }
  | { kind: 'pglite'; dataDir: string };

/**
 * PGRST_DB_PREPARED_STATEMENTS (PostgREST's db-prepared-statements, by its environment name):
 * `false` behind a transaction pooler (PgBouncer, Supavisor in transaction mode, Supabase's port
 * 6543), where named prepared statements do not survive from one transaction to the next.
 */
export function preparedStatementsSetting(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.PGRST_DB_PREPARED_STATEMENTS?.trim().toLowerCase();
  if (v === undefined || v === '') return true;
  if (['true', 'on', 'yes', '1'].includes(v)) return true;
  if (['false', 'off', 'no', '0'].includes(v)) return false;
  throw new Error(`PGRST_DB_PREPARED_STATEMENTS must be true or false (got ${JSON.stringify(v)})`);
}

export function dbTarget(env: NodeJS.ProcessEnv = process.env): DbTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    const poolSize = Number(env.DATABASE_POOL_SIZE ?? 10);
    if (!Number.isInteger(poolSize) || poolSize < 1)
      throw new Error(`DATABASE_POOL_SIZE must be a positive integer`);
    const pipes = env.DATABASE_PIPELINE_CONNECTIONS?.trim();
    const pipelines = pipes ? Number(pipes) : Math.min(2, poolSize);
    if (!Number.isInteger(pipelines) || pipelines < 0)
      throw new Error(`DATABASE_PIPELINE_CONNECTIONS must be a non-negative integer`);
    return { kind: 'postgres', url, poolSize, preparedStatements: preparedStatementsSetting(env), pipelines };
  }
  const data = env.SUPABASE_LOCAL_DATA?.trim();
  if (!data) return { kind: 'pglite', dataDir: projectPaths().defaultDataDir };
  return { kind: 'pglite', dataDir: data.startsWith(MEMORY) ? MEMORY : resolve(data) };
}

export function openDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  return openTarget(dbTarget(env));
}

export function openTarget(target: DbTarget): Promise<Db> {
  return target.kind === 'postgres'
    ? openPostgres({
        url: target.url,
        max: target.poolSize,
        preparedStatements: target.preparedStatements ?? preparedStatementsSetting(),
        ...(target.pipelines === undefined ? {} : { pipelines: target.pipelines }),
      })
    : openPglite({ dataDir: target.dataDir });
}
