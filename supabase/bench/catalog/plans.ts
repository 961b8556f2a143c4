/** EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) summaries: the plan's nodes, its indexes, its Seq Scans. */
import type pg from 'pg';

export interface PlanSummary {
  nodes: string[];
  indexes: string[];
  /** Seq Scans on the large tables (products, orders, order_items, profiles, users). */
  seqScans: string[];
  executionMs: number | null;
  /** the planner's estimate for the whole statement (what plan_filter.statement_cost_limit is compared with) */
  totalCost: number;
  sharedHit: number;
  sharedRead: number;
  inner?: PlanSummary;
}

const LARGE = new Set(['products', 'orders', 'order_items', 'profiles', 'users']);

interface Node {
  'Node Type': string;
  'Total Cost'?: number;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: Node[];
}

export function planSummary(json: unknown): PlanSummary {
  const top = (Array.isArray(json) ? json[0] : json) as { Plan: Node; 'Execution Time'?: number };
  const s: PlanSummary = {
    nodes: [],
    indexes: [],
    seqScans: [],
    executionMs: top['Execution Time'] ?? null,
    totalCost: top.Plan['Total Cost'] ?? 0,
    sharedHit: top.Plan['Shared Hit Blocks'] ?? 0,
    sharedRead: top.Plan['Shared Read Blocks'] ?? 0,
  };
  const walk = (n: Node) => {
    const rel = n['Relation Name'];
    const idx = n['Index Name'];
    if (rel || idx)
      s.nodes.push(`${n['Node Type']} ${idx ? `${idx}` : rel} (${n['Actual Rows'] ?? '?'} rows)`);
    else if (/Sort|Aggregate|Function Scan|Limit|Hash Join|Nested Loop|BitmapOr|Gather/.test(n['Node Type']))
      s.nodes.push(n['Node Type']);
    if (idx) s.indexes.push(idx);
    if (n['Node Type'] === 'Seq Scan' && rel && LARGE.has(rel))
      s.seqScans.push(`${rel} (${n['Actual Rows'] ?? '?'} rows)`);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(top.Plan);
  return s;
}

/** EXPLAIN of a statement run directly (as postgres), rolled back. */
export async function sqlPlan(
  c: pg.Client,
  sql: string,
  settings: Record<string, string> = {},
): Promise<PlanSummary> {
  await c.query('begin');
  try {
    for (const [name, value] of Object.entries(settings))
      await c.query(`select set_config($1, $2, true)`, [name, value]);
    const r = await c.query(`explain (analyze, buffers, format json) ${sql}`);
    return planSummary((r.rows[0] as Record<string, unknown>)['QUERY PLAN']);
  } finally {
    await c.query('rollback');
  }
}

/**
 * The plans of what a statement runs inside (a plpgsql function's own queries), from auto_explain
 * (`log_nested_statements`, analyze + buffers, JSON) sent to this client as LOG notices; rolled
 * back. Returns the slowest nested statement's summary (with its duration as executionMs).
 * `role`: the statement runs as that role (auto_explain's settings are made before, as the superuser).
 */
export async function nestedPlan(
  c: pg.Client,
  sql: string,
  /** run as this role (`set local role`), as the REST engine runs the request: anon reads active products only */
  role?: string,
): Promise<PlanSummary | undefined> {
  const found: { ms: number; plan: unknown }[] = [];
  const onNotice = (m: { message?: string }) => {
    const x = /^duration: ([0-9.]+) ms\s+plan:\s*([\s\S]*)$/.exec(m.message ?? '');
    if (!x) return;
    try {
      found.push({ ms: Number(x[1]), plan: JSON.parse(x[2]!) });
    } catch {
      /* not a JSON plan */
    }
  };
  await c.query(`load 'auto_explain'`);
  await c.query('begin');
  c.on('notice', onNotice);
  try {
    for (const [k, v] of Object.entries({
      'auto_explain.log_min_duration': '0',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_nested_statements': 'on',
      'auto_explain.log_format': 'json',
      'auto_explain.log_level': 'log',
      client_min_messages: 'log',
    }))
      await c.query(`select set_config($1, $2, true)`, [k, v]);
    if (role) await c.query(`set local role ${role}`);
    await c.query(sql);
  } finally {
    await c.query('rollback');
    c.off('notice', onNotice);
  }
  // the outer statement is the slowest; its nested ones are those with a "Query Text" other than it
  const nested = found.filter(
    (f) => (f.plan as { 'Query Text'?: string })['Query Text']?.trim() !== sql.trim(),
  );
  const best = nested.sort((a, b) => b.ms - a.ms)[0];
  if (!best) return undefined;
  const s = planSummary(best.plan);
  return { ...s, executionMs: best.ms };
}
