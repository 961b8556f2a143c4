/**
 * The schema cache: relations, columns, keys, relationships and functions read from the catalog,
 * as PostgREST's SchemaCache.hs. Relationships through views are traced with the view's target list
 * (resorigtbl/resorigcol in pg_rewrite), so views over tables embed like the tables do.
 */
import type { Queryable } from '../db/types.ts';

export interface Column {
  name: string;
  num: number;
  /** format_type(), e.g. 'integer', 'text[]', 'character varying(20)' */
  type: string;
  /** base type name after resolving domains, e.g. 'int4', 'tsvector', 'jsonb' */
  baseType: string;
  nullable: boolean;
  default: string | null;
  generated: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Column[];
  columnsByName: Map<string, Column>;
  pk: string[];
  description: string | null;
}

export interface Relationship {
  card: 'm2o' | 'o2m' | 'o2o' | 'm2m' | 'computed';
  table: Relation;
  foreign: Relation;
  constraint: string;
  /** pairs: [column of table, column of foreign] */
  cols: [string, string][];
  junction?: {
    rel: Relation;
    constraint1: string;
    constraint2: string;
    /** [junction column, table column] */
    cols1: [string, string][];
    /** [junction column, foreign column] */
    cols2: [string, string][];
  };
  fn?: Routine;
  toOne: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  mode: 'i' | 'o' | 'b' | 'v' | 't';
  hasDefault: boolean;
}

export interface Routine {
  oid: number;
  schema: string;
  name: string;
  params: RoutineParam[];
  retset: boolean;
  volatility: 'i' | 's' | 'v';
  returnType: string;
  /** 'c' composite, 'b' base, 'p' pseudo (void, record), ... */
  returnTypType: string;
  /** the relation whose row type is returned (tables, views, composite types) */
  returnRel: Relation | null;
  variadic: boolean;
  description: string | null;
  /** per parameter: the relation whose row type it is (0 = none) */
  argRels: number[];
}

interface RawCatalog {
  relations: {
    oid: number;
    schema: string;
    name: string;
    kind: string;
    ins: boolean;
    upd: boolean;
    del: boolean;
    description: string | null;
  }[];
  columns: {
    rel: number;
    name: string;
    num: number;
    type: string;
    base: string;
    nullable: boolean;
    default: string | null;
    generated: boolean;
  }[];
  constraints: {
    rel: number;
    frel: number;
    type: string;
    name: string;
    cols: number[];
    fcols: number[] | null;
  }[];
  views: { oid: number; action: string }[];
  routines: {
    oid: number;
    schema: string;
    name: string;
    argnames: string[] | null;
    argtypes: string[];
    argrels: number[];
    argmodes: string[] | null;
    ndefaults: number;
    nargs: number;
    retset: boolean;
    volatility: 'i' | 's' | 'v';
    rettype: string;
    rettyptype: string;
    retrelid: number;
    rows: number;
    variadic: boolean;
    description: string | null;
  }[];
  timezones: string[];
  roleSettings: { role: string; config: string[]; db?: boolean }[];
}

/** Role settings applied per request, as PostgREST does for the role it switches to. */
const ROLE_SETTINGS = new Set([
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'work_mem',
]);

/**
 * pg_plan_filter's role setting. Not applied with set_config (the module is not loaded here, and where
 * it is, the setting is superuser-only): execute() imitates the module with an EXPLAIN instead.
 */
const COST_LIMIT = 'plan_filter.statement_cost_limit';

const SYSTEM = `('pg_catalog','information_schema','pg_toast')`;

