/** ReadPlan → SQL: one SELECT per level, embeds as LEFT/INNER JOIN LATERAL, as PostgREST's QueryBuilder. */
import type { Field, Filter, LogicTree, OrderTerm } from '../parse/types.ts';
import type { Relation } from '../schema-cache.ts';
import type { PlannedItem, ReadPlan } from '../plan/types.ts';
import { SqlBuilder, arrayLiteral, ident, qualified, typeName } from './builder.ts';

const OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/**
 * A column, with its JSON path if any. As PostgREST's pgFmtField (Query/SqlFragment.hs) with the
 * types resolveTypeOrUnknown (Plan.hs) gives it: a json or jsonb column takes the arrows as it is
 * (so its indexes apply); any other column — a composite (`num->i`), an array (`numbers->0`), a
 * column of unknown type — becomes `to_jsonb(col)` first. A related order (`order=client(data->x)`)
 * names a column of the embedded resource without resolving it (`rel` null): no to_jsonb.
 */
export function fieldSql(b: SqlBuilder, alias: string, f: Field, rel: Relation | null): string {
  let s = `${ident(alias)}.${ident(f.name)}`;
  if (f.json.length > 0 && rel !== null) {
    const type = rel.columnsByName.get(f.name)?.type;
    if (type !== 'json' && type !== 'jsonb') s = `to_jsonb(${s})`;
  }
  for (const step of f.json)
    s += `${step.arrow}${b.param(step.index ? Number(step.key) : step.key, step.index ? 'int' : 'text')}`;
  return s;
}

function likePattern(v: string): string {
  return v.replace(/\*/g, '%');
}

export function filterSql(b: SqlBuilder, alias: string, rel: Relation | null, f: Filter): string {
  const lhs = fieldSql(b, alias, f.field, rel);
  const e = f.expr;
  let sql: string;
  switch (e.kind) {
    case 'is': {
      const word = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
        e.value
      ];
      sql = `${lhs} is ${word}`;
      break;
    }
    case 'in':
      sql = `${lhs} = any(${b.param(arrayLiteral(e.values))})`;
      break;
    case 'fts': {
      const col = rel?.columnsByName.get(f.field.name);
      const isVector = f.field.json.length === 0 && col?.baseType === 'tsvector';
      const langArg = () => (e.lang === undefined ? '' : `${b.param(e.lang, 'regconfig')}, `);
      const vec = isVector ? lhs : `to_tsvector(${langArg()}${lhs})`;
      const q = `${FTS[e.op]}(${langArg()}${b.param(e.value)})`;
      sql = `${vec} @@ ${q}`;
      break;
    }
    case 'op': {
      const op = OPS[e.op]!;
      const isLike = e.op === 'like' || e.op === 'ilike';
      if (e.quant) {
        const v = isLike ? likePattern(e.value) : e.value;
        sql = `${lhs} ${op} ${e.quant}(${b.param(v)})`;
      } else {
        sql = `${lhs} ${op} ${b.param(isLike ? likePattern(e.value) : e.value)}`;
      }
      break;
    }
  }
  return f.negated ? `not (${sql})` : sql;
}

export function logicSql(b: SqlBuilder, alias: string, rel: Relation | null, t: LogicTree): string {
  if (t.kind === 'filter') return filterSql(b, alias, rel, t.filter);
  const parts = t.children.map((c) => logicSql(b, alias, rel, c));
  const joined = `(${parts.join(` ${t.op} `)})`;
  return t.negated ? `not ${joined}` : joined;
}

function orderSql(b: SqlBuilder, plan: ReadPlan, term: OrderTerm): string {
  const lateral = plan.relatedOrder.get(term);
  let s = fieldSql(b, lateral ?? plan.alias, term.field, lateral === undefined ? plan.rel : null);
  if (term.direction) s += ` ${term.direction}`;
  if (term.nulls) s += ` nulls ${term.nulls}`;
  return s;
}

