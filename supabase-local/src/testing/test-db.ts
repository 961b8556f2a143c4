/**
 * Fresh databases for integration tests: every suite runs on PGlite, and also on PostgreSQL when
 * DATABASE_URL is set (CI sets it). Without DATABASE_URL the PostgreSQL variant shows up as SKIPPED
 * with the reason in its name, and the reason is printed once: it never passes silently.
 * `TEST_DB_KINDS=postgres` runs the PostgreSQL variants only (CI's second pass), the PGlite ones
 * SKIPPED the same way.
 *
 *   forEachDb('items', ({ db, kind }) => {
 *     it('…', async () => { await db().query('select 1') });
 *   });
 *
 * - PGlite: an in-memory instance cloned from a bootstrapped template (built once, cached as a
 *   tarball in the OS temp folder and keyed by the bootstrap SQL and PGlite version), so each
 *   database costs well under a second instead of initdb + bootstrap.
 * - PostgreSQL: a scratch database `sl_test_<time>_<random>` on DATABASE_URL's server, bootstrapped,
 *   dropped afterwards (leftovers of crashed runs older than an hour are swept).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { bootstrap, bootstrapScript } from '../bootstrap/index.ts';
import { MEMORY, openPglite, type OpenPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';

export type DbKind = 'pglite' | 'postgres';

export interface TestDatabase {
  kind: DbKind;
  db: Db;
  /** the scratch database's URL (PostgreSQL only) */
  url?: string;
  drop(): Promise<void>;
}

export interface TestDbOptions {
  /** run supabase-local's bootstrap (default true) */
  bootstrap?: boolean;
}

const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
/**
 * `TEST_DB_KINDS=postgres` (with DATABASE_URL): the PostgreSQL variants only. CI sets it for its second
 * integration pass, whose PGlite variants the README's test command has just run.
 */
const ONLY_POSTGRES = onlyPostgres(process.env.TEST_DB_KINDS);
let warned = false;

function onlyPostgres(setting: string | undefined): boolean {
  const value = setting?.trim();
  if (!value) return false;
  if (value !== 'postgres') {
    throw new Error(
      `TEST_DB_KINDS=${value}: use "postgres" (with DATABASE_URL) or leave it unset for both kinds.`,
    );
  }
  if (!DATABASE_URL)
    throw new Error('TEST_DB_KINDS=postgres needs DATABASE_URL (a PostgreSQL server to test on).');
  return true;
}

/** Why a kind is left out of this run (the name of its skipped block), or undefined when it runs. */
function leftOut(kind: DbKind): string | undefined {
  if (kind === 'postgres') return DATABASE_URL ? undefined : 'DATABASE_URL not set';
  return ONLY_POSTGRES ? 'TEST_DB_KINDS=postgres, run by the PGlite pass' : undefined;
}

/** The kinds this run covers; says once why a kind is left out. */
export function dbKinds(): DbKind[] {
  const kinds = (['pglite', 'postgres'] as const).filter((kind) => !leftOut(kind));
  if (!warned && kinds.length < 2) {
    warned = true;
    console.warn(
      ONLY_POSTGRES
        ? '[test-db] TEST_DB_KINDS=postgres: PGlite variants are SKIPPED here (run them without TEST_DB_KINDS).'
        : '[test-db] DATABASE_URL is not set: PostgreSQL variants are SKIPPED, only PGlite runs.',
    );
  }
  return kinds;
}

export async function createTestDb(kind: DbKind, options: TestDbOptions = {}): Promise<TestDatabase> {
  const boot = options.bootstrap ?? true;
  if (kind === 'pglite') {
    const db = await openPglite(
      boot ? { dataDir: MEMORY, loadDataDir: await pgliteTemplate() } : { dataDir: MEMORY },
    );
    return { kind, db, drop: () => db.close() };
  }
  if (!DATABASE_URL) throw new Error('createTestDb("postgres") needs DATABASE_URL');
  const { name, url } = await createScratchDatabase(DATABASE_URL);
  let db: Db | undefined;
  try {
    db = await openPostgres({ url, max: 10 });
    if (boot) await bootstrap(db);
  } catch (e) {
    await db?.close().catch(() => {});
    await dropScratchDatabase(DATABASE_URL, name);
    throw e;
  }
  const opened = db;
  return {
    kind,
    db: opened,
    url,
    async drop() {
      await opened.close().catch(() => {});
      await dropScratchDatabase(DATABASE_URL, name);
    },
  };
}

