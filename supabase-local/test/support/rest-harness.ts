/**
 * A real supabase-local REST endpoint for integration tests: a fresh database (PGlite in memory, or a
 * scratch PostgreSQL database when the suite runs on DATABASE_URL), Supabase's roles and auth helpers,
 * the test's schema, and a node:http server on 127.0.0.1:<random port> that serves /rest/v1/* with
 * createRestApp as Supabase configures PostgREST.
 *
 * Until supabase-local/src/db/{pglite,postgres}.ts land, the Db comes from src/conformance/db-fallback.ts,
 * and the bootstrap below is the minimal part of Supabase's we need (roles, default grants on public,
 * auth.uid()/auth.jwt()/auth.role() reading request.jwt.claims as Supabase defines them).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, type JWTPayload } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fallbackPglite, fallbackPostgres } from '../../src/conformance/db-fallback.ts';
import type { Db } from '../../src/db/types.ts';
import { createRestApp } from '../../src/rest/index.ts';
import type { RestApp, RestConfig } from '../../src/rest/types.ts';

/** The JWT secret of `supabase start` (and of supabase-local with its local keys). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export type DbBackend = 'pglite' | 'postgres';

export interface RestHarness {
  backend: DbBackend;
  /** base URL, e.g. http://127.0.0.1:41234 (REST is at `${url}/rest/v1`) */
  url: string;
  /** `${url}/rest/v1` */
  restUrl: string;
  anonKey: string;
  serviceKey: string;
  /** HS256 with the local secret; claims are used as given (add exp yourself if you want one) */
  signJwt(claims: JWTPayload): Promise<string>;
  /** the database, as the connecting superuser (for setup and checks; bypasses RLS) */
  db: Db;
  app: RestApp;
  /** requests that reached the server (the fuzz test uses it to prove the server answered them all) */
  requestCount(): number;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  /** schema and seed SQL, run as the superuser after the Supabase bootstrap */
  sql: string;
  backend?: DbBackend;
  /** overrides for the REST config (tests only; the store uses the defaults below) */
  config?: Partial<RestConfig>;
}

/**
 * What a Supabase database has before the first migration, reduced to what REST tests touch.
 * Idempotent: on PostgreSQL roles are cluster-wide and other suites (or a concurrent run) may have
 * created them already.
 */
export const SUPABASE_ROLES_SQL = `
do $$ begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticator nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
`;

export const SUPABASE_BOOTSTRAP_SQL = `
grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create schema if not exists auth;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;
`;

export async function signJwt(claims: JWTPayload, secret = LOCAL_JWT_SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));
}

interface Database {
  db: Db;
  drop(): Promise<void>;
}

async function pgliteDatabase(): Promise<Database> {
  const db = await fallbackPglite('memory://');
  return {
    db,
    async drop() {
      await db.close().catch(() => {});
    },
  };
}

