import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../src/db/types.ts';
import type { RestApp, RestConfig } from '../src/rest/types.ts';
import type { Case } from './types.ts';

/** HARNESS §2.2 / §3.2 */
export const HS256_SECRET = 'reallyreallyreallyreallyverysafe';

/** HARNESS §2.6: the RS256 public key of PostgREST's testCfgAsymJWK. */
export const ASYMMETRIC_JWK =
  '{"alg":"RS256","e":"AQAB","key_ops":["verify"],"kty":"RSA","n":"0etQ2Tg187jb04MWfpuogYGV75IFrQQBxQaGH75eq_FpbkyoLcEpRUEWSbECP2eeFya2yZ9vIO5ScD-lPmovePk4Aa4SzZ8jdjhmAbNykleRPCxMg0481kz6PQhnHRUv3nF5WP479CnObJKqTVdEagVL66oxnX9VhZG9IZA7k0Th5PfKQwrKGyUeTGczpOjaPqbxlunP73j9AfnAt4XCS8epa-n3WGz1j-wfpr_ys57Aq-zBCfqP67UYzNpeI1AoXsJhD9xSDOzvJgFRvc3vm2wjAW4LEMwi48rCplamOpZToIHEPIaPzpveYQwDnB1HFTR1ove9bpKJsHmi-e2uzQ","use":"sig"}';

const SPECIAL = 'SPECIAL "@/\\#~_-';
const UNICODE = 'تست';

/** §2.1.1: the schemas of the `multi` instance, v1 first. */
export const MULTI_SCHEMAS = ['v1', 'v2', SPECIAL];

/** §2.2: the auth instance keeps the wide list. */
export const AUTH_SCHEMAS = [
  'test',
  'operators',
  'ordering',
  'pagination',
  'representations',
  'mutations',
  'rpc',
  'headers',
  'config',
  'domain_representations',
  'observability',
  'auth',
  'v1',
  'v2',
  SPECIAL,
  UNICODE,
];

/** §2.1.1: `schema: headers` cases that exercise v1/v2/SPECIAL profile routing and run on `multi`. */
export const MULTI_EXCEPTIONS = new Set([1557, 1558, 1559, 1560, 1574, 1583]);

/** §2.5: the safeupdate trio, selected by id; pg_safeupdate is not installed here (see divergences.yaml). */
export const SAFEUPDATE_CASES = new Set([1387, 1388, 1389]);

/** §2.5 variant_extra_opts */
const EXTRA_OPTS: Record<number, Record<string, unknown>> = {
  1654: { dbSchemas: ['openapi_no_comment'] },
  1690: { dbSchemas: ['SCHEMA_v3'] },
  1764: { jwtSecret: null },
};

/** Config keys that only make sense for `kind: cli` cases (schema: reserved keys of `config:`). */
const CLI_CONFIG_KEYS = new Set(['env', 'file', 'preconditions_sql']);

/** RestConfig plus PostgREST options the engine may not model yet (openapi-mode, log-level, …). */
export type InstanceConfig = RestConfig & Record<string, unknown>;

export interface InstanceSpec {
  /** identity: cases with the same key share one server */
  key: string;
  /** for messages: `test`, `multi`, `auth`, `auth+jwtAud=youraudience`, … */
  name: string;
  config: InstanceConfig;
  /** §3 step 4 — skipped for cases routed to `multi` */
  injectProfile: boolean;
  /** case config keys not applied (CLI-only keys) */
  ignoredConfig: string[];
}

/** §2.1: the option set every no-auth instance carries, in RestConfig names. */
export function baseConfig(schemas: string[], connectingUser: string): InstanceConfig {
  return {
    dbSchemas: schemas,
    dbAnonRole: connectingUser,
    jwtSecret: null,
    jwtAud: null,
    dbPreRequest: null,
    dbMaxRows: null,
    dbTxEnd: 'rollback',
    dbExtraSearchPath: ['public'],
    dbSchemaAliases: { unicode: UNICODE },
    dbPlanEnabled: true,
    serverCorsAllowedOrigins: 'http://example.com, http://example2.com',
    serverTimingEnabled: true,
    serverTraceHeader: 'X-Request-Id',
    logLevel: 'error',
  };
}

/** §2.2 */
export function authConfig(connectingUser: string): InstanceConfig {
  return {
    ...baseConfig(AUTH_SCHEMAS, connectingUser),
    dbAnonRole: 'postgrest_test_anonymous',
    dbPreRequest: 'auth.switch_role',
    jwtSecret: HS256_SECRET,
  };
}

