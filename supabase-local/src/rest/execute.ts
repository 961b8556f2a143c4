/**
 * One transaction per request, as PostgREST's MainTx: set search_path, role, request.jwt.claims,
 * request.method/path/headers/cookies with set_config(..., true); run the pre-request function;
 * run the statement; check singular/max-affected; commit or roll back (db-tx-end, Prefer: tx).
 * Only RLS decides what a role may see: nothing here filters by user.
 */
import type { Db, Queryable } from '../db/types.ts';
import { err } from './errors.ts';
import type { Auth } from './jwt.ts';
import type { ActionPlan } from './plan/types.ts';
import { ident } from './sql/builder.ts';
import type { Statement } from './sql/statement.ts';
import type { RestConfig } from './types.ts';

export interface RequestContext {
  method: string;
  path: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

export interface ResultRow {
  total: number | null;
  pageTotal: number;
  body: string;
  location: string | null;
  /** upserts: rows inserted (the rest were updated) */
  inserted: number | null;
  responseHeaders: string | null;
  responseStatus: string | null;
}

/** The schema-qualified pre-request function, quoted. */
function preRequestSql(name: string): string {
  const dot = name.indexOf('.');
  const q = dot < 0 ? ident(name) : `${ident(name.slice(0, dot))}.${ident(name.slice(dot + 1))}`;
  return `select ${q}()`;
}

export async function execute(
  db: Db,
  config: RestConfig,
  plan: ActionPlan,
  stmt: Statement,
  auth: Auth,
  ctx: RequestContext,
  rollbackPreferred: boolean,
  roleSettings: [string, string][] = [],
  /** the role's plan_filter.statement_cost_limit (pg_plan_filter), imitated with an EXPLAIN */
  costLimit?: number,
): Promise<ResultRow> {
  const readOnly = plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly);
  const searchPath = [plan.schema, ...(config.dbExtraSearchPath ?? ['public'])].map(ident).join(', ');
  return db.transaction(
    async (tx: Queryable) => {
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
        auth.role,
        JSON.stringify(auth.claims),
        ctx.method,
        ctx.path,
        JSON.stringify(ctx.headers),
        JSON.stringify(ctx.cookies),
      ];
      for (const [k, v] of roleSettings) {
        values.push(k, v);
        settings.push(`set_config($${values.length - 1}, $${values.length}, true)`);
      }
      if (plan.prefer.timezone) {
        values.push(plan.prefer.timezone);
        settings.push(`set_config('timezone', $${values.length}, true)`);
      }
      if (readOnly) settings.push(`set_config('transaction_read_only', 'on', true)`);
      await tx.query(`select ${settings.join(', ')}`, values);
      if (config.dbPreRequest) await tx.query(preRequestSql(config.dbPreRequest));
      if (costLimit !== undefined) await checkCost(tx, stmt, costLimit);
      if (plan.accept.plan) return explain(tx, plan.accept.plan, stmt);
      const r = await tx.query<Record<string, unknown>>(stmt.text, stmt.values);
      const row = r.rows[0] ?? {};
      const result: ResultRow = {
        total: row['total_result_set'] == null ? null : Number(row['total_result_set']),
        pageTotal: Number(row['page_total'] ?? 0),
        body: String(row['body'] ?? ''),
        location: (row['location'] as string | null | undefined) ?? null,
        inserted: row['inserted'] == null ? null : Number(row['inserted']),
        responseHeaders: (row['response_headers'] as string | null) ?? null,
        responseStatus: (row['response_status'] as string | null) ?? null,
      };
      if (stmt.countQuery && plan.count) {
        const planned = await plannedCount(tx, stmt.countQuery);
        if (plan.count === 'planned' || plan.maxRows === null || planned > plan.maxRows)
          result.total = planned;
        else {
          const exact = await tx.query<{ n: string }>(
            `select pg_catalog.count(*)::text as n from (${stmt.countQuery.text}) c`,
            stmt.countQuery.values,
          );
          result.total = Number(exact.rows[0]!.n);
        }
      }
      if (plan.kind !== 'read' && plan.kind !== 'call' && plan.count === 'exact')
        result.total = result.pageTotal;
      if (plan.kind === 'call' && plan.scalar && plan.count) result.total = result.pageTotal;
      if (plan.accept.type === 'application/vnd.pgrst.object+json' && result.pageTotal !== 1) {
        throw err.singular(result.pageTotal);
      }
      if (
        plan.prefer.handling === 'strict' &&
        plan.prefer.maxAffected !== undefined &&
        plan.kind !== 'read'
      ) {
        if (result.pageTotal > plan.prefer.maxAffected) throw err.maxAffected(result.pageTotal);
      }
      return result;
    },
    // EXPLAIN ANALYZE runs the statement: never keep what it wrote
    { rollback: rollbackPreferred || (plan.accept.plan?.options.includes('analyze') ?? false) },
  );
}

async function explain(
  tx: Queryable,
  p: NonNullable<ActionPlan['accept']['plan']>,
  stmt: Statement,
): Promise<ResultRow> {
  const opts = [`format ${p.format}`, ...p.options.map((o) => `${o} true`)];
  const r = await tx.query<Record<string, unknown>>(`explain (${opts.join(', ')}) ${stmt.text}`, stmt.values);
  const lines = r.rows.map((row) => Object.values(row)[0]);
  const body =
    p.format === 'json'
      ? typeof lines[0] === 'string'
        ? lines[0]
        : JSON.stringify(lines[0])
      : lines.map(String).join('\n');
  return {
    total: null,
    pageTotal: 0,
    body,
    location: null,
    inserted: null,
    responseHeaders: null,
    responseStatus: null,
  };
}

/**
 * pg_plan_filter refuses a statement whose plan's total cost exceeds the limit, in its planner hook,
 * before it runs. Here the same test runs as an EXPLAIN in the request's transaction (its role, its
 * settings, so RLS policies are in the plan), before the statement: on PGlite a statement cannot be
 * interrupted once it runs (statement_timeout never fires there), so this is what keeps an expensive
 * request from holding the database and Node's event loop.
 */
async function checkCost(tx: Queryable, stmt: Statement, limit: number): Promise<void> {
  const r = await tx.query<Record<string, unknown>>(`explain (format json) ${stmt.text}`, stmt.values);
  const first = Object.values(r.rows[0] ?? {})[0];
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as {
    Plan: { 'Total Cost': number };
  }[];
  const cost = Number(json[0]?.Plan['Total Cost'] ?? 0);
  if (cost > limit) throw err.planCost();
}

async function plannedCount(tx: Queryable, q: { text: string; values: unknown[] }): Promise<number> {
  const r = await tx.query<{ plan: unknown }>(`explain (format json) ${q.text}`, q.values);
  const first = Object.values(r.rows[0] ?? {})[0];
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as { Plan: { 'Plan Rows': number } }[];
  return Number(json[0]?.Plan['Plan Rows'] ?? 0);
}
