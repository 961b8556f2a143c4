import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { parse, type ApiRequest } from '../parse/request.ts';
import { SchemaCache, type Column, type Relation, type Routine, type RoutineParam } from '../schema-cache.ts';
import { statementFor } from '../sql/statement.ts';
import type { RestConfig } from '../types.ts';
import { planRequest, rpcJsonPayload } from './action.ts';
import type { ActionPlan, CallPlan } from './types.ts';

const config: RestConfig = { dbSchemas: ['public'], dbAnonRole: 'anon', jwtSecret: 'x', dbMaxRows: 100 };

function column(name: string, type: string, num: number): Column {
  return { name, num, type, baseType: type, nullable: true, default: null, generated: false };
}

function relation(name: string, columns: Column[], pk: string[]): Relation {
  return {
    oid: 0,
    schema: 'public',
    name,
    kind: 'r',
    insertable: true,
    updatable: true,
    deletable: true,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    pk,
    description: null,
  };
}

function routine(name: string, params: RoutineParam[], returnType: string, retset = false): Routine {
  return {
    oid: 0,
    schema: 'public',
    name,
    params,
    retset,
    volatility: 'v',
    returnType,
    returnTypType: 'b',
    returnRel: null,
    variadic: false,
    description: null,
    argRels: params.map(() => 0),
  };
}

const arg = (name: string, type: string, hasDefault = false): RoutineParam => ({
  name,
  type,
  mode: 'i',
  hasDefault,
});

const sc = new SchemaCache();
const items = relation('items', [column('id', 'integer', 1), column('name', 'text', 2), column('num', 'complex', 3), column('data', 'jsonb', 4)], ['id']); // prettier-ignore
sc.relations.set(SchemaCache.key('public', 'items'), items);
for (const r of [
  routine('add_them', [arg('a', 'integer'), arg('b', 'integer')], 'integer'),
  routine('series', [arg('upto', 'integer')], 'integer', true),
  routine('echo_json', [arg('', 'json')], 'json'),
  routine('opt', [arg('x', 'integer', true)], 'integer'),
]) {
  sc.routines.set(SchemaCache.key('public', r.name), [r]);
}

async function request(
  method: string,
  target: string,
  body = '',
  headers: IncomingHttpHeaders = {},
): Promise<ApiRequest> {
  const r = await parse(
    {
      method,
      target,
      headers: { 'content-type': 'application/json', ...headers },
      body: () => Promise.resolve(Buffer.from(body)),
    },
    {
      config,
      schemaCache: () => Promise.resolve(sc),
      authenticate: () => ({ role: 'anon', claims: {}, authenticated: false }),
    },
  );
  if (r.kind !== 'db') throw new Error('not a database request');
  return r;
}

async function plan(method: string, target: string, body = ''): Promise<ActionPlan> {
  return planRequest(sc, await request(method, target, body), config);
}

async function planError(
  method: string,
  target: string,
  body = '',
): Promise<Pick<ApiError, 'status' | 'code' | 'message'>> {
  try {
    await plan(method, target, body);
  } catch (e) {
    const { status, code, message } = e as ApiError;
    return { status, code, message };
  }
  throw new Error('planned');
}

