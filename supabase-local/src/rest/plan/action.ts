/** A parsed request → ActionPlan (read, mutate or call), resolving names against the schema cache. */
import { ApiError, err } from '../errors.ts';
import { decodeQuery } from '../parse/query-params.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { Column, Relation, Routine, SchemaCache } from '../schema-cache.ts';
import type { RestConfig } from '../types.ts';
import { suggest } from './fuzzy.ts';
import { checkEmbedLimits } from './limits.ts';
import { checkPaths, planRead } from './read.ts';
import type { ActionPlan, CallPlan, MutatePlan, ReadPlan } from './types.ts';

/** The request and the settings planning reads (db-max-rows, db-aggregates-enabled). */
export type PlanInput = ApiRequest & { maxRows: number | null; aggregatesEnabled: boolean };

function findRelation(sc: SchemaCache, schema: string, name: string): Relation {
  const rel = sc.relation(schema, name);
  if (rel && rel.kind !== 'c') return rel;
  const names = [...sc.relations.values()]
    .filter((r) => r.schema === schema && r.kind !== 'c')
    .map((r) => r.name);
  const s = suggest(name, names);
  throw err.tableNotFound(schema, name, s ? `Perhaps you meant the table '${schema}.${s}'` : null);
}

function rootRead(sc: SchemaCache, input: PlanInput, rel: Relation): ReadPlan {
  const ctx = { sc, qp: input.queryParams, aggregatesEnabled: input.aggregatesEnabled, counter: { n: 0 } };
  const plan = planRead(ctx, rel, input.queryParams.select, '', rel.name, rel.name);
  checkPaths(input.queryParams, plan);
  if (input.range && !input.queryParams.ranges.has('')) plan.range = input.range;
  else if (input.range) {
    // both: the narrower window wins, as PostgREST intersects them
    const q = plan.range;
    const h = input.range;
    const start = Math.max(q.offset, h.offset);
    const endQ = q.limit === undefined ? Infinity : q.offset + q.limit;
    const endH = h.limit === undefined ? Infinity : h.offset + h.limit;
    const end = Math.min(endQ, endH);
    plan.range = end === Infinity ? { offset: start } : { offset: start, limit: Math.max(0, end - start) };
  }
  if (plan.range.limit !== undefined && plan.range.limit < 0) {
    throw err.invalidRange('Limit should be greater than or equal to zero.');
  }
  return plan;
}

/** Parse the request body into rows (JSON array/object, CSV, or form). */
function bodyRows(
  input: PlanInput,
  checkKeys: boolean,
): { json: string; keys: string[]; isArray: boolean; empty: boolean } {
  const raw = input.body?.toString('utf8') ?? '';
  if (input.contentType === 'csv') {
    const lines = raw.split(/\r?\n/).filter((l) => l !== '');
    const header = splitCsvLine(lines[0] ?? '');
    const rows = lines.slice(1).map((l) => {
      const cells = splitCsvLine(l);
      return Object.fromEntries(header.map((h, i) => [h, cells[i] === 'NULL' ? null : (cells[i] ?? null)]));
    });
    return { json: JSON.stringify(rows), keys: header, isArray: true, empty: rows.length === 0 };
  }
  if (input.contentType === 'form') {
    const obj = Object.fromEntries(decodeQuery(raw));
    return { json: JSON.stringify(obj), keys: Object.keys(obj), isArray: false, empty: false };
  }
  // PostgREST: a write needs a payload ("with no payload" in its Insert/UpdateSpec)
  if (raw.trim() === '') throw err.invalidBody('Empty or invalid json');
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw err.invalidBody('Empty or invalid json');
  }
  if (Array.isArray(v)) {
    if (v.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) {
      throw err.invalidBody('All object keys must match');
    }
    const first = v[0] as Record<string, unknown> | undefined;
    const keys = first ? Object.keys(first) : [];
    for (const o of checkKeys ? (v as Record<string, unknown>[]) : []) {
      const k = Object.keys(o);
      if (k.length !== keys.length || !k.every((x) => keys.includes(x)))
        throw err.invalidBody('All object keys must match');
    }
    return { json: raw, keys, isArray: true, empty: v.length === 0 };
  }
  // a scalar payload inserts nothing (PostgREST reads it as an empty array)
  if (typeof v !== 'object' || v === null) {
    if (input.method === 'POST' && v !== null) return { json: '[]', keys: [], isArray: true, empty: true };
    throw err.invalidBody('Empty or invalid json');
  }
  return { json: raw, keys: Object.keys(v), isArray: false, empty: false };
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (q) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function writeColumns(rel: Relation, names: string[]): Column[] {
  return names.map((n) => {
    const c = rel.columnsByName.get(n);
    if (!c) throw err.columnNotFound(n, rel.name);
    return c;
  });
}