const CATALOG_SQL = `
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'oid', c.oid::int8, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind,
      'ins', c.relkind in ('r','p') or (c.relkind in ('v','f') and (pg_relation_is_updatable(c.oid, true) & 8) = 8),
      'upd', c.relkind in ('r','p') or (c.relkind in ('v','f') and (pg_relation_is_updatable(c.oid, true) & 4) = 4),
      'del', c.relkind in ('r','p') or (c.relkind in ('v','f') and (pg_relation_is_updatable(c.oid, true) & 16) = 16),
      'description', obj_description(c.oid, 'pg_class'))), '[]')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r','v','m','f','p','c') and n.nspname not in ${SYSTEM}),
  'columns', (select coalesce(json_agg(json_build_object(
      'rel', a.attrelid::int8, 'name', a.attname, 'num', a.attnum, 'type', format_type(a.atttypid, a.atttypmod),
      'base', coalesce(bt.typname, t.typname), 'nullable', not a.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid), 'generated', a.attgenerated <> '') order by a.attrelid, a.attnum), '[]')
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped and c.relkind in ('r','v','m','f','p','c') and n.nspname not in ${SYSTEM}),
  'constraints', (select coalesce(json_agg(json_build_object(
      'rel', k.conrelid::int8, 'frel', k.confrelid::int8, 'type', k.contype, 'name', k.conname,
      'cols', k.conkey, 'fcols', k.confkey)), '[]')
    from pg_constraint k join pg_namespace n on n.oid = k.connamespace
    where k.contype in ('p','u','f') and k.conrelid <> 0 and n.nspname not in ${SYSTEM}),
  'views', (select coalesce(json_agg(json_build_object('oid', c.oid::int8, 'action', r.ev_action::text)), '[]')
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
    where c.relkind in ('v','m') and n.nspname not in ${SYSTEM}),
  'routines', (select coalesce(json_agg(json_build_object(
      'oid', p.oid::int8, 'schema', n.nspname, 'name', p.proname, 'argnames', p.proargnames,
      'argtypes', (select coalesce(json_agg(format_type(x.t, null) order by x.o), '[]')
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)),
      'argrels', (select coalesce(json_agg(ty.typrelid::int8 order by x.o), '[]')
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)
                   join pg_type ty on ty.oid = x.t),
      'argmodes', p.proargmodes, 'ndefaults', p.pronargdefaults, 'nargs', p.pronargs,
      'retset', p.proretset, 'volatility', p.provolatile, 'rettype', format_type(p.prorettype, null),
      'rettyptype', rt.typtype, 'retrelid', rt.typrelid::int8, 'rows', p.prorows, 'variadic', p.provariadic <> 0,
      'description', obj_description(p.oid, 'pg_proc'))), '[]')
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
    where p.prokind = 'f' and n.nspname not in ${SYSTEM}),
  'timezones', (select coalesce(json_agg(name), '[]') from pg_timezone_names),
  'roleSettings', (select coalesce(json_agg(json_build_object('role', r.rolname, 'config', s.setconfig, 'db', s.setdatabase <> 0)), '[]')
    from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where s.setdatabase in (0, (select oid from pg_database where datname = current_database())))
)::text as catalog`;

/** Top-level target list of a view's _RETURN rule: view column name → [source rel oid, attnum]. */
export function viewColumnSources(action: string): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  // find ':targetList' at brace depth 1 (the view's own QUERY node, not subqueries)
  let depth = 0;
  let start = -1;
  for (let i = 0; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && action.startsWith(':targetList', i)) {
      start = i;
      break;
    }
  }
  if (start < 0) return out;
  // the target list runs until the next ':' key at depth 1
  let end = action.length;
  depth = 1;
  for (let i = start + 11; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 1 && ch === ':') {
      end = i;
      break;
    }
  }
  const list = action.slice(start, end);
  const re =
    /\{TARGETENTRY[\s\S]*?:resname (\S+)[\s\S]*?:resorigtbl (\d+) :resorigcol (\d+) :resjunk (\w+)\}/g;
  for (const m of list.matchAll(re)) {
    if (m[4] === 'true') continue;
    const name = m[1]!.replace(/\\(.)/g, '$1');
    const tbl = Number(m[2]);
    if (tbl !== 0) out.set(name, [tbl, Number(m[3])]);
  }
  return out;
}

export class SchemaCache {
  readonly relations = new Map<string, Relation>();
  readonly byOid = new Map<number, Relation>();
  readonly routines = new Map<string, Routine[]>();
  /** relationships by origin relation key */
  readonly relationships = new Map<string, Relationship[]>();
  /** names Prefer: timezone accepts */
  timezones = new Set<string>();
  /** `alter role … set statement_timeout = …` and the like, by role */
  roleSettings = new Map<string, [string, string][]>();
  /** `alter role … set plan_filter.statement_cost_limit = …` (pg_plan_filter's setting), by role; > 0 only */
  costLimits = new Map<string, number>();
  /** The cost check's verdicts on calls with a JSON body, reused while fresh (execute.ts, costVerdictKey) */
  readonly costVerdicts = new Map<string, { allowed: boolean; at: number }>();

  static key(schema: string, name: string): string {
    return `${schema}\u0000${name}`;
  }

