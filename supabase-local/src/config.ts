/**
 * Where the project's files are, and the settings supabase-local takes from `supabase/config.toml`
 * (the Supabase CLI's own file, so one file configures both the real CLI and this server).
 * Defaults are the CLI's defaults, so a missing key behaves as it would under `supabase start`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

/** The repository root (supabase-local/src/config.ts → ../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProjectPaths {
  root: string;
  supabaseDir: string;
  configToml: string;
  migrationsDir: string;
  seedPaths: string[];
  functionsDir: string;
  storefrontDist: string;
  adminDist: string;
  /** The PGlite data folder when SUPABASE_LOCAL_DATA is not set (git-ignored). */
  defaultDataDir: string;
}

export function projectPaths(root = REPO_ROOT, config?: SupabaseConfig): ProjectPaths {
  const supabaseDir = join(root, 'supabase');
  return {
    root,
    supabaseDir,
    configToml: join(supabaseDir, 'config.toml'),
    migrationsDir: join(supabaseDir, 'migrations'),
    seedPaths: (config?.db.seed.sqlPaths ?? ['./seed.sql']).map((p) => resolve(supabaseDir, p)),
    functionsDir: join(supabaseDir, 'functions'),
    storefrontDist: join(root, 'storefront', 'dist'),
    adminDist: join(root, 'admin', 'dist'),
    defaultDataDir: join(root, '.data', 'pglite'),
  };
}

export interface ExternalProvider {
  enabled: boolean;
  clientId: string;
  secret: string;
  redirectUri: string;
  url: string;
  skipNonceCheck: boolean;
}

/** [auth.email.smtp] as the Supabase CLI reads it (hosted: the dashboard's custom SMTP). */
export interface SmtpConfig {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
}

export interface SupabaseConfig {
  projectId: string;
  api: { port: number; schemas: string[]; extraSearchPath: string[]; maxRows: number };
  db: { majorVersion: number; seed: { enabled: boolean; sqlPaths: string[] }; migrationsEnabled: boolean };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    /** [auth] signing_keys_path: the CLI's signing_keys.json (relative to supabase/); '' = none */
    signingKeysPath: string;
    /** [auth] publishable_key / secret_key: the new API keys of your own ('' = the default) */
    publishableKey: string;
    secretKey: string;
    enableSignup: boolean;
    enableRefreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    enableAnonymousSignIns: boolean;
    minimumPasswordLength: number;
    passwordRequirements: string;
    email: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      doubleConfirmChanges: boolean;
      securePasswordChange: boolean;
      maxFrequency: string;
      otpLength: number;
      otpExpiry: number;
      /** [auth.email.smtp]: a custom SMTP server for Auth's mail; null when absent, disabled or hostless */
      smtp: SmtpConfig | null;
    };
    /** [auth.rate_limit] as written (email_sent, token_refresh, sign_in_sign_ups, …). */
    rateLimit: Record<string, number>;
    external: Record<string, ExternalProvider>;
  };
  storage: { enabled: boolean; fileSizeLimit: string };
  /**
   * [local_smtp] (Supabase CLI 3; `[inbucket]` before it): the local mailbox. `smtpPort` is where
   * supabase-local's SMTP listener takes mail (0 = any free port); `port` is the CLI's web UI port
   * (supabase-local serves its page under /auth/v1/mailbox instead).
   */
  localSmtp: { enabled: boolean; port: number; smtpPort: number; adminEmail: string; senderName: string };
  /** [functions.<name>] tables as written (verify_jwt, entrypoint, import_map, …). */
  functions: Record<string, Record<string, unknown>>;
  /** The whole file, env(...) resolved, for settings not modelled above. */
  raw: Record<string, unknown>;
}

type Table = Record<string, unknown>;