function planMutation(
  sc: SchemaCache,
  input: PlanInput,
  rel: Relation,
  mutation: 'create' | 'update' | 'single-upsert' | 'delete',
): MutatePlan {
  const prefer = input.preferences;
  const ret = prefer.return ?? 'minimal';
  const read = rootRead(sc, { ...input, range: null }, rel);
  const base = {
    schema: input.schema,
    prefer,
    accept: input.accept,
    maxRows: null,
    rel,
    where: read,
    read,
    returnRepresentation: ret === 'representation',
    location: ret === 'headers-only',
    missingDefault: prefer.missing === 'default',
    columns: [] as Column[],
    body: null as string | null,
    bodyIsArray: false,
    ...(prefer.count ? { count: prefer.count } : {}),
  };
  if (mutation === 'delete') return { ...base, kind: 'delete' };
  // with ?columns= the objects may differ: listed columns are read, the rest ignored
  const body = bodyRows(input, input.queryParams.columns === undefined);
  const names = input.queryParams.columns ?? body.keys;
  const columns = writeColumns(rel, names);
  if (mutation === 'update')
    return { ...base, kind: 'update', columns, body: body.json, bodyIsArray: body.isArray };
  if (mutation === 'single-upsert') {
    if (input.queryParams.ranges.size > 0) throw err.putLimit();
    const pk = rel.pk;
    const eqs = (input.queryParams.filters.get('') ?? []).filter(
      (f) => f.expr.kind === 'op' && f.expr.op === 'eq' && !f.negated,
    );
    const all = input.queryParams.filters.get('') ?? [];
    if (
      pk.length === 0 ||
      eqs.length !== all.length ||
      pk.length !== eqs.length ||
      !pk.every((c) => eqs.some((f) => f.field.name === c))
    ) {
      throw err.invalidPut("Filters must include all and only primary key columns with 'eq' operators");
    }
    if (body.isArray) throw err.invalidPut('PUT payload must contain a single row');
    const obj = JSON.parse(body.json) as Record<string, unknown>;
    for (const f of eqs) {
      if (f.expr.kind === 'op' && String(obj[f.field.name]) !== f.expr.value) throw err.putMismatch();
    }
    return {
      ...base,
      kind: 'upsert-put',
      columns,
      body: body.json,
      onConflict: pk,
      resolution: 'merge-duplicates',
      where: { ...read, filters: [] },
    };
  }
  // POST
  const plan: MutatePlan = { ...base, kind: 'insert', columns, body: body.json, bodyIsArray: body.isArray };
  const onConflict = input.queryParams.onConflict ?? rel.pk;
  if (prefer.resolution && onConflict.length > 0) {
    plan.resolution = prefer.resolution;
    plan.onConflict = onConflict;
  }
  return plan;
}

/**
 * A JSON body to a function, as PostgREST's getPayload/payloadAttributes (ApiRequest/Payload.hs):
 * an object gives its keys; an array of objects with the same keys gives those keys, and the
 * function is called once per object (json_to_recordset, sql/statement.ts); an array of anything
 * else, or of objects whose keys differ, is 400 "All object keys must match"; any other JSON value
 * (a string, a number, null) becomes an empty array. A single unnamed json/jsonb parameter gets
 * this payload as it is. (`?columns=` skips all this: the body goes to Postgres unread.)
 */
