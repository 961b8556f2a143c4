/**
 * The full supabase-local API (gateway + REST + whatever surfaces are mounted) on 127.0.0.1:<free
 * port>, over a fresh test database (see test-db.ts) that has had the bootstrap, the given migrations
 * folder and seed files, and optional extra SQL. Keys are the well-known local ones (legacy JWTs and
 * the CLI's publishable/secret keys); user tokens are signed with an ES256 key made for the server.
 *
 *   forEachDb-style:   forEachServer('items', { migrationsDir }, ({ server }) => { … server().url … })
 *   by hand:           const s = await startTestServer('pglite', { migrationsDir }); … await s.stop();
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fromToml, type SupabaseConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { SigningKeys } from '../jwt/signing-keys.ts';
import { apiKeys } from '../keys.ts';
import { MEMORY } from '../db/pglite.ts';
import { listMigrations } from '../migrations/index.ts';
import { prepareDatabase, type PrepareResult } from '../prepare.ts';
import { openPreparedPglite } from '../snapshot.ts';
import type { RestConfig } from '../rest/types.ts';
import { startServer, type RunningServer, type ServerOptions, type Surfaces } from '../server.ts';
import { mintJwt } from './jwt.ts';
import {
  createTestDb,
  forEachDbKind,
  openBootstrappedPglite,
  type DbKind,
  type TestDatabase,
} from './test-db.ts';

export interface TestServerOptions {
  /** migrations to apply (default: none) */
  migrationsDir?: string;
  seedPaths?: string[];
  /** SQL run as the superuser after migrations and seed (a test's own fixtures) */
  sql?: string;
  /** config.toml content as parsed TOML (default: the CLI's defaults) */
  config?: SupabaseConfig;
  surfaces?: Surfaces;
  rest?: Partial<RestConfig>;
  /** serve the web origin too (default: no) */
  web?: ServerOptions['web'];
  /** the environment keys are read from (SUPABASE_LOCAL_JWT_ALGORITHM=HS256 for legacy signing); default {} */
  env?: NodeJS.ProcessEnv;
  /** the local SMTP listener's port (default 0: any free port) */
  smtpPort?: number;
}

export interface TestServer {
  kind: DbKind;
  /** API base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** `${url}/rest/v1` */
  restUrl: string;
  webUrl?: string;
  /** legacy keys (HS256 JWTs) */
  anonKey: string;
  serviceRoleKey: string;
  /** the new keys: sb_publishable_… (anon) and sb_secret_… (service_role) */
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  /** the ES256 key Auth signs user tokens with (for mintJwt(signingKeys, claims)); null in legacy mode */
  signingKeys: SigningKeys | null;
  /** the database as its superuser (setup and checks; bypasses RLS) */
  db: Db;
  prepared: PrepareResult;
  /** the local SMTP listener (the mailbox's way in: `smtp.port`; `smtp.stop()` makes Auth's sends fail) */
  smtp: RunningServer['smtp'];
  /** an HS256 JWT with these claims, signed with the server's secret (add `exp` yourself) */
  signJwt(claims: Record<string, unknown>): string;
  stop(): Promise<void>;
}

/** Prepared-database snapshots of the suites' migrations and seed (src/snapshot.ts), beside the template. */
const SNAPSHOTS = join(tmpdir(), 'supabase-local-snapshots');

/**
 * The suite's database, bootstrapped, migrated and seeded. On PGlite, from a snapshot of that
 * prepared database (made by the first suite that needs it, kept across runs, remade when a
 * migration or the seed changes): the store's 50-odd migrations and seed take seconds per suite.
 */
async function preparedTestDb(
  kind: DbKind,
  options: TestServerOptions,
): Promise<{ t: TestDatabase; prepared: PrepareResult }> {
  const migrationsDir = options.migrationsDir ?? '/nonexistent';
  const seedPaths = options.seedPaths ?? [];
  if (kind === 'pglite' && listMigrations(migrationsDir).length > 0) {
    const o = await openPreparedPglite(MEMORY, {
      migrationsDir,
      seedPaths,
      cacheDir: SNAPSHOTS,
      openNew: openBootstrappedPglite,
    });
    return { t: { kind, db: o.db, drop: () => o.db.close() }, prepared: o.prepared };
  }
  const t = await createTestDb(kind);
  try {
    return { t, prepared: await prepareDatabase(t.db, { migrationsDir, seedPaths }) };
  } catch (e) {
    await t.drop().catch(() => {});
    throw e;
  }
}

export async function startTestServer(kind: DbKind, options: TestServerOptions = {}): Promise<TestServer> {
  const { t, prepared } = await preparedTestDb(kind, options);
  try {
    if (options.sql) await t.db.exec(options.sql);
    const keys = apiKeys(options.env ?? {});
    const server = await startServer({
      db: t.db,
      config: options.config ?? fromToml({}),
      keys,
      env: {},
      apiPort: 0,
      apiHost: '127.0.0.1',
      web: options.web ?? false,
      surfaces: options.surfaces,
      rest: options.rest,
      smtpPort: options.smtpPort ?? 0,
    });
    return {
      kind,
      url: server.apiUrl,
      restUrl: `${server.apiUrl}/rest/v1`,
      webUrl: server.webUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      jwtSecret: keys.jwtSecret,
      signingKeys: keys.signingKeys,
      db: t.db,
      prepared,
      smtp: server.smtp,
      signJwt: (claims) => mintJwt(keys.jwtSecret, claims),
      async stop() {
        await server.stop();
        await t.drop();
      },
    };
  } catch (e) {
    await t.drop().catch(() => {});
    throw e;
  }
}

/** One describe block per database kind, each with its own server for the whole block. */
export function forEachServer(
  name: string,
  options: TestServerOptions,
  body: (suite: { kind: DbKind; server: () => TestServer }) => void,
): void {
  forEachDbKind(name, (kind) => {
    let s: TestServer | undefined;
    beforeAll(async () => {
      s = await startTestServer(kind, options);
    }, 120_000);
    afterAll(async () => {
      await s?.stop();
    }, 60_000);
    body({
      kind,
      server: () => {
        if (!s) throw new Error('server not started (use it inside tests or hooks)');
        return s;
      },
    });
  });
}