export interface DbSuite {
  kind: DbKind;
  /** the suite's database (available from beforeAll on) */
  db(): Db;
  /** PostgreSQL only: the scratch database's URL */
  url(): string | undefined;
}

/**
 * The one "for each database" loop every suite goes through: `${name} [pglite]`, and `${name}
 * [postgres]` when DATABASE_URL is set, else a skipped block whose name says why (never a silent
 * pass). forEachDb, forEachServer and the REST harness's suites are this loop plus a fixture.
 */
export function forEachDbKind(name: string, body: (kind: DbKind) => void): void {
  const kinds = dbKinds();
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!kinds.includes(kind)) {
      describe.skip(`${name} [${kind}: skipped, ${leftOut(kind)}]`, () => {
        it(`runs when ${kind === 'postgres' ? 'DATABASE_URL points at a PostgreSQL server' : 'TEST_DB_KINDS is unset'}`, () => {});
      });
      continue;
    }
    describe(`${name} [${kind}]`, () => body(kind));
  }
}

/** One describe block per database kind, each with its own fresh database for the whole block. */
export function forEachDb(name: string, body: (suite: DbSuite) => void, options: TestDbOptions = {}): void {
  forEachDbKind(name, (kind) => {
    let t: TestDatabase | undefined;
    beforeAll(async () => {
      t = await createTestDb(kind, options);
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    }, 60_000);
    body({
      kind,
      db: () => t?.db ?? fail('database not ready (use it inside tests or hooks)'),
      url: () => t?.url,
    });
  });
}

function fail(message: string): never {
  throw new Error(message);
}

// --- PGlite template --------------------------------------------------------------------------

/** An in-memory PGlite cloned from the bootstrapped template. */
export async function openBootstrappedPglite(): Promise<OpenPglite> {
  return openPglite({ dataDir: MEMORY, loadDataDir: await pgliteTemplate() });
}

let template: Promise<Blob> | undefined;

function pgliteTemplate(): Promise<Blob> {
  return (template ??= loadOrBuildTemplate());
}

async function loadOrBuildTemplate(): Promise<Blob> {
  // The package does not export its package.json: find it beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8');
  const key = createHash('sha256').update(version).update(bootstrapScript()).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `supabase-local-pglite-template-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openPglite({ dataDir: MEMORY });
  try {
    await bootstrap(db);
    const dump = await db.pglite.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file); // atomic: a concurrent reader never sees half a file
    removeOldTemplates(file);
    return new Blob([bytes]);
  } finally {
    await db.close();
  }
}

/** Templates of earlier bootstrap versions (~40 MB each) are dead weight in the temp folder. */
function removeOldTemplates(current: string): void {
  for (const f of readdirSync(tmpdir())) {
    const path = join(tmpdir(), f);
    if (/^supabase-local-pglite-template-[0-9a-f]+\.tar$/.test(f) && path !== current)
      rmSync(path, { force: true });
  }
}

// --- PostgreSQL scratch databases ---------------------------------------------------------------

const PREFIX = 'sl_test_';

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createScratchDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `${PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, async (c) => {
    await sweepLeftovers(c);
    await c.query(`create database ${pg.escapeIdentifier(name)}`);
  });
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

async function dropScratchDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
}

/** Drops only our own scratch databases, more than an hour old (their name carries the time). */
async function sweepLeftovers(c: pg.Client): Promise<void> {
  const { rows } = await c.query<{ datname: string }>(
    `select datname from pg_database where datname like 'sl\\_test\\_%'`,
  );
  const hourAgo = Date.now() / 1000 - 3600;
  for (const { datname } of rows) {
    const t = Number(/^sl_test_(\d+)_/.exec(datname)?.[1]);
    if (t && t < hourAgo)
      await c.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`).catch(() => {});
  }
}
