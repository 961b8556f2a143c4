/**
 * ActionPlan → the one main statement, shaped like PostgREST's: a pgrst_source CTE and an outer
 * SELECT returning total_result_set, page_total, body, location, response_headers, response_status.
 */
import type { ActionPlan, CallPlan, MutatePlan, ReadPlan } from '../plan/types.ts';
import { SqlBuilder, arrayLiteral, ident, qualified, typeName } from './builder.ts';
import { conditionsSql, countSql, levelSql, orderAndRange } from './read.ts';

export interface Statement {
  text: string;
  values: unknown[];
  /** for Prefer: count=planned|estimated — EXPLAIN this */
  countQuery?: { text: string; values: unknown[] };
  /**
   * A call whose arguments come as a JSON body: the index in `values` of that body, which the
   * planner never looks into (json_to_record(set)'s argument; the function receives columns of its
   * result, not constants). The plan's cost is the same whatever the body holds.
   */
  bodyParam?: number;
}

const T = '_postgrest_t';

function bodySql(plan: ActionPlan, scalar: boolean, singleResult: boolean): string {
  const col = scalar ? `${T}.pgrst_scalar` : T;
  const type = plan.accept.type;
  if (type === 'text/csv') {
    return `(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(r) as k from (select row_to_json(hh) as r from pgrst_source as hh limit 1) s) a) || chr(10) || coalesce(string_agg(substring(${T}::text, 2, length(${T}::text) - 2), chr(10)), '')`;
  }
  const elem = plan.accept.stripNulls && !scalar ? `json_strip_nulls(row_to_json(${T}))` : col;
  if (type === 'application/vnd.pgrst.object+json' || singleResult) {
    return `coalesce((json_agg(${elem})->0)::text, 'null')`;
  }
  return `coalesce(json_agg(${elem}), '[]')::text`;
}

const TAIL = `nullif(current_setting('response.headers', true), '') as response_headers, nullif(current_setting('response.status', true), '') as response_status`;

export function readStatement(plan: ActionPlan & { kind: 'read' }): Statement {
  const b = new SqlBuilder();
  const source = levelSql(b, plan.read, null, null, { maxRows: plan.maxRows });
  let total = 'null::bigint';
  let countQuery: Statement['countQuery'];
  if (plan.count === 'exact') {
    total = `(select pg_catalog.count(*) from (${countSql(b, plan.read, null)}) pgrst_count)`;
  } else if (plan.count) {
    const cb = new SqlBuilder();
    countQuery = { text: countSql(cb, plan.read, null), values: cb.values };
  }
  const body = plan.head ? `''` : bodySql(plan, false, false);
  const text = `with pgrst_source as (${source}) select ${total} as total_result_set, pg_catalog.count(${T}) as page_total, ${body} as body, ${TAIL} from (select * from pgrst_source) ${T}`;
  return countQuery ? { text, values: b.values, countQuery } : { text, values: b.values };
}

function pkLocation(plan: MutatePlan): string {
  const pk = plan.rel.pk;
  if (!plan.location || pk.length === 0) return `null::text`;
  // /items?id=eq.5 — values are url-encoded by the caller
  return `(select json_agg(json_build_array(${pk.map((c) => `${ident(c)}`).join(', ')}))::text from (select * from pgrst_source limit 1) pgrst_loc)`;
}

export function mutateStatement(plan: MutatePlan): Statement {
  const b = new SqlBuilder();
  const rel = plan.rel;
  const target = `${qualified(rel.schema, rel.name)}`;
  const alias = ident(rel.name);
  const cols = plan.columns.map((c) => ident(c.name));
  let mutation: string;
  if (plan.kind === 'insert' || plan.kind === 'upsert-put') {
    const body = b.param(plan.body ?? '[]', 'json');
    const rows = `(select case when json_typeof(v) = 'array' then v else json_build_array(v) end from (select ${body} as v) pgrst_payload)`;
    let source: string;
    if (plan.missingDefault) {
      const defaults = plan.columns
        .filter((c) => c.default !== null)
        .map((c) => `${b.param(c.name, 'text')}, ${c.default}`);
      source = `select ${cols.map((c) => `pgrst_rec.${c}`).join(', ')} from json_array_elements(${rows}) pgrst_elem, jsonb_populate_record(null::${target}, jsonb_build_object(${defaults.join(', ')}) || pgrst_elem::jsonb) pgrst_rec`;
    } else {
      source = `select ${cols.map((c) => `pgrst_body.${c}`).join(', ')} from json_populate_recordset(null::${target}, ${rows}) pgrst_body`;
    }
    mutation = `insert into ${target} as ${alias} (${cols.join(', ')}) ${source}`;
    if (plan.onConflict && plan.resolution) {
      const conflict = plan.onConflict.map(ident).join(', ');
      if (plan.resolution === 'ignore-duplicates') mutation += ` on conflict (${conflict}) do nothing`;
      else if (cols.length === 0) mutation += ` on conflict (${conflict}) do nothing`;
      else
        mutation += ` on conflict (${conflict}) do update set ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}`;
    }
    if (cols.length === 0 && plan.kind === 'insert') {
      mutation = `insert into ${target} as ${alias} select from json_array_elements(${rows}) pgrst_elem`;
    }
  } else if (plan.kind === 'update' && cols.length === 0) {
    // an empty body updates nothing
    mutation = `select ${alias}.* from ${target} as ${alias} where false`;
  } else if (plan.kind === 'update') {
    const body = b.param(plan.body ?? '{}', 'json');
    const where = whereSql(b, plan.where);
    mutation = `update ${target} as ${alias} set ${cols.map((c) => `${c} = pgrst_body.${c}`).join(', ')} from (select * from json_populate_record(null::${target}, ${body})) pgrst_body${where}`;
  } else {
    mutation = `delete from ${target} as ${alias}${whereSql(b, plan.where)}`;
  }
  const upsert = plan.kind === 'insert' && plan.resolution !== undefined;
  let ctes: string;
  let inserted = 'null::bigint';
  if (upsert) {
    // xmax = 0 marks rows that were inserted rather than updated: all updated → 200, else 201
    mutation += ` returning ${alias}.*, ${alias}.xmax = 0 as pgrst_inserted`;
    const relCols = rel.columns.map((c) => ident(c.name)).join(', ');
    ctes = `pgrst_mut as (${mutation}), pgrst_source as (select ${relCols} from pgrst_mut)`;
    inserted = `(select pg_catalog.count(*) from pgrst_mut where pgrst_inserted)`;
  } else {
    // Prefer: return=minimal returns `1` as PostgREST does: naming no column, it needs no SELECT
    // privilege and no SELECT policy on the new row (an anon contact form may insert, not read).
    const returning = plan.returnRepresentation || plan.location ? `${alias}.*` : '1';
    if (!mutation.startsWith('select')) mutation += ` returning ${returning}`;
    ctes = `pgrst_source as (${mutation})`;
  }
  const read = plan.returnRepresentation
    ? levelSql(b, plan.read, null, 'pgrst_source', { noLimit: true })
    : `select * from pgrst_source`;
  const body = plan.returnRepresentation ? bodySql(plan, false, false) : `''`;
  const text = `with ${ctes} select null::bigint as total_result_set, pg_catalog.count(${T}) as page_total, ${body} as body, ${pkLocation(plan)} as location, ${inserted} as inserted, ${TAIL} from (${read}) ${T}`;
  return { text, values: b.values };
}

