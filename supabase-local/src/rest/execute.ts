/**
 * One transaction per request, as PostgREST's MainTx: the settings (search_path, role,
 * request.jwt.claims, request.method/path/headers/cookies), the pre-request function, the statement,
 * the singular/max-affected checks, then commit or roll back (db-tx-end, Prefer: tx). It runs what
 * the sql stage wrote (sql/statement.ts, sql/transaction.ts) and writes no SQL of its own.
 * Only RLS decides what a role may see: nothing here filters by user.
 *
 * Round trips (PostgreSQL): the settings, the pre-request function and the statement go together
 * (Db.batch), as named prepared statements. A read or a write whose end is fixed up front is that one
 * round trip, an implicit transaction with no BEGIN/COMMIT, committed at the protocol's Sync (a write
 * on a pooled connection of its own); one a singular or max-affected check may roll back is BEGIN +
 * that, then COMMIT or ROLLBACK once the checks have seen the result (two). EXPLAIN, counts and the
 * cost check add theirs (the cost check's verdict on a call with a JSON body is reused: costVerdictKey).
 */
import type { BatchStatement, Db, Queryable } from '../db/types.ts';
import { err } from './errors.ts';
import type { ApiRequest } from './parse/request.ts';
import type { SchemaCache } from './schema-cache.ts';
import type { ActionPlan } from './plan/types.ts';
import type { Statement } from './sql/statement.ts';
import {
  exactCountStatement,
  explainStatement,
  preRequestStatement,
  settingsStatement,
} from './sql/transaction.ts';
import type { RestConfig } from './types.ts';

/** db-extra-search-path's default (one array, so the settings' search_path is worked out once per schema) */
const DEFAULT_EXTRA_SEARCH_PATH = ['public'];

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

/** db-tx-end and Prefer: tx → roll back? (`allowOverride`: the Prefer was honoured) */
export function txEnd(
  config: RestConfig,
  prefer: ApiRequest['preferences'],
): { rollback: boolean; allowOverride: boolean } {
  const end = config.dbTxEnd ?? 'commit';
  const allowOverride = end.endsWith('allow-override');
  const rollback = allowOverride && prefer.tx ? prefer.tx === 'rollback' : end.startsWith('rollback');
  return { rollback, allowOverride };
}

export async function execute(
  db: Db,
  config: RestConfig,
  plan: ActionPlan,
  stmt: Statement,
  request: ApiRequest,
  sc: SchemaCache,
): Promise<ResultRow> {
  const { rollback } = txEnd(config, request.preferences);
  /** the role's settings (`alter role … set`), applied per request */
  const roleSettings = sc.roleSettings.get(request.auth.role) ?? [];
  /** the role's plan_filter.statement_cost_limit (pg_plan_filter), imitated with an EXPLAIN */
  const limit = config.planCostLimit === false ? undefined : sc.costLimits.get(request.auth.role);
  const verdictKey = limit === undefined ? null : costVerdictKey(plan, stmt, request.auth.role);
  const known = verdictKey === null ? undefined : freshVerdict(sc, verdictKey);
  if (known === false) throw err.planCost();
  /** undefined: no check (no limit, or this call's plan was checked and allowed a moment ago) */
  const costLimit = known === true ? undefined : limit;
  const readOnly = plan.kind === 'read' || (plan.kind === 'call' && plan.readOnly);
  const settings = settingsStatement({
    schema: plan.schema,
    extraSearchPath: config.dbExtraSearchPath ?? DEFAULT_EXTRA_SEARCH_PATH,
    role: request.auth.role,
    claims: request.auth.claims,
    method: request.method,
    path: request.path,
    headers: request.headers,
    cookies: request.cookies,
    roleSettings,
    ...(plan.prefer.timezone ? { timezone: plan.prefer.timezone } : {}),
    readOnly,
  });
  const first: BatchStatement = { text: settings.text, values: settings.values, prepare: true };
  const main: BatchStatement = { text: stmt.text, values: stmt.values, prepare: true };
  const before: BatchStatement[] = [first];
  if (config.dbPreRequest) {
    const pre = preRequestStatement(config.dbPreRequest);
    before.push({ text: pre.text, values: pre.values, prepare: true });
  }
  const counted = Boolean(stmt.countQuery && plan.count);
  const direct = costLimit === undefined && !plan.accept.plan && !counted;

  // One round trip, no BEGIN/COMMIT: a transaction whose end nothing after the statement can change
  // (no singular or max-affected check that would roll it back), committed at the protocol's Sync
  if (direct && !rolledBackByChecks(plan)) {
    const results = await db.batch(before.length === 1 ? [first, main] : [...before, main], {
      rollback,
      write: !readOnly,
    });
    return checked(plan, resultRow(results[results.length - 1]!.rows[0] ?? {}));
  }

  return db.transaction(
    async (tx: Queryable) => {
      // the settings (and the statement, when nothing must run between them) in the first round trip
      if (direct) {
        const results = await tx.batch([...before, main]);
        return checked(plan, resultRow(results[results.length - 1]!.rows[0] ?? {}));
      }
      await tx.batch(before);
      if (costLimit !== undefined) {
        const allowed = (await planCost(tx, stmt)) <= costLimit;
        if (verdictKey !== null) rememberVerdict(sc, verdictKey, allowed);
        if (!allowed) throw err.planCost();
      }
      if (plan.accept.plan) return explain(tx, plan.accept.plan, stmt);
      const r = await tx.query<Record<string, unknown>>(stmt.text, stmt.values);
      const result = resultRow(r.rows[0] ?? {});
      if (stmt.countQuery && plan.count) {
        const planned = await plannedCount(tx, stmt.countQuery);
        if (plan.count === 'planned' || plan.maxRows === null || planned > plan.maxRows)
          result.total = planned;
        else {
          const count = exactCountStatement(stmt.countQuery);
          const exact = await tx.query<{ n: string }>(count.text, count.values);
          result.total = Number(exact.rows[0]!.n);
        }
      }
      return checked(plan, result);
    },
    // EXPLAIN ANALYZE runs the statement: never keep what it wrote
    { rollback: rollback || (plan.accept.plan?.options.includes('analyze') ?? false) },
  );
}

