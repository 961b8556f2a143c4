/**
 * supabase-local's command line (bin/supabase-local.mjs, `pnpm serve`, `pnpm db:reset`).
 *
 *   serve      open the database, bootstrap, migrate, seed a new database, start API + web
 *   migrate    apply pending migrations (and the seed on a new database), then exit
 *   reset      rebuild the database from scratch (bootstrap, migrations, seed), then exit
 *   status     which database, which migrations are applied (like `supabase migration list`)
 *   bootstrap  prepare an empty PostgreSQL database like supabase-local's own, so the real
 *              Supabase CLI can take it from there (`--db-url <url>`, or `--print` the SQL)
 *
 * Environment: DATABASE_URL (PostgreSQL instead of PGlite), DATABASE_POOL_SIZE, SUPABASE_LOCAL_DATA
 * (PGlite folder or memory://), SUPABASE_PORT / SUPABASE_HOST (API), PORT / HOST (web),
 * SUPABASE_JWT_SECRET, SUPABASE_PUBLISHABLE_KEY / SUPABASE_SECRET_KEY, SUPABASE_SIGNING_KEYS_PATH,
 * SUPABASE_LOCAL_JWT_ALGORITHM (keys.ts, README "Keys").
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { bootstrap, bootstrapScript, installedExtensions } from './bootstrap/index.ts';
import { loadConfig, projectPaths, REPO_ROOT, type ProjectPaths, type SupabaseConfig } from './config.ts';
import { createScheduler } from './cron.ts';
import { createNetWorker } from './net.ts';
import { applyVaultSecrets, vaultEntries } from './vault.ts';
import { dbTarget, openTarget, type DbTarget } from './db/index.ts';
import { redactUrl } from './db/postgres.ts';
import type { Db } from './db/types.ts';
import {
  ephemeralSigningKeys,
  keptSigningKeys,
  readSigningKeys,
  type SigningKeys,
} from './jwt/signing-keys.ts';
import { apiKeys, signingKeysFromEnv, type ApiKeys } from './keys.ts';
import { appliedVersions, listMigrations, SqlFileError } from './migrations/index.ts';
import { emptyPostgresDatabase, isLoopbackHost, resetPgliteDir } from './migrations/reset.ts';
import { notifySchemaReload, prepareDatabase, type PrepareOptions, type PrepareResult } from './prepare.ts';
import { DEFAULT_SNAPSHOT_DIR, isNewPgliteDatabase, openPreparedPglite } from './snapshot.ts';
import { startServer, UnsafeHostError, type RunningServer } from './server.ts';

const USAGE = `usage: supabase-local <serve|migrate|reset|status|bootstrap> [--workdir DIR] [options]
  --workdir DIR           the project folder holding supabase/ (default: this repository)
  reset --force           also reset a PostgreSQL database that is not on this machine
  bootstrap --db-url URL  bootstrap that PostgreSQL database (default: DATABASE_URL)
  bootstrap --print       print the bootstrap SQL instead`;

const log = (line: string) => console.log(line);

/** The project folder (holding supabase/), as the Supabase CLI's --workdir. */
let root = REPO_ROOT;

/**
 * PGlite's Postgres is 9 MB of WebAssembly that V8 compiles at every start: with its baseline compiler
 * (Liftoff) at once, then, by default, the hot functions again with its optimizing one (TurboFan) on
 * background threads. On a 2-core machine that second compile competed with the start itself and
 * kept ~80 MB more resident (README, Start-up and memory: with `serve`'s --optimize-for-size, first
 * answer on an existing folder 1.05 → 0.84 s, peak resident memory under REST load 320 → 202 MB, at
 * 580 → 472 REST requests a second). A server on one embedded connection keeps the baseline code;
 * SUPABASE_LOCAL_WASM_TIER_UP=1 keeps V8's default. Set for this process, before PGlite compiles its
 * module (PGlite.create).
 */
function chooseWasmTier(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SUPABASE_LOCAL_WASM_TIER_UP?.trim() === '1')
    return 'Liftoff, then TurboFan for hot functions (SUPABASE_LOCAL_WASM_TIER_UP=1)';
  setFlagsFromString('--liftoff-only');
  return "V8's baseline compiler alone (SUPABASE_LOCAL_WASM_TIER_UP=1: V8's default tier-up)";
}

let wasmTier = '';