export function rpcJsonPayload(raw: string): { json: string; keys: string[] } {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw err.invalidBody('Empty or invalid json');
  }
  const isObject = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x);
  if (Array.isArray(v)) {
    if (v.length === 0) return { json: raw, keys: [] };
    const first = v[0] as unknown;
    if (!isObject(first)) throw err.invalidBody('All object keys must match');
    const keys = Object.keys(first);
    const same = (o: unknown) =>
      isObject(o) && Object.keys(o).length === keys.length && keys.every((k) => Object.hasOwn(o, k));
    if (!v.every(same)) throw err.invalidBody('All object keys must match');
    return { json: raw, keys };
  }
  if (isObject(v)) return { json: raw, keys: Object.keys(v) };
  return { json: '[]', keys: [] };
}

function planCall(sc: SchemaCache, input: PlanInput): CallPlan {
  const { schema } = input;
  const name = input.target.name;
  const overloads = sc.routinesNamed(schema, name);
  const isGet = input.action?.kind === 'call' && input.action.invoke !== 'post';
  let args: Record<string, unknown> = {};
  let argNames: string[];
  let rawBody: string | null = null;
  /** GET arguments are text, cast to each parameter's type (a repeated key makes an array) */
  let getArgs: Record<string, string[]> | undefined;
  if (isGet) {
    getArgs = {};
    for (const [k, v] of input.queryParams.params) (getArgs[k] ??= []).push(v);
    argNames = Object.keys(getArgs);
  } else {
    const raw = input.body?.toString('utf8') ?? '';
    rawBody = raw.trim() === '' ? '{}' : raw;
    if (input.contentType === 'form') args = Object.fromEntries(decodeQuery(raw));
    else if (input.contentType === 'csv')
      throw err.invalidBody('CSV is not a valid body for a function call');
    else if (input.contentType === 'json' && input.queryParams.columns === undefined) {
      const payload = rpcJsonPayload(rawBody);
      rawBody = payload.json;
      args = Object.fromEntries(payload.keys.map((k) => [k, null]));
    }
    argNames = Object.keys(args);
    if (input.queryParams.columns) argNames = input.queryParams.columns;
  }
  const matches = overloads.filter((r) => {
    const ins = r.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');
    if (
      ins.length === 1 &&
      ins[0]!.name === '' &&
      (ins[0]!.type === 'json' || ins[0]!.type === 'jsonb') &&
      !isGet
    )
      return true;
    const names = ins.map((p) => p.name);
    if (!argNames.every((a) => names.includes(a))) return false;
    return ins.every((p) => p.hasDefault || argNames.includes(p.name));
  });
  if (matches.length === 0) {
    // PostgREST's NoRpc (Error.hs): the keys sorted (a Set), "without parameters" when none, and for a
    // POST the single-unnamed-parameter alternative it also looked for
    const keys = [...new Set(argNames)].sort();
    const post = !isGet;
    const onlySingle = post && (input.contentType === 'text' || input.contentType === 'octet');
    const listed = keys.length ? `(${keys.join(', ')})` : ' without parameters';
    const withParams = keys.length
      ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
      : ' without parameters';
    const searched =
      post && input.contentType === 'text'
        ? ' with a single unnamed text parameter'
        : post && input.contentType === 'octet'
          ? ' with a single unnamed bytea parameter'
          : post && input.contentType === 'json'
            ? `${withParams} or with a single unnamed json/jsonb parameter`
            : withParams;
    const fns = overloads.length ? overloads[0]! : null;
    let hint: string | null = null;
    if (onlySingle) hint = null;
    else if (fns) {
      hint = `Perhaps you meant to call the function ${schema}.${name}(${fns.params
        .filter((p) => p.mode !== 'o' && p.mode !== 't')
        .map((p) => p.name)
        .join(', ')})`;
    } else {
      const s = suggest(
        name,
        [...sc.routines.values()]
          .flat()
          .filter((r) => r.schema === schema)
          .map((r) => r.name),
      );
      if (s) hint = `Perhaps you meant to call the function ${schema}.${s}`;
    }
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${onlySingle ? '' : listed} in the schema cache`,
      `Searched for the function ${schema}.${name}${searched}, but no matches were found in the schema cache.`,
      hint,
    );
  }
  if (matches.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map((r) => `${schema}.${name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const routine = matches[0]!;
  const ins = routine.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');
  const singleObject =
    !isGet &&
    ins.length === 1 &&
    ins[0]!.name === '' &&
    (ins[0]!.type === 'json' || ins[0]!.type === 'jsonb');
  const rel = returnRelation(routine);
  let read: ReadPlan | null = null;
  if (rel) {
    const queryParams = { ...input.queryParams, filters: new Map(input.queryParams.filters) };
    read = rootRead(sc, { ...input, queryParams }, rel);
    read.alias = 'pgrst_call';
    read.name = routine.name;
  }
  return {
    kind: 'call',
    schema,
    prefer: input.preferences,
    accept: input.accept,
    maxRows: input.maxRows,
    fn: {
      routine,
      // the body goes to Postgres as it came (no re-serialising: it may be deep or large)
      args: singleObject || input.contentType === 'json' ? (rawBody ?? '{}') : JSON.stringify(args),
      argNames: singleObject ? [] : argNames,
      singleObject,
      ...(getArgs ? { getArgs } : {}),
    },
    read,
    scalar: rel === null,
    head: input.action?.kind === 'call' && input.action.invoke === 'read-head',
    readOnly: isGet,
    ...(input.preferences.count ? { count: input.preferences.count } : {}),
  };
}

/** Functions returning rows are read like relations: their table, or a pseudo-relation of OUT params. */
function returnRelation(r: Routine): Relation | null {
  if (r.returnRel) return r.returnRel;
  const outs = r.params.filter((p) => p.mode === 'o' || p.mode === 'b' || p.mode === 't');
  if (outs.length === 0) return null;
  const columns: Column[] = outs.map((p, i) => ({
    name: p.name,
    num: i + 1,
    type: p.type,
    baseType: p.type,
    nullable: true,
    default: null,
    generated: false,
  }));
  return {
    oid: 0,
    schema: r.schema,
    name: r.name,
    kind: 'f',
    insertable: false,
    updatable: false,
    deletable: false,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    pk: [],
    description: null,
  };
}

/** PostgREST's Plan.hs: the action decides — read, mutate (create, update, single upsert, delete) or call. */
export function planAction(sc: SchemaCache, input: PlanInput): ActionPlan {
  const { action } = input;
  if (input.target.kind === 'rpc') {
    if (action?.kind !== 'call') throw err.unsupportedMethod(input.method);
    return planCall(sc, input);
  }
  const rel = findRelation(sc, input.schema, input.target.name);
  if (action?.kind === 'read') {
    const read = rootRead(sc, input, rel);
    return {
      kind: 'read',
      schema: input.schema,
      prefer: input.preferences,
      accept: input.accept,
      maxRows: input.maxRows,
      read,
      head: action.head,
      ...(input.preferences.count ? { count: input.preferences.count } : {}),
    };
  }
  if (action?.kind !== 'mutate') throw err.unsupportedMethod(input.method);
  return planMutation(sc, input, rel, action.mutation);
}

/** The plan stage: the embedding limits, then the request resolved against the schema cache. */
export function planRequest(sc: SchemaCache, request: ApiRequest, config: RestConfig): ActionPlan {
  checkEmbedLimits(request.target.name, request.queryParams.select, config);
  return planAction(sc, {
    ...request,
    maxRows: config.dbMaxRows ?? null,
    aggregatesEnabled: config.dbAggregatesEnabled ?? false,
  });
}