/** Reads config.toml; a missing file gives the CLI's defaults. */
export function loadConfig(
  path = projectPaths().configToml,
  env: NodeJS.ProcessEnv = process.env,
): SupabaseConfig {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let raw: Table;
  try {
    raw = resolveEnv(parse(text), env) as Table;
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`, { cause: e });
  }
  return fromToml(raw);
}

/** `"env(NAME)"` → the variable's value ('' when unset), as the Supabase CLI does. */
function resolveEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const m = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
    return m ? (env[m[1]!] ?? '') : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnv(v, env));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnv(v, env)]));
  }
  return value;
}

export function fromToml(raw: Table): SupabaseConfig {
  const api = table(raw.api);
  const db = table(raw.db);
  const auth = table(raw.auth);
  const email = table(auth.email);
  const external = table(auth.external);
  const storage = table(raw.storage);
  // CLI 3 calls it [local_smtp]; [inbucket] is the older name (either is read; local_smtp wins)
  const localSmtp = { ...table(raw.inbucket), ...table(raw.local_smtp) };
  return {
    projectId: str(raw.project_id, 'supabase-local'),
    api: {
      port: num(api.port, 54321),
      schemas: strs(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strs(api.extra_search_path, ['public', 'extensions']),
      maxRows: num(api.max_rows, 1000),
    },
    db: {
      majorVersion: num(db.major_version, 15),
      seed: {
        enabled: bool(table(db.seed).enabled, true),
        sqlPaths: strs(table(db.seed).sql_paths, ['./seed.sql']),
      },
      migrationsEnabled: bool(table(db.migrations).enabled, true),
    },
    auth: {
      siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
      additionalRedirectUrls: strs(auth.additional_redirect_urls, []),
      jwtExpiry: num(auth.jwt_expiry, 3600),
      signingKeysPath: str(auth.signing_keys_path, ''),
      publishableKey: str(auth.publishable_key, ''),
      secretKey: str(auth.secret_key, ''),
      enableSignup: bool(auth.enable_signup, true),
      enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      passwordRequirements: str(auth.password_requirements, ''),
      email: {
        enableSignup: bool(email.enable_signup, true),
        enableConfirmations: bool(email.enable_confirmations, false),
        doubleConfirmChanges: bool(email.double_confirm_changes, true),
        securePasswordChange: bool(email.secure_password_change, false),
        maxFrequency: str(email.max_frequency, '1s'),
        otpLength: num(email.otp_length, 6),
        otpExpiry: num(email.otp_expiry, 3600),
        smtp: smtp(table(email.smtp)),
      },
      rateLimit: Object.fromEntries(
        Object.entries(table(auth.rate_limit)).filter(([, v]) => typeof v === 'number'),
      ) as Record<string, number>,
      external: Object.fromEntries(Object.entries(external).map(([name, v]) => [name, provider(table(v))])),
    },
    storage: { enabled: bool(storage.enabled, true), fileSizeLimit: str(storage.file_size_limit, '50MiB') },
    localSmtp: {
      enabled: bool(localSmtp.enabled, true),
      port: num(localSmtp.port, 54324),
      smtpPort: num(localSmtp.smtp_port, 54325),
      adminEmail: str(localSmtp.admin_email, 'admin@email.com'),
      senderName: str(localSmtp.sender_name, 'Admin'),
    },
    functions: Object.fromEntries(Object.entries(table(raw.functions)).map(([k, v]) => [k, table(v)])),
    raw,
  };
}

/** Configured when the table is there, not disabled, and names a host (the CLI's rule). */
function smtp(t: Table): SmtpConfig | null {
  if (!Object.keys(t).length || t.enabled === false) return null;
  const host = str(t.host, '').trim();
  if (!host) return null;
  return {
    host,
    port: num(t.port, 587),
    user: str(t.user, ''),
    pass: str(t.pass, ''),
    adminEmail: str(t.admin_email, 'admin@email.com'),
    senderName: str(t.sender_name, ''),
  };
}

function provider(t: Table): ExternalProvider {
  return {
    enabled: bool(t.enabled, false),
    clientId: str(t.client_id, ''),
    secret: str(t.secret, ''),
    redirectUri: str(t.redirect_uri, ''),
    url: str(t.url, ''),
    skipNonceCheck: bool(t.skip_nonce_check, false),
  };
}

/** The schemas PostgREST serves: config's api.schemas without graphql_public (no GraphQL here). */
export function exposedSchemas(config: SupabaseConfig): string[] {
  const s = config.api.schemas.filter((x) => x !== 'graphql_public');
  return s.length ? s : ['public'];
}

const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
const num = (v: unknown, d: number) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const strs = (v: unknown, d: string[]) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : d;
