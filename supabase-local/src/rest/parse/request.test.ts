import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import type { Auth } from '../jwt.ts';
import { SchemaCache } from '../schema-cache.ts';
import type { RestConfig } from '../types.ts';
import { parse, RequestError, type ApiRequest, type ParsedRequest } from './request.ts';

const config: RestConfig = { dbSchemas: ['public', 'other'], dbAnonRole: 'anon', jwtSecret: 'x' };
const sc = new SchemaCache();
sc.timezones = new Set(['UTC', 'Asia/Kolkata']);
const ANON: Auth = { role: 'anon', claims: { role: 'anon' }, authenticated: false };

/** parse() with a fake JWT check: `Bearer bad` is refused, anything else is anon. */
function run(
  method: string,
  target: string,
  headers: IncomingHttpHeaders = {},
  body = '',
): Promise<ParsedRequest> {
  return parse(
    { method, target, headers, body: () => Promise.resolve(Buffer.from(body)) },
    {
      config,
      schemaCache: () => Promise.resolve(sc),
      authenticate: (h) => {
        if (h === 'Bearer bad') throw new ApiError(401, 'PGRST301', 'bad token');
        return ANON;
      },
    },
  );
}

async function failure(p: Promise<unknown>): Promise<{ code: string; schema: string }> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(RequestError);
    const f = e as RequestError;
    return { code: (f.error as ApiError).code, schema: f.schema };
  }
  throw new Error('parse did not fail');
}

describe('parse: one ApiRequest value', () => {
  it.each<[string, string, IncomingHttpHeaders, string, Partial<ApiRequest> | ParsedRequest]>([
    ['OPTIONS', '/items', {}, '', { kind: 'preflight' }],
    ['GET', '/', {}, '', { kind: 'root' }],
    [
      'GET',
      '/items?select=id&id=gt.1',
      { range: '0-9', accept: 'text/csv' },
      '',
      {
        kind: 'db',
        method: 'GET',
        action: { kind: 'read', head: false },
        target: { kind: 'relation', name: 'items' },
        schema: 'public',
        path: '/items',
        rawQuery: 'select=id&id=gt.1',
        range: { offset: 0, limit: 10 },
        accept: { type: 'text/csv', stripNulls: false },
        body: null,
      },
    ],
    [
      'HEAD',
      '/items',
      { 'accept-profile': 'other' },
      '',
      { action: { kind: 'read', head: true }, schema: 'other', range: null },
    ],
    [
      'POST',
      '/rpc/add?columns=a',
      { 'content-type': 'application/json', 'content-profile': 'other' },
      '{"a":1}',
      {
        action: { kind: 'call', invoke: 'post' },
        target: { kind: 'rpc', name: 'add' },
        schema: 'other',
        contentType: 'json',
        body: Buffer.from('{"a":1}'),
      },
    ],
    ['GET', '/rpc/fn?a=1', {}, '', { action: { kind: 'call', invoke: 'read' } }],
    ['PATCH', '/items?id=eq.1', {}, '{}', { action: { kind: 'mutate', mutation: 'update' } }],
    ['PUT', '/items?id=eq.1', {}, '{}', { action: { kind: 'mutate', mutation: 'single-upsert' } }],
    ['DELETE', '/items?id=eq.1', {}, '', { action: { kind: 'mutate', mutation: 'delete' }, body: null }],
    ['POST', '/items', { 'content-type': 'text/csv' }, 'a\n1', { contentType: 'csv' }],
    ['TRACE', '/items', {}, '', { action: null }],
    [
      'GET',
      '/items',
      { prefer: ['count=exact', 'timezone=Asia/Kolkata, nope'] },
      '',
      { preferences: { count: 'exact', timezone: 'Asia/Kolkata', invalid: ['nope'] } },
    ],
    [
      'GET',
      '/items',
      { prefer: 'timezone=Mars/Olympus' },
      '',
      { preferences: { invalid: ['timezone=Mars/Olympus'] } },
    ],
    [
      'GET',
      '/items',
      { cookie: 'a=1; b = two', 'x-multi': ['1', '2'], authorization: 'Bearer ok' },
      '',
      {
        cookies: { a: '1', b: 'two' },
        headers: { cookie: 'a=1; b = two', 'x-multi': '1, 2', authorization: 'Bearer ok' },
        auth: ANON,
      },
    ],
  ])('%s %s %j', async (method, target, headers, body, expected) => {
    expect(await run(method, target, headers, body)).toMatchObject(expected);
  });

  it('parses the query string into queryParams', async () => {
    const r = (await run('GET', '/items?select=id,name&order=id.desc&limit=2')) as ApiRequest;
    expect(r.queryParams.order.get('')).toEqual([{ field: { name: 'id', json: [] }, direction: 'desc' }]);
    expect(r.queryParams.ranges.get('')).toEqual({ offset: 0, limit: 2 });
    expect(r.queryParams.select).toHaveLength(2);
  });

  // the order the conformance suite observes: the first fault wins
  it.each<[string, string, IncomingHttpHeaders, string, { code: string; schema: string }]>([
    [
      'unknown profile before a bad path',
      '/a/b/c',
      { 'accept-profile': 'nope' },
      '',
      { code: 'PGRST106', schema: 'public' },
    ],
    [
      'bad path before a bad JWT',
      '/a/b/c',
      { authorization: 'Bearer bad' },
      '',
      { code: 'PGRST125', schema: 'public' },
    ],
    [
      'JWT before Prefer, keeping the chosen schema',
      '/items',
      { authorization: 'Bearer bad', 'accept-profile': 'other', prefer: 'handling=strict, x' },
      '',
      { code: 'PGRST301', schema: 'other' },
    ],
    [
      'strict Prefer before Accept',
      '/items',
      { prefer: 'handling=strict, x', accept: 'image/png' },
      '',
      { code: 'PGRST122', schema: 'public' },
    ],
    [
      'Accept before the query string',
      '/items?order=id.descc',
      { accept: 'image/png' },
      '',
      { code: 'PGRST107', schema: 'public' },
    ],
    [
      'Range before the query string',
      '/items?order=id.descc',
      { range: '5-1' },
      '',
      { code: 'PGRST103', schema: 'public' },
    ],
    ['the query string', '/items?order=id.descc', {}, '', { code: 'PGRST100', schema: 'public' }],
  ])('%s', async (_name, target, headers, body, expected) => {
    expect(await failure(run('GET', target, headers, body))).toEqual(expected);
  });

  it.each<[string, IncomingHttpHeaders, string, string]>([
    ['an unsupported Content-Type', { 'content-type': 'image/png' }, '{}', 'PGRST107'],
    ['JSON nested deeper than 1000 levels', {}, '['.repeat(1001) + ']'.repeat(1001), 'PGRST102'],
  ])('POST with %s', async (_name, headers, body, code) => {
    expect((await failure(run('POST', '/items', headers, body))).code).toBe(code);
  });
});
