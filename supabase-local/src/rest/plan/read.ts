/** QueryParams + a relation → a ReadPlan tree (select, embeds, filters, order, range per level). */
import { err } from '../errors.ts';
import type { Filter, OrderTerm, QueryParams, SelectItem } from '../parse/types.ts';
import type { Relation, Routine, SchemaCache } from '../schema-cache.ts';
import { findRelationship } from './relationships.ts';
import type { PlannedItem, ReadPlan } from './types.ts';

export interface ReadContext {
  sc: SchemaCache;
  qp: QueryParams;
  aggregatesEnabled: boolean;
  counter: { n: number };
}

function computedColumn(sc: SchemaCache, rel: Relation, name: string): Routine | undefined {
  return sc.routinesNamed(rel.schema, name).find((r) => {
    const ins = r.params.map((p, i) => ({ p, i })).filter((x) => x.p.mode === 'i');
    return ins.length === 1 && r.returnTypType !== 'p' && !r.returnRel && r.argRels[ins[0]!.i] === rel.oid;
  });
}

/** The JSON key of a column item: its alias, else the last json key, else the column name. */
function itemName(item: SelectItem & { kind: 'column' }): string {
  if (item.alias !== undefined) return item.alias;
  const last = item.field.json[item.field.json.length - 1];
  if (last && !last.index) return last.key;
  if (last) return item.field.name;
  return item.field.name;
}

export function planRead(
  ctx: ReadContext,
  rel: Relation,
  select: SelectItem[],
  path: string,
  name: string,
  alias: string,
): ReadPlan {
  const plan: ReadPlan = {
    rel,
    alias,
    name,
    select: [],
    filters: [],
    logic: ctx.qp.logic.get(path) ?? [],
    embedNullFilters: [],
    order: ctx.qp.order.get(path) ?? [],
    relatedOrder: new Map(),
    range: ctx.qp.ranges.get(path) ?? { offset: 0 },
    joinType: 'left',
    spread: false,
    lateral: '',
    children: [],
    hidden: false,
    groupBy: false,
  };
  let hasAggregate = false;
  for (const item of select) {
    switch (item.kind) {
      case 'star':
        plan.select.push({ kind: 'star' });
        break;
      case 'count': {
        if (!ctx.aggregatesEnabled) throw err.aggregatesDisabled();
        hasAggregate = true;
        const p: PlannedItem = { kind: 'aggregate', fn: 'count', name: item.alias ?? 'count' };
        if (item.cast) p.cast = item.cast;
        plan.select.push(p);
        break;
      }
      case 'column': {
        if (item.aggregate) {
          if (!ctx.aggregatesEnabled) throw err.aggregatesDisabled();
          hasAggregate = true;
          const p: PlannedItem = {
            kind: 'aggregate',
            fn: item.aggregate,
            field: item.field,
            name: item.alias ?? item.aggregate,
          };
          if (item.aggregateCast) p.cast = item.aggregateCast;
          if (item.cast) p.inner = item.cast;
          plan.select.push(p);
          break;
        }
        if (item.field.json.length === 0 && !rel.columnsByName.has(item.field.name)) {
          const fn = computedColumn(ctx.sc, rel, item.field.name);
          if (fn) {
            const p: PlannedItem = { kind: 'computed', fn, name: item.alias ?? item.field.name };
            if (item.cast) p.cast = item.cast;
            plan.select.push(p);
            break;
          }
        }
        const p: PlannedItem = { kind: 'column', field: item.field, name: itemName(item) };
        if (item.cast) p.cast = item.cast;
        plan.select.push(p);
        break;
      }
      case 'embed': {
        const relationship = findRelationship(ctx.sc, rel, item.name, item.hint);
        const childName = item.alias ?? item.name;
        const childPath = path === '' ? childName : `${path}.${childName}`;
        const n = ++ctx.counter.n;
        const child = planRead(
          ctx,
          relationship.foreign,
          item.select,
          childPath,
          childName,
          `${relationship.foreign.name}_${n}`,
        );
        child.relationship = relationship;
        child.joinType = item.joinType ?? 'left';
        child.spread = item.spread;
        child.lateral = `${rel.name}_${relationship.foreign.name}_${n}`;
        child.hidden = item.select.length === 0;
        plan.children.push(child);
        plan.select.push({ kind: 'embed', child, name: childName });
        break;
      }
    }
  }
  plan.groupBy = hasAggregate;

  // filters on this level; a filter named like an embed is a null filter on that embed
  for (const f of ctx.qp.filters.get(path) ?? []) {
    const child = f.field.json.length === 0 ? plan.children.find((c) => c.name === f.field.name) : undefined;
    if (child) {
      if (f.expr.kind !== 'is' || (f.expr.value !== 'null' && f.expr.value !== 'not_null'))
        throw err.embedFilterOp();
      const isNull = (f.expr.value === 'null') !== f.negated;
      plan.embedNullFilters.push({ childName: child.name, isNull });
      continue;
    }
    plan.filters.push(f);
  }
  for (const term of plan.order) resolveRelatedOrder(plan, term);
  return plan;
}

function resolveRelatedOrder(plan: ReadPlan, term: OrderTerm): void {
  if (term.relation === undefined) return;
  const child = plan.children.find((c) => c.name === term.relation);
  if (!child) throw err.notEmbedded(term.relation);
  if (!child.relationship?.toOne) throw err.relatedOrder(plan.name, term.relation);
  plan.relatedOrder.set(term, child.lateral);
}

/** Every path used by filters/order/limit must name an embed of the select tree. */
export function checkPaths(qp: QueryParams, root: ReadPlan): void {
  const known = new Set<string>(['']);
  const walk = (p: ReadPlan, path: string) => {
    for (const c of p.children) {
      const cp = path === '' ? c.name : `${path}.${c.name}`;
      known.add(cp);
      walk(c, cp);
    }
  };
  walk(root, '');
  const check = (path: string) => {
    if (!known.has(path)) throw err.notEmbedded(path);
  };
  for (const k of qp.filters.keys()) check(k);
  for (const k of qp.logic.keys()) check(k);
  for (const k of qp.order.keys()) check(k);
  for (const k of qp.ranges.keys()) check(k);
}

export type { Filter };