function itemSql(b: SqlBuilder, plan: ReadPlan, item: PlannedItem): string[] {
  switch (item.kind) {
    case 'star':
      return [`${ident(plan.alias)}.*`];
    case 'column': {
      const expr = fieldSql(b, plan.alias, item.field, plan.rel);
      return [`${item.cast ? `cast(${expr} as ${typeName(item.cast)})` : expr} as ${ident(item.name)}`];
    }
    case 'computed': {
      const expr = `${qualified(item.fn.schema, item.fn.name)}(${ident(plan.alias)})`;
      return [`${item.cast ? `cast(${expr} as ${typeName(item.cast)})` : expr} as ${ident(item.name)}`];
    }
    case 'aggregate': {
      let arg = item.field ? fieldSql(b, plan.alias, item.field, plan.rel) : '*';
      if (item.inner) arg = `cast(${arg} as ${typeName(item.inner)})`;
      const expr = `${item.fn}(${arg})`;
      return [`${item.cast ? `cast(${expr} as ${typeName(item.cast)})` : expr} as ${ident(item.name)}`];
    }
    case 'embed': {
      const c = item.child;
      if (c.hidden) return [];
      const toOne = c.relationship?.toOne ?? false;
      if (c.spread) {
        // to-one: the child's columns join the parent row; to-many: each becomes an array
        return spreadNames(c).map((n) =>
          toOne
            ? `${ident(c.lateral)}.${ident(n)}`
            : `coalesce(${ident(c.lateral)}.${ident(n)}, '[]') as ${ident(n)}`,
        );
      }
      if (toOne) return [`row_to_json(${ident(c.lateral)}.*)::jsonb as ${ident(item.name)}`];
      return [`coalesce(${ident(c.lateral)}.${ident(c.lateral)}, '[]') as ${ident(item.name)}`];
    }
  }
}

/** Output names of a spread embed's items (`*` expands to the relation's columns). */
function spreadNames(c: ReadPlan): string[] {
  return c.select.flatMap((s) => {
    if (s.kind === 'star') return c.rel.columns.map((col) => col.name);
    if (s.kind === 'embed' && s.child.hidden) return [];
    if (s.kind === 'embed' && s.child.spread) return spreadNames(s.child);
    return [s.name];
  });
}

/** Conditions that tie a child level to its parent row. */
function joinConditions(child: ReadPlan, parentAlias: string): { from: string; where: string[] } {
  const r = child.relationship!;
  const c = ident(child.alias);
  const p = ident(parentAlias);
  if (r.card === 'computed') {
    return { from: `${qualified(r.fn!.schema, r.fn!.name)}(${p}) as ${c}`, where: [] };
  }
  const from = `${qualified(child.rel.schema, child.rel.name)} as ${c}`;
  if (r.card === 'm2m' && r.junction) {
    const j = ident(`${r.junction.rel.name}_${child.alias}`);
    return {
      from: `${from} inner join ${qualified(r.junction.rel.schema, r.junction.rel.name)} as ${j} on ${r.junction.cols2
        .map(([jc, fc]) => `${j}.${ident(jc)} = ${c}.${ident(fc)}`)
        .join(' and ')}`,
      where: r.junction.cols1.map(([jc, tc]) => `${j}.${ident(jc)} = ${p}.${ident(tc)}`),
    };
  }
  return { from, where: r.cols.map(([pc, cc]) => `${c}.${ident(cc)} = ${p}.${ident(pc)}`) };
}

function lateralJoin(b: SqlBuilder, parent: ReadPlan, child: ReadPlan): string {
  const inner = levelSql(b, child, parent.alias, null);
  const l = ident(child.lateral);
  const join = child.joinType === 'inner' ? 'inner join lateral' : 'left join lateral';
  if (child.relationship?.toOne) return `${join} (${inner}) as ${l} on true`;
  if (child.spread) {
    const cols = spreadNames(child).map((n) => `json_agg(${l}.${ident(n)})::jsonb as ${ident(n)}`);
    return `${join} (select ${cols.join(', ')} from (${inner}) as ${l}) as ${l} on true`;
  }
  const agg = `select json_agg(${l})::jsonb as ${l} from (${inner}) as ${l}`;
  return `${join} (${agg}) as ${l} on ${child.joinType === 'inner' ? `${l}.${l} is not null` : 'true'}`;
}

