/**
 * Prepared-database snapshots for PGlite: a new database (a new data folder, or memory://) starts from
 * a tarball of one that has already had the bootstrap, the migrations and the seed, instead of
 * running initdb and every file again (~10 s → ~1 s; README, Start-up).
 *
 * The tarball is PGlite's own (`dumpDataDir`, loaded with `loadDataDir`), named by a hash of
 * everything the prepared database is made of: PGlite's version, the bootstrap SQL, each migration's
 * file name and text, each seed file's path and text, and whether migrations and seed run. Change
 * any of them and the next new database is prepared the slow way once, then dumped under the new
 * name. Snapshots live in a cache folder (serve: node_modules/.cache/supabase-local), never in git.
 *
 * Only new databases use it: a data folder that holds a database is opened and checked as always
 * (`prepareDatabase`: bootstrap steps and migrations already applied are skipped).
 *
 * What a snapshot freezes: values the SQL computed when it ran (`now()` in a seed row, a default
 * timestamp) carry the time the snapshot was made, not the time the database was created.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapScript } from './bootstrap/index.ts';
import { MEMORY, openPglite, type OpenPglite } from './db/pglite.ts';
import { extractTar, withoutMembers } from './db/tar.ts';
import { listMigrations } from './migrations/index.ts';
import { prepareDatabase, type PrepareOptions, type PrepareResult } from './prepare.ts';

/** Bumped when the way a snapshot is made changes (so old ones are not loaded). */
const FORMAT = 'snapshot v1';
/** Snapshots unused for this long are removed when a new one is written (tests make many). */
const KEEP_UNUSED_MS = 60 * 60 * 1000;
/** ...but the most recently used few are always kept. */
const KEEP_RECENT = 3;

/** `serve`'s cache (and the bundle's, bin/supabase-local.mjs): git-ignored, gone with node_modules. */
export const DEFAULT_SNAPSHOT_DIR = fileURLToPath(
  new URL('../node_modules/.cache/supabase-local/', import.meta.url),
);

export interface SnapshotOptions extends PrepareOptions {
  /** where snapshots are kept */
  cacheDir: string;
  /**
   * How a memory:// database is made when there is no snapshot yet (default: PGlite's initdb); the
   * tests start from their bootstrapped template.
   */
  openNew?: () => Promise<OpenPglite>;
}

export interface OpenedFromSnapshot {
  db: OpenPglite;
  /** what preparing did when the snapshot was made (or now, when it was made now) */
  prepared: PrepareResult;
  /** 'loaded': started from a cached snapshot; 'built': prepared now, and dumped for next time */
  snapshot: 'loaded' | 'built';
  key: string;
}

let pgliteVersion: string | undefined;

/** The name of the snapshot a database prepared with these options would have. */
export function snapshotKey(options: PrepareOptions): string {
  // The package does not export its package.json: find it beside its entry point.
  pgliteVersion ??= readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  );
  const hash = createHash('sha256').update(`${FORMAT}\n`).update(pgliteVersion).update(bootstrapScript());
  const migrations = options.migrations !== false;
  hash.update(`migrations ${migrations}\n`);
  if (migrations) {
    for (const m of listMigrations(options.migrationsDir))
      hash.update(`${m.version}_${m.name}\n`).update(readFileSync(m.path)).update('\n');
    const seed = options.seed !== false;
    hash.update(`seed ${seed}\n`);
    for (const path of seed ? (options.seedPaths ?? []) : []) {
      if (!existsSync(path)) continue;
      hash
        .update(`${options.displayRoot ? relative(options.displayRoot, path) : path}\n`)
        .update(readFileSync(path));
    }
  }
  return hash.digest('hex').slice(0, 20);
}

