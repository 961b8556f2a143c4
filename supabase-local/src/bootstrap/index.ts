/**
 * Bootstrap: before any migration, make the database what a hosted Supabase database is before
 * yours (roles, `extensions`/`auth`/`storage` schemas, GoTrue's and Storage's tables, auth.uid()
 * and friends, Supabase's grants). See sql/*.sql, applied in file-name order.
 *
 * Versioned like migrations: each step's name is recorded in `supabase_local.bootstrap`, so a restart
 * does nothing and a later step added to sql/ (e.g. another auth table) is applied to existing
 * databases too. Never edit an applied step; add a new file. Every step is also idempotent on its
 * own, because roles are cluster-wide on PostgreSQL and outlive any one database.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/types.ts';

const SQL_DIR = fileURLToPath(new URL('./sql/', import.meta.url));

export interface BootstrapStep {
  name: string;
  sql: string;
}

export function bootstrapSteps(): BootstrapStep[] {
  return readdirSync(SQL_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.replace(/\.sql$/, ''), sql: readFileSync(SQL_DIR + f, 'utf8') }));
}

/** The whole bootstrap as one script (for `supabase-local bootstrap --print`, or psql). */
export function bootstrapScript(): string {
  return [LEDGER_SQL, ...bootstrapSteps().map((s) => `-- ${s.name}\n${s.sql}\n${recordSql(s.name)}`)].join(
    '\n\n',
  );
}

const LEDGER_SQL = `create schema if not exists supabase_local;
comment on schema supabase_local is 'supabase-local: which bootstrap steps this database has had';
create table if not exists supabase_local.bootstrap (
  step text primary key,
  applied_at timestamptz not null default now()
);`;

const recordSql = (step: string) =>
  `insert into supabase_local.bootstrap (step) values ('${step.replace(/'/g, "''")}') on conflict do nothing;`;

export interface BootstrapResult {
  /** Steps applied now (empty when the database was already bootstrapped). */
  applied: string[];
  /** True when this database had never been bootstrapped. */
  fresh: boolean;
}

export async function bootstrap(db: Db): Promise<BootstrapResult> {
  await withRetry(() => db.exec(LEDGER_SQL));
  const { rows } = await db.query<{ step: string }>('select step from supabase_local.bootstrap');
  const done = new Set(rows.map((r) => r.step));
  const applied: string[] = [];
  for (const step of bootstrapSteps()) {
    if (done.has(step.name)) continue;
    // One script in the simple protocol runs as one implicit transaction: the step and its record
    // commit together or not at all.
    try {
      await withRetry(() => db.exec(`${step.sql}\n;\n${recordSql(step.name)}`));
    } catch (e) {
      throw new Error(`bootstrap step ${step.name} failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(step.name);
  }
  return { applied, fresh: done.size === 0 };
}

/** Extensions present in the database, `name (schema)`, for start-up output and the report. */
export async function installedExtensions(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ e: string }>(
    `select e.extname || ' (' || n.nspname || ')' as e from pg_catalog.pg_extension e
     join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1`,
  );
  return rows.map((r) => r.e);
}

/**
 * Two bootstraps on one PostgreSQL server at once (parallel test databases) can collide on the
 * cluster-wide role catalog: "tuple concurrently updated" (XX000), a duplicate role (42710/23505),
 * or a deadlock/serialization failure. The step is atomic, so running it again is safe.
 */
const RETRYABLE = new Set(['XX000', '42710', '23505', '40001', '40P01']);

async function withRetry(fn: () => Promise<void>, attempts = 6): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= attempts || !code || !RETRYABLE.has(code)) throw e;
      await new Promise((r) => setTimeout(r, 20 * i + Math.random() * 50));
    }
  }
}