async function postgresDatabase(databaseUrl: string): Promise<Database> {
  const name = `rest_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(SUPABASE_ROLES_SQL);
    await admin.query(`create database "${name}" template template0 encoding 'UTF8' lc_collate 'C' lc_ctype 'C'`);
  } finally {
    await admin.end().catch(() => {});
  }
  const scratch = new URL(databaseUrl);
  scratch.pathname = `/${name}`;
  let db: Db;
  try {
    db = await fallbackPostgres(scratch.toString());
  } catch (e) {
    await dropPostgres(databaseUrl, name);
    throw e;
  }
  return {
    db,
    async drop() {
      // Drop first (WITH (FORCE) ends any statement still running there, e.g. after a client timeout),
      // then wait a bounded time for the pool: pool.end() waits for checked-out clients.
      const closing = db.close().catch(() => {});
      await dropPostgres(databaseUrl, name);
      await Promise.race([closing, new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}

async function dropPostgres(databaseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
  } catch (e) {
    process.stderr.write(`warning: could not drop scratch database ${name}: ${(e as Error).message}\n`);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** The store's settings: PostgREST as Supabase configures it. */
export function supabaseRestConfig(): RestConfig {
  return {
    dbSchemas: ['public'],
    dbAnonRole: 'anon',
    jwtSecret: LOCAL_JWT_SECRET,
    dbExtraSearchPath: ['public', 'extensions'],
    dbMaxRows: 1000,
  };
}

export async function startRestHarness(options: HarnessOptions): Promise<RestHarness> {
  const backend = options.backend ?? 'pglite';
  let database: Database;
  if (backend === 'postgres') {
    const databaseUrl = process.env['DATABASE_URL'];
    if (!databaseUrl) throw new Error('startRestHarness: backend postgres needs DATABASE_URL');
    database = await postgresDatabase(databaseUrl);
  } else {
    database = await pgliteDatabase();
  }
  const { db } = database;
  let server: Server | null = null;
  let app: RestApp | null = null;
  try {
    if (backend === 'pglite') await db.exec(SUPABASE_ROLES_SQL);
    await db.exec(SUPABASE_BOOTSTRAP_SQL);
    await db.exec(options.sql);
    app = await createRestApp(db, { ...supabaseRestConfig(), ...options.config });
    const restApp = app;
    let requests = 0;
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests++;
      const raw = req.url ?? '/';
      const prefix = '/rest/v1';
      if (!(raw === prefix || raw.startsWith(`${prefix}/`) || raw.startsWith(`${prefix}?`))) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'no route matched' }));
        return;
      }
      // Supabase's gateway: without Authorization, the apikey header is the bearer token.
      const apikey = req.headers['apikey'];
      if (req.headers['authorization'] === undefined && typeof apikey === 'string' && apikey !== '') {
        req.headers['authorization'] = `Bearer ${apikey}`;
      }
      const target = raw.slice(prefix.length) || '/';
      restApp.handle(req, res, target).catch((e: unknown) => {
        // handle() answers every error itself; reaching here is a bug the tests must see.
        process.stderr.write(`[rest-harness] handle() rejected: ${String(e)}\n`);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 'HARNESS', message: `handle() rejected: ${String(e)}`, details: null, hint: null }));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    // The same claims as `supabase start`'s well-known keys (so these are byte-identical to them).
    const anonKey = await signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    const serviceKey = await signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
    const srv = server;
    let stopped = false;
    return {
      backend,
      url,
      restUrl: `${url}/rest/v1`,
      anonKey,
      serviceKey,
      signJwt: (claims) => signJwt(claims),
      db,
      app: restApp,
      requestCount: () => requests,
      async stop() {
        if (stopped) return;
        stopped = true;
        await new Promise<void>((resolve) => {
          srv.close(() => resolve());
          srv.closeAllConnections();
        });
        await restApp.close().catch(() => {});
        await database.drop();
      },
    };
  } catch (e) {
    if (server) server.close();
    if (app) await app.close().catch(() => {});
    await database.drop();
    throw e;
  }
}

/**
 * Node 20 has no global WebSocket, and supabase-js's realtime client wants one at construction time.
 * REST tests never open a channel, so a transport that refuses to connect is enough.
 */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in REST tests');
  }
}

/** A supabase-js client as the store creates it; `jwt` plays a signed-in user's access token. */
export function supabaseClient(h: RestHarness, jwt?: string): SupabaseClient {
  return createClient(h.url, h.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    ...(jwt ? { global: { headers: { Authorization: `Bearer ${jwt}` } } } : {}),
  });
}

let postgresNoticePrinted = false;

/** The backends this run covers: always PGlite; PostgreSQL too when DATABASE_URL is set. */
export function backends(): DbBackend[] {
  return process.env['DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Defines the suite once per backend: `${name} [pglite]` and, when DATABASE_URL is set,
 * `${name} [postgres]`. Without DATABASE_URL it says so (once per process, and as a skipped test in
 * the report) instead of passing silently.
 */
export function describeEachDb(name: string, fn: (backend: DbBackend) => void): void {
  for (const backend of backends()) describe(`${name} [${backend}]`, () => fn(backend));
  if (!process.env['DATABASE_URL']) {
    if (!postgresNoticePrinted) {
      postgresNoticePrinted = true;
      process.stderr.write(
        '\n[rest-harness] PostgreSQL run NOT configured: these suites ran on PGlite only. ' +
          'Set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them on PostgreSQL too.\n\n',
      );
    }
    describe(`${name} [postgres]`, () => {
      it.skip('not run: DATABASE_URL is not set', () => {});
    });
  }
}

/**
 * Starts a harness for the enclosing describe (beforeAll/afterAll) and returns a getter for it.
 */
export function useRestHarness(backend: DbBackend, options: Omit<HarnessOptions, 'backend'>): () => RestHarness {
  let harness: RestHarness | null = null;
  beforeAll(async () => {
    harness = await startRestHarness({ ...options, backend });
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  }, 60_000);
  return () => {
    if (!harness) throw new Error('rest harness not started');
    return harness;
  };
}