/** True when `dataDir` is memory:// or a folder without a database yet. */
export function isNewPgliteDatabase(dataDir: string): boolean {
  return dataDir.startsWith(MEMORY) || !existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Opens a NEW PGlite database (see isNewPgliteDatabase) already prepared: from the cached snapshot
 * when there is one, else prepared now and dumped into the cache for the next new database.
 */
export async function openPreparedPglite(
  dataDir: string,
  options: SnapshotOptions,
): Promise<OpenedFromSnapshot> {
  const key = snapshotKey(options);
  const tar = join(options.cacheDir, `pglite-${key}.tar`);
  const meta = `${tar}.json`;
  const cached = readCached(tar, meta);
  if (cached) {
    options.log?.(
      `Starting from the prepared-database snapshot ${key} (bootstrap, ${cached.prepared.applied.length} migrations${cached.prepared.seeded.length ? ', seed' : ''})...`,
    );
    const db = placeFolder(tar, dataDir)
      ? await openPglite({ dataDir })
      : await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(tar)]) });
    return { db, prepared: cached.prepared, snapshot: 'loaded', key };
  }
  const db =
    dataDir.startsWith(MEMORY) && options.openNew ? await options.openNew() : await openPglite({ dataDir });
  try {
    const prepared = await prepareDatabase(db, options);
    options.log?.(
      `Saving the prepared database as snapshot ${key}, so the next new database starts from it...`,
    );
    await writeSnapshot(db, tar, meta, prepared);
    return { db, prepared, snapshot: 'built', key };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

function readCached(tar: string, meta: string): { prepared: PrepareResult } | null {
  try {
    const prepared = JSON.parse(readFileSync(meta, 'utf8')) as PrepareResult;
    const now = new Date();
    utimesSync(tar, now, now); // recently used: kept when others are cleaned up
    return { prepared };
  } catch {
    return null; // missing, or half-removed by a clean-up: prepare the slow way
  }
}

/**
 * A folder target that does not exist yet (or is empty) gets the snapshot's files written beside it
 * and renamed into place: plain file writes (PGlite's loader would hold the whole tarball and its
 * in-memory copy in the process), and a crash half-way leaves no half database behind. False: use
 * PGlite's loader (memory://, or a folder that already has files in it).
 */
function placeFolder(tar: string, dataDir: string): boolean {
  if (dataDir.startsWith(MEMORY)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const partial = `${dataDir}.snapshot-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    extractTar(tar, partial);
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true }); // empty (checked above)
    renameSync(partial, dataDir);
    return true;
  } catch (e) {
    rmSync(partial, { recursive: true, force: true });
    if (existsSync(join(dataDir, 'PG_VERSION'))) return true; // another process placed it first
    throw e;
  }
}

async function writeSnapshot(
  db: OpenPglite,
  tar: string,
  meta: string,
  prepared: PrepareResult,
): Promise<void> {
  // Written to the files first: the tarball then needs no recovery from the write-ahead log.
  await db.exec('checkpoint');
  // WAL segments before the checkpoint's and after the current one (recycled, preallocated) are not
  // needed to start: 16 MB each, half the dump.
  const { rows } = await db.query<{ redo: string; current: string }>(
    `select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_control_checkpoint()`,
  );
  const { redo, current } = rows[0] ?? { redo: '', current: '' };
  const segment = /^pg_wal\/([0-9A-F]{24})$/;
  const dump = withoutMembers(Buffer.from(await (await db.pglite.dumpDataDir('none')).arrayBuffer()), (m) => {
    const name = segment.exec(m.name)?.[1];
    return name !== undefined && redo !== '' && (name < redo || name > current);
  });
  mkdirSync(dirname(tar), { recursive: true });
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(meta + suffix, JSON.stringify(prepared));
  writeFileSync(tar + suffix, dump);
  // the tarball last: a reader that finds it finds its description too
  renameSync(meta + suffix, meta);
  renameSync(tar + suffix, tar);
  removeStale(dirname(tar), tar);
}

/** Snapshots of older migrations (~70 MB each): keep the few used last and any used within the hour. */
function removeStale(dir: string, current: string): void {
  const snapshots = readdirSync(dir)
    .filter((f) => /^pglite-[0-9a-f]+\.tar$/.test(f))
    .map((f) => {
      const path = join(dir, f);
      try {
        return { path, used: statSync(path).mtimeMs };
      } catch {
        return { path, used: Date.now() };
      }
    })
    .filter((s) => s.path !== current)
    .sort((a, b) => b.used - a.used);
  for (const [i, s] of snapshots.entries()) {
    if (i < KEEP_RECENT - 1 || Date.now() - s.used < KEEP_UNUSED_MS) continue;
    rmSync(s.path, { force: true });
    rmSync(`${s.path}.json`, { force: true });
  }
}
