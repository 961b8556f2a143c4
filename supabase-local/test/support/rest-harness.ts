/**
 * A real supabase-local REST endpoint for integration tests: a fresh database from test-db.ts (PGlite
 * in memory, or a scratch PostgreSQL database when the suite runs on DATABASE_URL) with supabase-local's
 * bootstrap (Supabase's roles, default grants on public, auth.uid()/auth.jwt()/auth.role()), the test's
 * schema, and a node:http server on 127.0.0.1:<random port> that serves /rest/v1/* with createRestApp
 * configured as Supabase configures PostgREST, behind the gateway's apikey rule.
 *
 * It mounts the REST engine alone (not src/server.ts) so that a failure here points at src/rest.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/db/types.ts';
import { createRestApp } from '../../src/rest/index.ts';
import type { RestApp, RestConfig } from '../../src/rest/types.ts';
import { mintJwt } from '../../src/testing/jwt.ts';
import { createTestDb, type DbKind, type TestDatabase } from '../../src/testing/test-db.ts';

/** The JWT secret of `supabase start` (and of supabase-local with its local keys). */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export type DbBackend = DbKind;

export interface RestHarness {
  backend: DbBackend;
  /** base URL, e.g. http://127.0.0.1:41234 (REST is at `${url}/rest/v1`) */
  url: string;
  /** `${url}/rest/v1` */
  restUrl: string;
  anonKey: string;
  serviceKey: string;
  /** HS256 with the local secret; claims are used as given (add exp yourself if you want one) */
  signJwt(claims: Record<string, unknown>): Promise<string>;
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

/** mintJwt with the local secret by default (async, as the REST tests call it). */
export async function signJwt(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): Promise<string> {
  return mintJwt(secret, claims);
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
  if (backend === 'postgres' && !process.env['DATABASE_URL'])
    throw new Error('startRestHarness: backend postgres needs DATABASE_URL');
  const database: TestDatabase = await createTestDb(backend);
  const { db } = database;
  let server: Server | null = null;
  let app: RestApp | null = null;
  try {
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
        res.end(
          JSON.stringify({
            code: 'HARNESS',
            message: `handle() rejected: ${String(e)}`,
            details: null,
            hint: null,
          }),
        );
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
        await endRunningStatements(database);
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

/**
 * A statement still running on the scratch PostgreSQL database (a client gave up waiting) would keep
 * the pool's close() — and with it the drop — waiting: end those sessions first.
 */
async function endRunningStatements(database: TestDatabase): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'];
  if (database.kind !== 'postgres' || !database.url || !serverUrl) return;
  const name = decodeURIComponent(new URL(database.url).pathname.slice(1));
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and state <> 'idle' and pid <> pg_backend_pid()`,
      [name],
    );
  } catch {
    /* best effort */
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts a harness for the enclosing describe (beforeAll/afterAll) and returns a getter for it.
 */
export function useRestHarness(
  backend: DbBackend,
  options: Omit<HarnessOptions, 'backend'>,
): () => RestHarness {
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