async function main(argv: string[]): Promise<number> {
  wasmTier = chooseWasmTier();
  const w = argv.indexOf('--workdir');
  if (w >= 0) {
    root = resolve(argv[w + 1] ?? '.');
    argv.splice(w, 2);
  }
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      return withPrepared(target(), false);
    case 'reset':
      return reset(args.includes('--force'));
    case 'status':
      return status();
    case 'bootstrap':
      return bootstrapCommand(args);
    default:
      console.error(USAGE);
      return command === undefined || command === '--help' || command === '-h' ? 0 : 2;
  }
}

function setup() {
  const config = loadConfig(projectPaths(root).configToml);
  const paths = projectPaths(root, config);
  return { config, paths };
}

/** DATABASE_URL, else SUPABASE_LOCAL_DATA, else <workdir>/.data/pglite. */
function target(): DbTarget {
  const t = dbTarget();
  if (t.kind === 'pglite' && !process.env.SUPABASE_LOCAL_DATA?.trim())
    return { kind: 'pglite', dataDir: projectPaths(root).defaultDataDir };
  return t;
}

function prepareOptions(): PrepareOptions {
  const { config, paths } = setup();
  return {
    migrationsDir: paths.migrationsDir,
    seedPaths: paths.seedPaths,
    migrations: config.db.migrationsEnabled,
    seed: config.db.seed.enabled,
    displayRoot: root,
    log,
  };
}

/**
 * Open → bootstrap → migrate → seed-if-new. A new PGlite database (new folder, memory://) starts
 * from the prepared-database snapshot (snapshot.ts) unless SUPABASE_LOCAL_SNAPSHOT=off.
 */
