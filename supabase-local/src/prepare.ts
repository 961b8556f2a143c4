/**
 * Open → bootstrap → migrate → seed-if-new: what `serve`, `migrate` and `reset` share, and what the
 * test helpers call with their own migrations folder.
 */
import { bootstrap } from './bootstrap/index.ts';
import type { Db } from './db/types.ts';
import { migrate, type MigrateResult } from './migrations/index.ts';

export interface PrepareOptions {
  migrationsDir: string;
  seedPaths: string[];
  /** config.toml [db.migrations] enabled / [db.seed] enabled */
  migrations?: boolean;
  seed?: boolean;
  displayRoot?: string;
  log?: (line: string) => void;
}

export interface PrepareResult extends MigrateResult {
  bootstrapped: string[];
}

export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<PrepareResult> {
  const boot = await bootstrap(db);
  if (options.migrations === false)
    return { bootstrapped: boot.applied, applied: [], seeded: [], newDatabase: boot.fresh };
  const result = await migrate(db, {
    migrationsDir: options.migrationsDir,
    seedPaths: options.seedPaths,
    seed: options.seed,
    displayRoot: options.displayRoot,
    log: options.log,
  });
  return { bootstrapped: boot.applied, ...result };
}

/** Tell a running REST server on the same database to re-read the schema (PostgREST's channel). */
export async function notifySchemaReload(db: Db): Promise<void> {
  await db.query(`select pg_notify('pgrst', 'reload schema')`);
}
