/**
 * Applies supabase/migrations/*.sql and supabase/seed.sql as the Supabase CLI does:
 * - files named `<version>_<name>.sql` (version = the digits before the first `_`), in file-name
 *   order; other files are skipped with a warning, as the CLI skips them;
 * - each file in its own transaction, recorded in `supabase_migrations.schema_migrations(version,
 *   statements, name)` in that same transaction, with the CLI's own DDL, so `supabase migration
 *   list` against this database agrees;
 * - already-recorded versions are skipped;
 * - a failing file is rolled back entirely and stops the run with a SqlFileError (file, line,
 *   Postgres message): the database keeps every earlier migration and nothing of the failed one.
 * The seed runs only on a new database (see `migrate`), recorded in `supabase_migrations.seed_files`
 * (path, sha256) as `supabase db push --include-seed` records it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Db } from '../db/types.ts';
import { DEFAULT_SEARCH_PATH } from '../db/type-policy.ts';
import { runSqlFile } from './run-file.ts';

export { SqlFileError } from './run-file.ts';

/** The Supabase CLI's migration-history DDL (pkg/migration/history.go), statement for statement. */
const HISTORY_DDL = [
  'CREATE SCHEMA IF NOT EXISTS supabase_migrations',
  'CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY)',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[]',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text',
  'CREATE TABLE IF NOT EXISTS supabase_migrations.seed_files (path text NOT NULL PRIMARY KEY, hash text NOT NULL)',
];

const FILE_PATTERN = /^([0-9]+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  /** absolute path */
  path: string;
}

export interface MigrateOptions {
  migrationsDir: string;
  /** seed files in order (config.toml [db.seed] sql_paths); missing files are ignored */
  seedPaths?: string[];
  /** false skips the seed even on a new database */
  seed?: boolean;
  /** paths in messages are shown relative to this folder (the repository root) */
  displayRoot?: string;
  log?: (line: string) => void;
}

export interface MigrateResult {
  /** versions applied by this run, in order */
  applied: string[];
  /** seed files run by this run */
  seeded: string[];
  /** true when nothing had been migrated or seeded before this run */
  newDatabase: boolean;
}

export function listMigrations(dir: string, log: (l: string) => void = () => {}): MigrationFile[] {
  if (!existsSync(dir)) return [];
  const files: MigrationFile[] = [];
  const seen = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isFile() || !entry.name.endsWith('.sql')) continue;
    const m = FILE_PATTERN.exec(entry.name);
    if (!m) {
      log(`Skipping migration ${entry.name}... (file name must match pattern "<timestamp>_name.sql")`);
      continue;
    }
    const [, version, name] = m as unknown as [string, string, string];
    const other = seen.get(version);
    if (other) throw new Error(`Two migrations share version ${version}: ${other} and ${entry.name}`);
    seen.set(version, entry.name);
    files.push({ version, name, path: join(dir, entry.name) });
  }
  return files;
}

export async function ensureHistoryTable(db: Db): Promise<void> {
  for (const ddl of HISTORY_DDL) await db.query(ddl);
}

export async function appliedVersions(db: Db): Promise<Set<string>> {
  await ensureHistoryTable(db);
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  return new Set(rows.map((r) => r.version));
}

export async function migrate(db: Db, options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const show = (p: string) => (options.displayRoot ? relative(options.displayRoot, p) : p);
  const done = await appliedVersions(db);
  const seededBefore = await db.query('select 1 from supabase_migrations.seed_files limit 1');
  const newDatabase = done.size === 0 && seededBefore.rows.length === 0;

  const applied: string[] = [];
  for (const file of listMigrations(options.migrationsDir, log)) {
    if (done.has(file.version)) continue;
    log(`Applying migration ${file.version}_${file.name}.sql...`);
    const source = readFileSync(file.path, 'utf8');
    await db.transaction(async (tx) => {
      // Resolve names as the CLI's session on Supabase would, whatever an earlier file SET.
      await tx.query(`select set_config('search_path', $1, true)`, [DEFAULT_SEARCH_PATH]);
      const statements = await runSqlFile(tx, source, show(file.path));
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, name, statements)
         values ($1, $2, array(select jsonb_array_elements_text($3::jsonb)))`,
        [file.version, file.name, JSON.stringify(statements)],
      );
    });
    applied.push(file.version);
  }

  const seeded: string[] = [];
  if (newDatabase && options.seed !== false) {
    for (const path of options.seedPaths ?? []) {
      if (!existsSync(path)) continue;
      log(`Seeding data from ${show(path)}...`);
      const source = readFileSync(path, 'utf8');
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('search_path', $1, true)`, [DEFAULT_SEARCH_PATH]);
        await runSqlFile(tx, source, show(path));
        await tx.query(
          `insert into supabase_migrations.seed_files (path, hash) values ($1, $2)
           on conflict (path) do update set hash = excluded.hash`,
          [options.displayRoot ? relative(options.displayRoot, path) : path, sha256(source)],
        );
      });
      seeded.push(path);
    }
  }
  // A file may have switched role or search_path for the session (PGlite has only one): undo it.
  await db.exec(`reset role; set search_path to ${DEFAULT_SEARCH_PATH}`);
  return { applied, seeded, newDatabase };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