  static async load(db: Queryable, exposed: string[]): Promise<SchemaCache> {
    const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL);
    const raw = JSON.parse(rows[0]!.catalog) as RawCatalog;
    const sc = new SchemaCache();
    sc.build(raw, new Set(exposed));
    sc.timezones = new Set(raw.timezones);
    // `alter role … in database …` overrides `alter role …`, as at login: role-wide settings first
    const ordered = [...raw.roleSettings].sort((x, y) => Number(x.db ?? false) - Number(y.db ?? false));
    for (const { role, config } of ordered) {
      const list = sc.roleSettings.get(role) ?? [];
      for (const kv of config) {
        const eq = kv.indexOf('=');
        const k = kv.slice(0, eq);
        if (eq > 0 && ROLE_SETTINGS.has(k)) list.push([k, kv.slice(eq + 1)]);
        if (k === COST_LIMIT) {
          const limit = Number(kv.slice(eq + 1));
          if (Number.isFinite(limit) && limit > 0) sc.costLimits.set(role, limit);
          else sc.costLimits.delete(role); // 0 turns the filter off
        }
      }
      sc.roleSettings.set(role, list);
    }
    return sc;
  }

  relation(schema: string, name: string): Relation | undefined {
    return this.relations.get(SchemaCache.key(schema, name));
  }

  routinesNamed(schema: string, name: string): Routine[] {
    return this.routines.get(SchemaCache.key(schema, name)) ?? [];
  }

  relationshipsFrom(rel: Relation): Relationship[] {
    return this.relationships.get(SchemaCache.key(rel.schema, rel.name)) ?? [];
  }

  private build(raw: RawCatalog, exposed: Set<string>): void {
    for (const r of raw.relations) {
      const rel: Relation = {
        oid: r.oid,
        schema: r.schema,
        name: r.name,
        kind: r.kind,
        insertable: r.ins,
        updatable: r.upd,
        deletable: r.del,
        columns: [],
        columnsByName: new Map(),
        pk: [],
        description: r.description,
      };
      this.relations.set(SchemaCache.key(r.schema, r.name), rel);
      this.byOid.set(r.oid, rel);
    }
    for (const c of raw.columns) {
      const rel = this.byOid.get(c.rel);
      if (!rel) continue;
      const col: Column = {
        name: c.name,
        num: c.num,
        type: c.type,
        baseType: c.base,
        nullable: c.nullable,
        default: c.default,
        generated: c.generated,
      };
      rel.columns.push(col);
      rel.columnsByName.set(col.name, col);
    }
    const colName = (rel: Relation, num: number) => rel.columns.find((c) => c.num === num)?.name;
    const uniques = new Map<number, string[][]>();
    const fks: { child: Relation; parent: Relation; name: string; cols: [string, string][] }[] = [];
    for (const k of raw.constraints) {
      const rel = this.byOid.get(k.rel);
      if (!rel) continue;
      const cols = k.cols.map((n) => colName(rel, n)!).filter(Boolean);
      if (k.type === 'p') rel.pk = cols;
      if (k.type === 'p' || k.type === 'u') {
        const list = uniques.get(rel.oid) ?? [];
        list.push(cols);
        uniques.set(rel.oid, list);
      }
      if (k.type === 'f') {
        const parent = this.byOid.get(k.frel);
        if (!parent || !k.fcols) continue;
        fks.push({
          child: rel,
          parent,
          name: k.name,
          cols: k.cols.map((n, i) => [colName(rel, n)!, colName(parent, k.fcols![i]!)!]),
        });
      }
    }

    // views: where do their columns come from? (transitively through views over views)
    const direct = new Map<number, Map<string, [number, number]>>();
    for (const v of raw.views) direct.set(v.oid, viewColumnSources(v.action));
    const resolve = (relOid: number, attnum: number, seen = 0): [number, number] => {
      const rel = this.byOid.get(relOid);
      if (!rel || seen > 16 || !direct.has(relOid)) return [relOid, attnum];
      const name = colName(rel, attnum);
      const src = name === undefined ? undefined : direct.get(relOid)!.get(name);
      return src ? resolve(src[0], src[1], seen + 1) : [relOid, attnum];
    };
    /** For each base table: the views (and itself) exposing it, with base column → exposed column name. */
    const exposures = new Map<number, { rel: Relation; map: Map<string, string> }[]>();
    for (const rel of this.relations.values()) {
      if (rel.kind === 'c') continue;
      if (!direct.has(rel.oid)) {
        const self = new Map(rel.columns.map((c) => [c.name, c.name] as [string, string]));
        const list = exposures.get(rel.oid) ?? [];
        list.push({ rel, map: self });
        exposures.set(rel.oid, list);
        continue;
      }
      if (!exposed.has(rel.schema)) continue;
      const byBase = new Map<number, Map<string, string>>();
      for (const [viewCol, [tbl, att]] of direct.get(rel.oid)!) {
        const [bt, ba] = resolve(tbl, att);
        const base = this.byOid.get(bt);
        const baseCol = base && colName(base, ba);
        if (!base || !baseCol) continue;
        const m = byBase.get(bt) ?? new Map<string, string>();
        if (!m.has(baseCol)) m.set(baseCol, viewCol);
        byBase.set(bt, m);
      }
      for (const [bt, m] of byBase) {
        const list = exposures.get(bt) ?? [];
        list.push({ rel, map: m });
        exposures.set(bt, list);
        // a view's primary key: the base table's, when all its columns are exposed
        const base = this.byOid.get(bt)!;
        if (rel.pk.length === 0 && base.pk.length > 0 && base.pk.every((c) => m.has(c))) {
          rel.pk = base.pk.map((c) => m.get(c)!);
        }
      }
    }

    const add = (r: Relationship) => {
      if (!exposed.has(r.foreign.schema) || !exposed.has(r.table.schema)) return;
      const k = SchemaCache.key(r.table.schema, r.table.name);
      const list = this.relationships.get(k) ?? [];
      list.push(r);
      this.relationships.set(k, list);
    };
    const isUnique = (baseOid: number, cols: string[]) =>
      (uniques.get(baseOid) ?? []).some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));

    const m2oByChild = new Map<Relation, Relationship[]>();
    for (const fk of fks) {
      const childEx = exposures.get(fk.child.oid) ?? [];
      const parentEx = exposures.get(fk.parent.oid) ?? [];
      const o2o = isUnique(
        fk.child.oid,
        fk.cols.map((c) => c[0]),
      );
      for (const ce of childEx) {
        if (!fk.cols.every(([c]) => ce.map.has(c))) continue;
        for (const pe of parentEx) {
          if (!fk.cols.every(([, p]) => pe.map.has(p))) continue;
          const cols: [string, string][] = fk.cols.map(([c, p]) => [ce.map.get(c)!, pe.map.get(p)!]);
          const m2o: Relationship = {
            card: o2o ? 'o2o' : 'm2o',
            table: ce.rel,
            foreign: pe.rel,
            constraint: fk.name,
            cols,
            toOne: true,
          };
          add(m2o);
          if (exposed.has(ce.rel.schema) && exposed.has(pe.rel.schema)) {
            const list = m2oByChild.get(ce.rel) ?? [];
            list.push(m2o);
            m2oByChild.set(ce.rel, list);
          }
          add({
            card: o2o ? 'o2o' : 'o2m',
            table: pe.rel,
            foreign: ce.rel,
            constraint: fk.name,
            cols: cols.map(([a, b]) => [b, a]),
            toOne: o2o,
          });
        }
      }
    }
    // many-to-many through junctions: two FKs whose columns are all part of the junction's key
    for (const [junction, rels] of m2oByChild) {
      const keys = junction.pk;
      if (keys.length === 0) continue;
      for (const r1 of rels) {
        for (const r2 of rels) {
          if (r1 === r2 || r1.constraint === r2.constraint) continue;
          const jcols = [...r1.cols.map((c) => c[0]), ...r2.cols.map((c) => c[0])];
          if (!jcols.every((c) => keys.includes(c))) continue;
          add({
            card: 'm2m',
            table: r1.foreign,
            foreign: r2.foreign,
            constraint: r2.constraint,
            cols: [],
            junction: {
              rel: junction,
              constraint1: r1.constraint,
              constraint2: r2.constraint,
              cols1: r1.cols,
              cols2: r2.cols,
            },
            toOne: false,
          });
        }
      }
    }

    for (const r of raw.routines) {
      const types = r.argtypes;
      const modes = r.argmodes ?? types.map(() => 'i');
      const names = r.argnames ?? [];
      const inputs = modes.map((m, i) => ({ m, i })).filter((x) => x.m === 'i' || x.m === 'b' || x.m === 'v');
      const firstDefault = inputs.length - r.ndefaults;
      const params: RoutineParam[] = modes.map((m, i) => ({
        name: names[i] ?? '',
        type: types[i] ?? 'unknown',
        mode: m as RoutineParam['mode'],
        hasDefault:
          inputs.findIndex((x) => x.i === i) >= firstDefault && (m === 'i' || m === 'b' || m === 'v'),
      }));
      const routine: Routine = {
        oid: r.oid,
        schema: r.schema,
        name: r.name,
        params,
        retset: r.retset,
        volatility: r.volatility,
        returnType: r.rettype,
        returnTypType: r.rettyptype,
        returnRel: r.retrelid ? (this.byOid.get(r.retrelid) ?? null) : null,
        variadic: r.variadic,
        description: r.description,
        argRels: r.argrels,
      };
      const k = SchemaCache.key(r.schema, r.name);
      const list = this.routines.get(k) ?? [];
      list.push(routine);
      this.routines.set(k, list);
      // computed relationships: f(table_row) returns [setof] other_table
      const ins = params.map((p, i) => ({ p, i })).filter((x) => x.p.mode === 'i');
      if (ins.length === 1 && routine.returnRel && routine.returnRel.kind !== 'c') {
        const argRel = this.byOid.get(r.argrels[ins[0]!.i] ?? 0);
        if (argRel && argRel.kind !== 'c' && exposed.has(routine.schema)) {
          add({
            card: 'computed',
            table: argRel,
            foreign: routine.returnRel,
            constraint: routine.name,
            cols: [],
            fn: routine,
            toOne: !routine.retset || r.rows === 1,
          });
        }
      }
    }
  }
}
