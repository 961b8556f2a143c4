/**
 * The statements of a request's transaction around its main statement, as PostgREST's
 * Query/PreQuery.hs and Query/Statements.hs: the settings (search_path, role, request.jwt.claims,
 * request.method/path/headers/cookies, the role's own settings, Prefer: timezone, read-only), the
 * pre-request function, EXPLAIN (application/vnd.pgrst.plan, Prefer: count=planned|estimated, the
 * plan cost limit) and the exact count. Values are $n parameters; names are quoted.
 */
import type { Statement } from './statement.ts';
import { ident } from './builder.ts';

export interface TxSettings {
  schema: string;
  extraSearchPath: string[];
  role: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** the role's own settings (`alter role … set k = v`), applied per request as PostgREST does */
  roleSettings: [string, string][];
  /** Prefer: timezone */
  timezone?: string;
  readOnly: boolean;
}

const BASE_SETTINGS = [
  `set_config('search_path', $1, true)`,
  `set_config('role', $2, true)`,
  `set_config('request.jwt.claims', $3, true)`,
  `set_config('request.method', $4, true)`,
  `set_config('request.path', $5, true)`,
  `set_config('request.headers', $6, true)`,
  `set_config('request.cookies', $7, true)`,
];

/**
 * The statement's text depends only on how many role settings there are, a timezone and read-only:
 * one string per such shape, made once (the same string each time, so the prepared statements'
 * lookup by text (db/pg-batch.ts) hashes it once).
 */
const settingsTexts = new Map<string, string>();

function settingsText(roleSettings: number, timezone: boolean, readOnly: boolean): string {
  const key = `${roleSettings}:${timezone ? 1 : 0}:${readOnly ? 1 : 0}`;
  const known = settingsTexts.get(key);
  if (known !== undefined) return known;
  const settings = [...BASE_SETTINGS];
  let n = BASE_SETTINGS.length;
  for (let i = 0; i < roleSettings; i++) {
    n += 2;
    settings.push(`set_config($${n - 1}, $${n}, true)`);
  }
  if (timezone) settings.push(`set_config('timezone', $${n + 1}, true)`);
  if (readOnly) settings.push(`set_config('transaction_read_only', 'on', true)`);
  // Zero columns out: the settings' values (the claims, every request header) are not sent back, and
  // there is nothing to parse. The subquery keeps the calls: PostgreSQL neither pulls up nor drops
  // volatile outputs of a subquery.
  const text = `select from (select ${settings.join(', ')}) as settings`;
  settingsTexts.set(key, text);
  return text;
}

/** The search_path value by extra search path (the configuration's array) and schema: few of each. */
const searchPaths = new WeakMap<string[], Map<string, string>>();

function searchPathOf(schema: string, extra: string[]): string {
  let bySchema = searchPaths.get(extra);
  if (bySchema === undefined) searchPaths.set(extra, (bySchema = new Map()));
  let v = bySchema.get(schema);
  if (v === undefined) {
    v = [schema, ...extra].map(ident).join(', ');
    if (bySchema.size > 1000) bySchema.clear();
    bySchema.set(schema, v);
  }
  return v;
}

/** JSON of an empty object (no cookies: most requests) */
const EMPTY = '{}';

function jsonOf(o: Record<string, unknown>): string {
  for (const _ in o) return JSON.stringify(o);
  return EMPTY;
}

/** One `select set_config(…), …` for every setting, local to the transaction, answering one empty row. */
export function settingsStatement(s: TxSettings): Statement {
  const values: unknown[] = [
    searchPathOf(s.schema, s.extraSearchPath),
    s.role,
    jsonOf(s.claims),
    s.method,
    s.path,
    jsonOf(s.headers),
    jsonOf(s.cookies),
  ];
  for (const [k, v] of s.roleSettings) values.push(k, v);
  if (s.timezone) values.push(s.timezone);
  return { text: settingsText(s.roleSettings.length, Boolean(s.timezone), s.readOnly), values };
}

/** db-pre-request: the schema-qualified function, quoted. */
export function preRequestStatement(name: string): Statement {
  const dot = name.indexOf('.');
  const q = dot < 0 ? ident(name) : `${ident(name.slice(0, dot))}.${ident(name.slice(dot + 1))}`;
  return { text: `select ${q}()`, values: [] };
}

/** `EXPLAIN (format …, analyze true, …)` of a statement. */
export function explainStatement(
  stmt: { text: string; values: unknown[] },
  format: 'json' | 'text',
  options: string[] = [],
): Statement {
  const opts = [`format ${format}`, ...options.map((o) => `${o} true`)];
  return { text: `explain (${opts.join(', ')}) ${stmt.text}`, values: stmt.values };
}

/** The exact count of a count query's rows, as text. */
export function exactCountStatement(countQuery: { text: string; values: unknown[] }): Statement {
  return {
    text: `select pg_catalog.count(*)::text as n from (${countQuery.text}) c`,
    values: countQuery.values,
  };
}