/**
 * One level: SELECT items FROM rel [laterals] WHERE … ORDER … LIMIT.
 * `fromSql` overrides the FROM source (mutations read from pgrst_source, RPC from the function call).
 */
export function levelSql(
  b: SqlBuilder,
  plan: ReadPlan,
  parentAlias: string | null,
  fromSql: string | null,
  opts: { noLimit?: boolean; maxRows?: number | null } = {},
): string {
  let from: string;
  const where: string[] = [];
  if (fromSql !== null) from = `${fromSql} as ${ident(plan.alias)}`;
  else if (parentAlias !== null && plan.relationship) {
    const j = joinConditions(plan, parentAlias);
    from = j.from;
    where.push(...j.where);
  } else from = `${qualified(plan.rel.schema, plan.rel.name)} as ${ident(plan.alias)}`;

  const items = plan.select.flatMap((i) => itemSql(b, plan, i));
  if (items.length === 0) items.push(plan.hidden ? '1 as pgrst_hidden' : '');
  const laterals = plan.children.map((c) => lateralJoin(b, plan, c));
  where.push(...conditionsSql(b, plan));
  for (const nf of plan.embedNullFilters) {
    const c = plan.children.find((x) => x.name === nf.childName)!;
    const target = c.relationship?.toOne ? ident(c.lateral) : `${ident(c.lateral)}.${ident(c.lateral)}`;
    where.push(`${target} is ${nf.isNull ? 'not ' : ''}distinct from null`);
  }
  let sql = `select ${items.join(', ')} from ${from}`;
  if (laterals.length) sql += ' ' + laterals.join(' ');
  if (where.length) sql += ` where ${where.join(' and ')}`;
  if (plan.groupBy) {
    const groups = plan.select
      .filter((i) => i.kind === 'column' || i.kind === 'computed')
      .map((i) => ident(i.name));
    if (groups.length) sql += ` group by ${groups.join(', ')}`;
  }
  sql += orderAndRange(b, plan, opts);
  return sql;
}

/** The level's own filters and logic trees (no join conditions, no embed filters). */
export function conditionsSql(b: SqlBuilder, plan: ReadPlan): string[] {
  return [
    ...plan.filters.map((f) => filterSql(b, plan.alias, plan.rel, f)),
    ...plan.logic.map((t) => logicSql(b, plan.alias, plan.rel, t)),
  ];
}

export function orderAndRange(
  b: SqlBuilder,
  plan: ReadPlan,
  opts: { noLimit?: boolean; maxRows?: number | null } = {},
): string {
  let sql = '';
  if (plan.order.length) sql += ` order by ${plan.order.map((t) => orderSql(b, plan, t)).join(', ')}`;
  if (!opts.noLimit) {
    let limit = plan.range.limit;
    if (opts.maxRows != null) limit = limit === undefined ? opts.maxRows : Math.min(limit, opts.maxRows);
    if (limit !== undefined) sql += ` limit ${b.param(limit, 'bigint')}`;
    if (plan.range.offset) sql += ` offset ${b.param(plan.range.offset, 'bigint')}`;
  }
  return sql;
}

/** The rows a count should see: same FROM, inner/filtering embeds and WHERE, nothing else. */
export function countSql(b: SqlBuilder, plan: ReadPlan, fromSql: string | null): string {
  const needed = plan.children.filter(
    (c) => c.joinType === 'inner' || plan.embedNullFilters.some((nf) => nf.childName === c.name),
  );
  const trimmed: ReadPlan = {
    ...plan,
    select: needed.map(
      (child) => ({ kind: 'embed', child: { ...child, hidden: true }, name: child.name }) as PlannedItem,
    ),
    children: needed,
    order: [],
    groupBy: false,
    hidden: true,
  };
  return levelSql(b, trimmed, null, fromSql, { noLimit: true });
}