async function openPrepared(where: DbTarget): Promise<{ db: Db; prepared: PrepareResult }> {
  if (
    where.kind === 'pglite' &&
    process.env.SUPABASE_LOCAL_SNAPSHOT?.trim() !== 'off' &&
    isNewPgliteDatabase(where.dataDir)
  )
    return openPreparedPglite(where.dataDir, { ...prepareOptions(), cacheDir: DEFAULT_SNAPSHOT_DIR });
  const db = await openTarget(where);
  try {
    return { db, prepared: await prepareDatabase(db, prepareOptions()) };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/**
 * The signing key, as `supabase start` takes it: SUPABASE_LOCAL_JWT_ALGORITHM=HS256 (legacy, none),
 * SUPABASE_SIGNING_KEYS_PATH, config.toml's [auth] signing_keys_path; else the key kept beside the
 * data folder (made on first start), or one for this process when the data is memory://.
 */
function signingKeysFor(config: SupabaseConfig, paths: ProjectPaths, where: DbTarget): SigningKeys | null {
  return signingKeysFromEnv(process.env, () => {
    if (config.auth.signingKeysPath)
      return readSigningKeys(resolve(paths.supabaseDir, config.auth.signingKeysPath));
    const kept = keptKeyPath(where);
    return kept ? keptSigningKeys(kept) : ephemeralSigningKeys();
  });
}

/** `.data/pglite` → `.data/signing_keys.json`, `/x/db` → `/x/db-signing_keys.json`; PostgreSQL: <workdir>/.data. */
function keptKeyPath(where: DbTarget): string | undefined {
  if (where.kind === 'postgres') return join(root, '.data', 'signing_keys.json');
  if (where.dataDir.startsWith('memory://')) return undefined;
  const dir = resolve(where.dataDir);
  const name = basename(dir) === 'pglite' ? 'signing_keys.json' : `${basename(dir)}-signing_keys.json`;
  return join(dirname(dir), name);
}

async function serve(): Promise<number> {
  const { config, paths } = setup();
  const where = target();
  const keys = apiKeys(process.env, {
    signingKeys: signingKeysFor(config, paths, where),
    publishableKey: config.auth.publishableKey,
    secretKey: config.auth.secretKey,
  });
  const started = Date.now();
  const { db, prepared } = await openPrepared(where);
  let server: RunningServer | undefined;
  let stopJobs = () => {};
  let stopNet = () => {};
  try {
    server = await startServer({
      db,
      config,
      keys,
      web: { storefrontDist: paths.storefrontDist, adminDist: paths.adminDist },
    });
    printBanner(server, keys, where, Date.now() - started, prepared.newDatabase);
    // config.toml's [db.vault], whose env(...) may name the keys this server issues
    await applyVaultSecrets(
      db,
      vaultEntries(
        loadConfig(paths.configToml, {
          SUPABASE_URL: server.apiUrl,
          SUPABASE_ANON_KEY: keys.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
          SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
          SUPABASE_SECRET_KEY: keys.secretKey,
          ...process.env,
        }).raw,
      ),
    );
    stopJobs = createScheduler(db).start(); // what migrations scheduled with cron.schedule
    stopNet = createNetWorker(db, { apiUrl: server.apiUrl }).start(); // what the jobs asked net.http_* to send
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
  const running = server;
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      console.log(`\n${signal}: stopping supabase-local...`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      stopJobs();
      stopNet();
      running
        .stop()
        .then(() => db.close())
        .catch((e: Error) => console.error(e.message))
        .finally(resolve);
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
  });
  return 0;
}

/** migrate / reset: prepare, tell a running server (PostgreSQL) to reload, close. */
async function withPrepared(target: DbTarget, emptyFirst: boolean): Promise<number> {
  if (emptyFirst && target.kind === 'postgres') {
    const db = await openTarget(target);
    try {
      await emptyPostgresDatabase(db);
    } finally {
      await db.close();
    }
  }
  const { db, prepared: r } = await openPrepared(target);
  try {
    await notifySchemaReload(db);
    log(r.applied.length ? `Applied ${r.applied.length} migration(s).` : 'No migrations to apply.');
    if (r.seeded.length) log('Seeded the new database.');
    return 0;
  } finally {
    await db.close();
  }
}

async function reset(force: boolean): Promise<number> {
  const t = target();
  if (t.kind === 'pglite') {
    if (t.dataDir === 'memory://') {
      log('SUPABASE_LOCAL_DATA is memory://: every start is already a fresh database.');
      return 0;
    }
    log(`Resetting the PGlite database in ${t.dataDir}...`);
    await resetPgliteDir(t.dataDir);
  } else {
    // no host in the URL: libpq's default, the local socket directory (or ?host=/socket/dir)
    const url = new URL(t.url);
    const host = url.hostname || url.searchParams.get('host') || 'localhost';
    if (!isLoopbackHost(host) && !force) {
      console.error(
        `Refusing to reset ${redactUrl(t.url)}: it is not on this machine. Add --force if you mean it.`,
      );
      return 1;
    }
    log(
      `Resetting ${redactUrl(t.url)}: dropping every schema of this database (other databases are untouched)...`,
    );
  }
  return withPrepared(t, true);
}

async function status(): Promise<number> {
  const t = target();
  const { paths } = setup();
  log(`Database: ${describeTarget(t)}`);
  let db: Db;
  try {
    db = await openTarget(t);
  } catch (e) {
    console.error(`Cannot open it: ${(e as Error).message}`);
    return 1;
  }
  try {
    const boot = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_catalog.pg_tables where schemaname = 'supabase_local' and tablename = 'bootstrap'`,
    );
    if (!boot.rows[0]?.n) {
      log('Not bootstrapped yet (the next serve or migrate will do it).');
      return 0;
    }
    log(`Extensions: ${(await installedExtensions(db)).join(', ') || 'none'}`);
    const applied = await appliedVersions(db);
    const local = listMigrations(paths.migrationsDir);
    log('\n  Local          | Remote         | Name');
    log('  ---------------|----------------|-----');
    const versions = [...new Set([...local.map((m) => m.version), ...applied])].sort();
    for (const v of versions) {
      const file = local.find((m) => m.version === v);
      log(`  ${(file ? v : '').padEnd(14)} | ${(applied.has(v) ? v : '').padEnd(14)} | ${file?.name ?? ''}`);
    }
    const pending = local.filter((m) => !applied.has(m.version)).length;
    log(`\n${applied.size} applied, ${pending} pending.`);
    return 0;
  } finally {
    await db.close();
  }
}

async function bootstrapCommand(args: string[]): Promise<number> {
  if (args.includes('--print')) {
    process.stdout.write(bootstrapScript() + '\n');
    return 0;
  }
  const i = args.indexOf('--db-url');
  const url = i >= 0 ? args[i + 1] : process.env.DATABASE_URL;
  if (!url) {
    console.error('bootstrap needs --db-url <postgres url> (or DATABASE_URL)');
    return 2;
  }
  const db = await openTarget({ kind: 'postgres', url, poolSize: 1 });
  try {
    const r = await bootstrap(db);
    log(
      r.applied.length
        ? `Bootstrapped ${redactUrl(url)}: ${r.applied.join(', ')}`
        : `${redactUrl(url)} was already bootstrapped.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

function describeTarget(t: DbTarget): string {
  if (t.kind === 'postgres') return `PostgreSQL ${redactUrl(t.url)}`;
  return t.dataDir === 'memory://'
    ? 'PGlite in memory (gone when the process exits)'
    : `PGlite in ${t.dataDir}`;
}

function printBanner(s: RunningServer, keys: ApiKeys, target: DbTarget, ms: number, fresh: boolean): void {
  const rows: [string, string][] = [
    ['API URL', s.apiUrl],
    ['REST URL', `${s.apiUrl}/rest/v1`],
    ...(s.webUrl
      ? ([
          ['Storefront', `${s.webUrl}/`],
          ['Admin', `${s.webUrl}/admin/`],
        ] as [string, string][])
      : []),
    ['Database', describeTarget(target)],
    ...(target.kind === 'pglite' ? ([['PGlite WebAssembly', wasmTier]] as [string, string][]) : []),
    // as `supabase status` prints them: the new keys first, then the legacy ones
    ['Publishable key', keys.publishableKey],
    ['Secret key', keys.secretKey],
    [
      'JWT signing',
      keys.signingKeys
        ? `${keys.signingKeys.signing.alg} key ${keys.signingKeys.signing.kid} (${keys.signingKeys.source}); JWKS ${s.apiUrl}/auth/v1/.well-known/jwks.json`
        : 'HS256 with the JWT secret (legacy: SUPABASE_LOCAL_JWT_ALGORITHM=HS256)',
    ],
    [
      'JWT secret',
      keys.wellKnownSecret ? `${keys.jwtSecret} (the well-known local one)` : '(SUPABASE_JWT_SECRET)',
    ],
    ['anon key', keys.anonKey],
    ['service_role key', keys.serviceRoleKey],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  log(`\nsupabase-local started in ${(ms / 1000).toFixed(1)} s.\n`);
  for (const [k, v] of rows) log(`${k.padStart(width)}: ${v}`);
  if (fresh && hasScript('admin:create')) {
    log(
      `\nNew database. To sign in to the admin, create a staff account:\n  pnpm admin:create you@example.com`,
    );
  }
  log(`\nDevelopment surfaces ${s.devSurfacesReason}.`);
  if (s.devSurfaces) {
    log(`  Mailbox (mail Auth sends): ${s.apiUrl}/auth/v1/mailbox`);
    log(
      s.smtp
        ? `  SMTP (into the mailbox): ${s.smtp.host}:${s.smtp.port} (any user and password, no TLS)`
        : '  SMTP: off ([local_smtp] enabled = false); Auth keeps its mail in the mailbox directly',
    );
    log(`  Google/GitHub sign-in: a local provider page at ${s.apiUrl}/auth/v1/local-provider`);
    log(`  Razorpay sandbox: ${s.apiUrl}/razorpay (test keys; no real payment)`);
    const hook = process.env.RAZORPAY_WEBHOOK_URL?.trim();
    log(
      hook
        ? `  Razorpay sandbox webhooks: ${new URL(hook, s.apiUrl).toString()}`
        : '  Razorpay sandbox webhooks: none (set RAZORPAY_WEBHOOK_URL, e.g. a /functions/v1/… path)',
    );
  } else {
    log('  The mailbox, the local sign-in page and the Razorpay sandbox answer 404.');
    log('  No SMTP listener (the mailbox takes no mail).');
  }
  log(`Browsers may call the API from: ${s.allowedOrigins.join(' ')}`);
  log('\nPress Ctrl+C to stop.');
}

function hasScript(name: string): boolean {
  const pkg = join(root, 'package.json');
  if (!existsSync(pkg)) return false;
  return Boolean(
    (JSON.parse(readFileSync(pkg, 'utf8')) as { scripts?: Record<string, string> }).scripts?.[name],
  );
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof SqlFileError) {
      console.error(
        `\nMigration failed, start-up stopped. The database is unchanged by this file.\n\n${e.message}\n`,
      );
    } else if (e instanceof UnsafeHostError) {
      console.error(`\n${e.message}\n`);
    } else if ((e as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
      const err = e as NodeJS.ErrnoException & { port?: number };
      console.error(
        `\nPort ${err.port ?? ''} is already in use: stop what runs there, or set SUPABASE_PORT / PORT / SUPABASE_SMTP_PORT.\n`,
      );
    } else {
      console.error(e);
    }
    process.exitCode = 1;
  },
);