/** The checks on the statement's result that throw, and so roll back what it did. */
function rolledBackByChecks(plan: ActionPlan): boolean {
  return (
    plan.accept.type === 'application/vnd.pgrst.object+json' ||
    (plan.prefer.handling === 'strict' && plan.prefer.maxAffected !== undefined && plan.kind !== 'read')
  );
}

function resultRow(row: Record<string, unknown>): ResultRow {
  return {
    total: row['total_result_set'] == null ? null : Number(row['total_result_set']),
    pageTotal: Number(row['page_total'] ?? 0),
    body: String(row['body'] ?? ''),
    location: (row['location'] as string | null | undefined) ?? null,
    inserted: row['inserted'] == null ? null : Number(row['inserted']),
    responseHeaders: (row['response_headers'] as string | null) ?? null,
    responseStatus: (row['response_status'] as string | null) ?? null,
  };
}

/** Totals by the plan's kind, then the singular and max-affected checks (they throw: roll back). */
function checked(plan: ActionPlan, result: ResultRow): ResultRow {
  if (plan.kind !== 'read' && plan.kind !== 'call' && plan.count === 'exact') result.total = result.pageTotal;
  if (plan.kind === 'call' && plan.scalar && plan.count) result.total = result.pageTotal;
  if (plan.accept.type === 'application/vnd.pgrst.object+json' && result.pageTotal !== 1) {
    throw err.singular(result.pageTotal);
  }
  if (plan.prefer.handling === 'strict' && plan.prefer.maxAffected !== undefined && plan.kind !== 'read') {
    if (result.pageTotal > plan.prefer.maxAffected) throw err.maxAffected(result.pageTotal);
  }
  return result;
}

async function explain(
  tx: Queryable,
  p: NonNullable<ActionPlan['accept']['plan']>,
  stmt: Statement,
): Promise<ResultRow> {
  const ex = explainStatement(stmt, p.format, p.options);
  const r = await tx.query<Record<string, unknown>>(ex.text, ex.values);
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
 * request from holding the database and Node's event loop. This is the plan's total cost.
 */
async function planCost(tx: Queryable, stmt: Statement): Promise<number> {
  const ex = explainStatement(stmt, 'json');
  const r = await tx.query<Record<string, unknown>>(ex.text, ex.values);
  const first = Object.values(r.rows[0] ?? {})[0];
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as {
    Plan: { 'Total Cost': number };
  }[];
  return Number(json[0]?.Plan['Total Cost'] ?? 0);
}

/** How long a call's verdict is reused: table statistics, which the plan's cost may read, move slowly. */
const VERDICT_TTL_MS = 60_000;
/** The most verdicts kept (the oldest go first). */
const VERDICT_MAX = 1_000;

/**
 * The cost check's verdict on a call is reused when the call's arguments come as a JSON body: the
 * statement reads them from json_to_record(set)($n) (sql/statement.ts, bodyParam), so the planner
 * never sees their values and the plan's cost is the same for every body — the EXPLAIN before each
 * such call (an extra round trip, and the statement parsed and planned twice: a quarter of a
 * checkout's time over REST, supabase/bench/catalog/README.md) would give the same answer again. The
 * key is everything else the cost depends on: the role (its RLS policies and settings), the schema
 * (the search_path), the statement's text and its other values (a limit, the filters on the
 * result). A GET call's arguments, or a single unnamed one, are constants the planner may use: those
 * are checked every time, as are reads and writes. A reload of the schema cache starts afresh.
 */
function costVerdictKey(plan: ActionPlan, stmt: Statement, role: string): string | null {
  if (plan.kind !== 'call' || stmt.bodyParam === undefined) return null;
  const others = stmt.values.map((v, i) => (i === stmt.bodyParam ? null : v));
  return JSON.stringify([role, plan.schema, stmt.text, others]);
}

function freshVerdict(sc: SchemaCache, key: string): boolean | undefined {
  const v = sc.costVerdicts.get(key);
  if (v === undefined) return undefined;
  if (performance.now() - v.at > VERDICT_TTL_MS) {
    sc.costVerdicts.delete(key);
    return undefined;
  }
  return v.allowed;
}

function rememberVerdict(sc: SchemaCache, key: string, allowed: boolean): void {
  if (sc.costVerdicts.size >= VERDICT_MAX) sc.costVerdicts.delete(sc.costVerdicts.keys().next().value!);
  sc.costVerdicts.set(key, { allowed, at: performance.now() });
}

async function plannedCount(tx: Queryable, q: { text: string; values: unknown[] }): Promise<number> {
  const ex = explainStatement(q, 'json');
  const r = await tx.query<{ plan: unknown }>(ex.text, ex.values);
  const first = Object.values(r.rows[0] ?? {})[0];
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as { Plan: { 'Plan Rows': number } }[];
  return Number(json[0]?.Plan['Plan Rows'] ?? 0);
}