describe('planRequest: the ApiRequest resolved against the schema cache', () => {
  it.each<[string, string, string, Partial<ActionPlan>]>([
    ['GET', '/items?select=id&limit=5', '', { kind: 'read', head: false, maxRows: 100 }],
    ['HEAD', '/items', '', { kind: 'read', head: true }],
    ['POST', '/items', '[{"id":1,"name":"a"},{"id":2,"name":"b"}]', { kind: 'insert', bodyIsArray: true }],
    ['PATCH', '/items?id=eq.1', '{"name":"x"}', { kind: 'update', bodyIsArray: false }],
    ['PUT', '/items?id=eq.1', '{"id":1,"name":"x"}', { kind: 'upsert-put', onConflict: ['id'] }],
    ['DELETE', '/items?id=eq.1', '', { kind: 'delete' }],
    ['GET', '/rpc/series?upto=3', '', { kind: 'call', scalar: true, readOnly: true }],
  ])('%s %s', async (method, target, body, expected) => {
    expect(await plan(method, target, body)).toMatchObject(expected);
  });

  it.each<[string, string, string, string, number, string]>([
    ['an unknown table', 'GET', '/nope', '', 404, 'PGRST205'],
    ['an unsupported method', 'TRACE', '/items', '', 405, 'PGRST117'],
    ['PUT with limit', 'PUT', '/items?id=eq.1&limit=1', '{"id":1}', 400, 'PGRST114'],
    ['an unknown column to write', 'POST', '/items', '{"nope":1}', 400, 'PGRST204'],
    ['an empty body to a table', 'POST', '/items', '', 400, 'PGRST102'],
    ['an unknown function', 'POST', '/rpc/nope', '{}', 404, 'PGRST202'],
    ['missing arguments', 'POST', '/rpc/add_them', '{"a":1}', 404, 'PGRST202'],
    ['an embedding five deep', 'GET', '/items?select=a(b(c(d(e(id)))))', '', 400, '54001'],
  ])('%s: %s %s → %i %s', async (_name, method, target, body, status, code) => {
    expect(await planError(method, target, body)).toMatchObject({ status, code });
  });
});

describe('function arguments from a JSON body (PostgREST ApiRequest/Payload.hs)', () => {
  it.each<[string, string, string[]]>([
    ['{"a":1,"b":2}', '{"a":1,"b":2}', ['a', 'b']],
    ['[{"a":1,"b":2},{"b":3,"a":4}]', '[{"a":1,"b":2},{"b":3,"a":4}]', ['a', 'b']],
    ['[]', '[]', []],
    ['"text"', '[]', []],
    ['5', '[]', []],
    ['null', '[]', []],
  ])('%s → %s with keys %j', (raw, json, keys) => {
    expect(rpcJsonPayload(raw)).toEqual({ json, keys });
  });

  it.each([
    ['[{"a":1},{"b":2}]', 'All object keys must match'],
    ['[{"a":1},{"a":1,"b":2}]', 'All object keys must match'],
    ['[1,2]', 'All object keys must match'],
    ['[{"a":1},3]', 'All object keys must match'],
    ['{"a":', 'Empty or invalid json'],
  ])('%s → 400 PGRST102 %s', (raw, message) => {
    expect(() => rpcJsonPayload(raw)).toThrow(
      expect.objectContaining({ status: 400, code: 'PGRST102', message }),
    );
  });

  it.each<[string, string, Partial<CallPlan['fn']>, RegExp]>([
    ['/rpc/add_them', '{"a":1,"b":2}', { argNames: ['a', 'b'], singleObject: false }, /json_to_record\(/],
    ['/rpc/add_them', '[{"a":1,"b":2},{"a":3,"b":4}]', { argNames: ['a', 'b'] }, /json_to_recordset\(/],
    ['/rpc/echo_json', '[{"a":1}]', { singleObject: true, args: '[{"a":1}]' }, /"echo_json"\(\$1::json\)/],
    ['/rpc/echo_json', '"x"', { singleObject: true, args: '[]' }, /"echo_json"\(\$1::json\)/],
    ['/rpc/opt', '[]', { argNames: [] }, /"opt"\(\)/],
  ])('POST %s %s', async (target, body, fn, sql) => {
    const p = (await plan('POST', target, body)) as CallPlan;
    expect(p.fn).toMatchObject(fn);
    expect(statementFor(p).text).toMatch(sql);
  });
});

describe('the sql stage: JSON paths on columns that are not json (PostgREST pgFmtField)', () => {
  it.each([
    ['/items?order=num->i.desc', /order by to_jsonb\("items"\."num"\)->\$\d+::text desc/],
    ['/items?select=id&num->>r=gt.1', /where to_jsonb\("items"\."num"\)->>\$\d+::text > \$\d+/],
    ['/items?select=i:num->i', /to_jsonb\("items"\."num"\)->\$\d+::text as "i"/],
    ['/items?order=data->>k', /order by "items"\."data"->>\$\d+::text/],
  ])('%s', async (target, sql) => {
    expect(statementFor(await plan('GET', target)).text).toMatch(sql);
  });
});
