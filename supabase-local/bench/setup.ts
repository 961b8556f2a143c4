/**
 * The benchmark's database and engine configuration, as PostgREST's benchmark runs it
 * (postgrest-benchmark's pgrst.conf / nixops.nix): db-schemas = public, db-anon-role = postgres
 * (the k6 scripts send no JWT), jwt-secret = reallyreallyreallyreallyverysafe. chinook.sql needs no
 * extra roles or schemas: it creates everything in public as the connecting user (postgres).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../src/db/types.ts';
import type { RestConfig } from '../src/rest/types.ts';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE_DIR = path.resolve(BENCH_DIR, '..');
export const CHINOOK_SQL = path.resolve(PACKAGE_DIR, 'bench/workload/chinook.sql');
export const JWT_SECRET = 'reallyreallyreallyreallyverysafe';

export const REST_CONFIG: RestConfig = {
  dbSchemas: ['public'],
  dbAnonRole: 'postgres',
  jwtSecret: JWT_SECRET,
};

/** node-postgres pool size of the REST Db and of the bare-Node ceiling (src/db's default; PostgREST's db-pool default is 10 too). */
export const POOL_SIZE = 10;

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function chinookSql(): string {
  if (!existsSync(CHINOOK_SQL)) throw new Error(`chinook.sql not found at ${CHINOOK_SQL}`);
  return readFileSync(CHINOOK_SQL, 'utf8');
}

export function withDatabase(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = '/' + encodeURIComponent(dbName);
  return u.toString();
}

/** CREATE DATABASE <scratch>, load chinook.sql into it; returns the scratch database's URL. */
export async function createScratchDatabase(adminUrl: string, dbName: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.query(`create database "${dbName}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, dbName);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(chinookSql());
    await c.query('analyze');
  } finally {
    await c.end();
  }
  return url;
}

export async function dropScratchDatabase(adminUrl: string, dbName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** The Db the engine runs over: supabase-local's own src/db (a node-postgres pool of POOL_SIZE / an in-memory PGlite). */
export const DB_IMPLEMENTATION = 'src/db/{postgres,pglite}.ts';

export async function openPostgresDb(url: string): Promise<Db> {
  const { dbTarget, openTarget } = await import('../src/db/index.ts');
  // configured from the environment as the server is (DATABASE_PIPELINE_CONNECTIONS,
  // PGRST_DB_PREPARED_STATEMENTS), with the bench's URL and pool size
  return openTarget(dbTarget({ ...process.env, DATABASE_URL: url, DATABASE_POOL_SIZE: String(POOL_SIZE) }));
}

export async function openPgliteDb(): Promise<Db> {
  const { openPglite, MEMORY } = await import('../src/db/pglite.ts');
  const db = await openPglite({ dataDir: MEMORY });
  await db.exec(chinookSql());
  await db.exec('analyze');
  return db;
}