export function kebabToCamel(key: string): string {
  return key.replace(/-([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

function resolvePlaceholder(v: unknown): unknown {
  if (v === 'asymmetric_jwk_public_key') return ASYMMETRIC_JWK;
  if (v === 'asymmetric_jwks_public_key') return `{"keys":[${ASYMMETRIC_JWK}]}`;
  return v;
}

function schemaList(v: unknown): unknown {
  return typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : v;
}

/** §2.4: a case's `config:` block (PostgREST's kebab-case names) → RestConfig (camelCase) overrides. */
export function translateConfig(cfg: Record<string, unknown> | undefined): {
  overrides: Record<string, unknown>;
  ignored: string[];
} {
  const overrides: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(cfg ?? {})) {
    if (CLI_CONFIG_KEYS.has(k)) {
      ignored.push(k);
      continue;
    }
    const name = kebabToCamel(k);
    if (name === 'dbSchemas' || name === 'dbExtraSearchPath') overrides[name] = schemaList(v);
    else if (name === 'logLevel' && v !== null) overrides[name] = String(v);
    else overrides[name] = resolvePlaceholder(v);
  }
  return { overrides, ignored };
}

/** The request path without its query string, for the §2.2 root-path rule. */
function pathOnly(c: Case): string {
  return (c.request.path ?? '').split('?')[0]!;
}

function stableKey(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableKey).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableKey((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

function describeOverrides(o: Record<string, unknown>): string {
  return Object.entries(o)
    .map(
      ([k, v]) =>
        `${k}=${typeof v === 'string' ? (v.length > 24 ? `${v.slice(0, 21)}...` : v) : JSON.stringify(v)}`,
    )
    .join(',');
}

/** §2.1.1 / §2.2 / §2.3–2.5: the instance a case runs on. */
export function routeCase(c: Case, connectingUser: string): InstanceSpec {
  const isAuth = c.schema === 'auth' || pathOnly(c) === '/';
  let name: string;
  let base: InstanceConfig;
  let injectProfile = true;
  if (isAuth) {
    name = 'auth';
    base = authConfig(connectingUser);
  } else if (c.schema === 'multi' || MULTI_EXCEPTIONS.has(c.id)) {
    name = 'multi';
    base = baseConfig(MULTI_SCHEMAS, connectingUser);
    injectProfile = false;
  } else {
    const label = c.schema === undefined || c.schema === 'public' || c.schema === 'test' ? 'test' : c.schema;
    const schema = label === 'unicode' ? UNICODE : label;
    name = label;
    base = baseConfig([schema], connectingUser);
  }
  const { overrides, ignored } = translateConfig(c.config);
  Object.assign(overrides, EXTRA_OPTS[c.id] ?? {});
  const config: InstanceConfig = { ...base, ...overrides } as InstanceConfig;
  let key = stableKey(config);
  if (Object.keys(overrides).length > 0) name = `${name}+${describeOverrides(overrides)}`;
  if (SAFEUPDATE_CASES.has(c.id)) {
    // the portable form preloads pg_safeupdate on this instance's connection; unavailable here
    name = `${name}+safeupdate(unavailable)`;
    key = `safeupdate:${key}`;
  }
  return { key, name, config, injectProfile, ignoredConfig: ignored };
}

export interface RunningInstance {
  name: string;
  port: number;
}

type CreateApp = (db: Db, config: RestConfig) => Promise<RestApp>;

/** One RestApp + node:http server per instance key, created on first use and shared by its cases. */
export class InstancePool {
  private readonly started = new Map<string, Promise<RunningInstance>>();
  private readonly servers: http.Server[] = [];
  private readonly apps: RestApp[] = [];

  constructor(
    private readonly db: Db,
    private readonly createApp: CreateApp,
    private readonly onEngineError: (instance: string, err: unknown) => void = () => {},
    private readonly startTimeoutMs = 60_000,
  ) {}

  get(spec: InstanceSpec): Promise<RunningInstance> {
    let p = this.started.get(spec.key);
    if (!p) {
      p = this.start(spec);
      p.catch(() => {}); // reported per case
      this.started.set(spec.key, p);
    }
    return p;
  }

  get size(): number {
    return this.started.size;
  }

  private async start(spec: InstanceSpec): Promise<RunningInstance> {
    let timer: NodeJS.Timeout | undefined;
    const created = this.createApp(this.db, spec.config);
    created.then(
      (a) => this.apps.push(a),
      () => {},
    ); // closed at the end even if it was late
    const app = await Promise.race([
      created,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`createRestApp did not resolve within ${this.startTimeoutMs} ms`)),
          this.startTimeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req, res) => {
      let handled: Promise<void>;
      try {
        handled = app.handle(req, res, req.url ?? '/');
      } catch (e) {
        handled = Promise.reject(e);
      }
      handled.catch((err: unknown) => {
        this.onEngineError(spec.name, err);
        if (!res.headersSent) {
          res.writeHead(599, 'Engine Threw', { 'content-type': 'text/plain; charset=utf-8' });
          res.end(
            `conformance runner: RestApp.handle threw: ${err instanceof Error ? err.message : String(err)}`,
          );
        } else {
          res.destroy();
        }
      });
    });
    this.servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return { name: spec.name, port: (server.address() as AddressInfo).port };
  }

  async closeAll(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
    await Promise.all(this.apps.map((a) => a.close().catch(() => {})));
  }
}
