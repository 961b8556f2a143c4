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

/** One `select set_config(…), …` for every setting, local to the transaction. */
export function settingsStatement(s: TxSettings): Statement {
  const searchPath = [s.schema, ...s.extraSearchPath].map(ident).join(', ');
  const settings: string[] = [
    `set_config('search_path', $1, true)`,
    `set_config('role', $2, true)`,
    `set_config('request.jwt.claims', $3, true)`,
    `set_config('request.method', $4, true)`,
    `set_config('request.path', $5, true)`,
    `set_config('request.headers', $6, true)`,
    `set_config('request.cookies', $7, true)`,
  ];
  const values: unknown[] = [
    searchPath,
    s.role,
    JSON.stringify(s.claims),
    s.method,
    s.path,
    JSON.stringify(s.headers),
    JSON.stringify(s.cookies),
  ];
  for (const [k, v] of s.roleSettings) {
    values.push(k, v);
    settings.push(`set_config($${values.length - 1}, $${values.length}, true)`);
  }
  if (s.timezone) {
    values.push(s.timezone);
    settings.push(`set_config('timezone', $${values.length}, true)`);
  }
  if (s.readOnly) settings.push(`set_config('transaction_read_only', 'on', true)`);
  return { text: `select ${settings.join(', ')}`, values };
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