/**
 * WHERE of an UPDATE/DELETE. With ?limit= (PostgREST's limited update/delete) the rows are chosen
 * by ctid in the requested order first.
 */
function whereSql(b: SqlBuilder, where: ReadPlan): string {
  const conds = conditionsSql(b, where);
  const cond = conds.length ? ` where ${conds.join(' and ')}` : '';
  if (where.range.limit === undefined && !where.range.offset) return cond;
  const t = `${qualified(where.rel.schema, where.rel.name)} as ${ident(where.alias)}`;
  return ` where ${ident(where.alias)}.ctid = any(array(select ${ident(where.alias)}.ctid from ${t}${cond}${orderAndRange(b, where)}))`;
}

export function callStatement(plan: CallPlan): Statement {
  const b = new SqlBuilder();
  const r = plan.fn.routine;
  const fn = qualified(r.schema, r.name);
  const inputs = r.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');
  let args = '';
  let argsFrom = '';
  let bodyParam: number | undefined;
  if (plan.fn.singleObject) {
    args = b.param(plan.fn.args, typeName(inputs[0]!.type));
  } else if (plan.fn.getArgs) {
    const getArgs = plan.fn.getArgs;
    const used = inputs.filter((p) => getArgs[p.name] !== undefined);
    args = used
      .map((p) => {
        const values = getArgs[p.name]!;
        const value = values.length === 1 ? values[0] : arrayLiteral(values);
        return `${p.mode === 'v' ? 'variadic ' : ''}${ident(p.name)} := ${b.param(value, typeName(p.type))}`;
      })
      .join(', ');
  } else if (plan.fn.argNames.length > 0) {
    const used = inputs.filter((p) => plan.fn.argNames.includes(p.name));
    // PostgREST's fromJsonBodyF (Query/SqlFragment.hs): an object is one call (json_to_record), an
    // array of objects one call per object (json_to_recordset), judged by the first character
    const toRecord = /^[ \t\r\n]*\{/.test(plan.fn.args) ? 'json_to_record' : 'json_to_recordset';
    bodyParam = b.values.length;
    argsFrom = `${toRecord}(${b.param(plan.fn.args, 'json')}) as pgrst_args(${used
      .map((p) => `${ident(p.name)} ${typeName(p.type)}`)
      .join(', ')})`;
    args = used
      .map((p) => `${p.mode === 'v' ? 'variadic ' : ''}${ident(p.name)} := pgrst_args.${ident(p.name)}`)
      .join(', ');
  }
  const call = `${fn}(${args})`;
  let source: string;
  let body: string;
  let total = 'null::bigint';
  if (plan.scalar || !plan.read) {
    source = `select ${call} as pgrst_scalar${argsFrom ? ` from ${argsFrom}` : ''}`;
    body = plan.head ? `''` : bodySql(plan, true, !r.retset);
  } else {
    const from = argsFrom ? `(select pgrst_call.* from ${argsFrom}, lateral ${call} pgrst_call)` : call;
    source = levelSql(b, plan.read, null, from, { maxRows: plan.maxRows });
    if (plan.count === 'exact')
      total = `(select pg_catalog.count(*) from (${countSql(b, plan.read, from)}) pgrst_count)`;
    body = plan.head ? `''` : bodySql(plan, false, !r.retset);
  }
  // PostgREST's pageCountSelectF (Query/SqlFragment.hs): a function returning one value or row counts
  // as one, however many times a JSON array body called it
  const pageTotal = r.retset ? `pg_catalog.count(${T})` : '1';
  const text = `with pgrst_source as (${source}) select ${total} as total_result_set, ${pageTotal} as page_total, ${body} as body, ${TAIL} from (select * from pgrst_source) ${T}`;
  return bodyParam === undefined ? { text, values: b.values } : { text, values: b.values, bodyParam };
}

export function statementFor(plan: ActionPlan): Statement {
  if (plan.kind === 'read') return readStatement(plan);
  if (plan.kind === 'call') return callStatement(plan);
  return mutateStatement(plan);
}
