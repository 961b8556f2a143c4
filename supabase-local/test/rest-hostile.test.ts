/**
 * Named hostile cases against supabase-local's REST layer over HTTP (each a regression case once it has
 * been seen to fail): injections, NUL bytes, deep nesting, broken JWTs, odd methods and headers. Every
 * answer must be below 500 — a 4xx in PostgREST's error shape ({code, details, hint, message}, JSON) or
 * a 2xx, or the status the case names — the server must answer every request and stay up, and the data
 * must be intact afterwards. The seeded random requests are in rest-fuzz.test.ts. Runs on PGlite, and
 * on PostgreSQL when DATABASE_URL is set.
 */
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  FUZZ_SQL,
  deepJson,
  enc,
  expectStillIntact,
  fuzzKeys,
  invariant,
  recordState,
  runAll,
  type FuzzRequest,
  type Keys,
} from './support/rest-fuzz-target.ts';
import { useRestHarness } from './support/rest-harness.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

/** A JWT from raw header and payload text, correctly signed with the local secret (HS256). */
function rawJwt(
  header: string,
  payload: string,
  secret = 'super-secret-jwt-token-with-at-least-32-characters-long',
): string {
  const input = `${Buffer.from(header).toString('base64url')}.${Buffer.from(payload).toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

function namedCases(keys: Keys): FuzzRequest[] {
  const anon = { apikey: keys.anon };
  const json = { ...anon, 'Content-Type': 'application/json', Prefer: 'return=representation' };
  const e = enc;
  const get = (
    name: string,
    path: string,
    headers: Record<string, string | string[]> = anon,
  ): FuzzRequest => ({ name, method: 'GET', path, headers });
  const post = (
    name: string,
    path: string,
    body: string,
    headers: Record<string, string | string[]> = json,
  ): FuzzRequest => ({ name, method: 'POST', path, headers, body });
  return [
    // SQL injection through every place input reaches a statement
    get('injection: eq value', `/items?name=eq.${e("'; drop table canary; --")}`),
    get('injection: in list', `/items?name=in.(${e("a'); drop table canary; --")})`),
    get('injection: like pattern', `/items?name=like.${e("%'; drop table canary; --")}`),
    get('injection: select column', `/items?select=${e('id;drop table canary')}`),
    get('injection: quoted identifier', `/items?select=${e('"id""; drop table canary; --"')}`),
    get('injection: cast', `/items?select=${e('id::text);drop table canary;--')}`),
    get('injection: json path', `/items?select=${e("data->>'a');drop table canary;--")}`),
    get('injection: json path key', `/items?data->>${e("a'); drop table canary;--")}=eq.1`),
    get('injection: order', `/items?order=${e('id;drop table canary')}`),
    get('injection: order by json path', `/items?order=${e("data->>'a' desc; drop table canary; --")}`),
    get('injection: fts config', `/items?search=${e("fts(english');drop table canary;--).oak")}`),
    get('injection: alias', `/items?select=${e('"x; drop table canary; --":id')}`),
    get('injection: embed hint', `/items?select=${e('children!"x;drop table canary"(*)')}`),
    get('injection: table name', `/${e('canary;drop table canary')}`),
    get('injection: schema-qualified table', `/${e('public.canary')}`),
    get('injection: rpc name', `/rpc/${e('echo(1);drop table canary;--')}`),
    get('injection: rpc argument name', `/rpc/echo?x=1&${e('"y);drop table canary;--"')}=1`),
    get('injection: rpc argument value', `/rpc/echo?x=${e("'); drop table canary; --")}`),
    get('injection: Accept-Profile', '/items', { ...anon, 'Accept-Profile': 'public; drop table canary' }),
    get('injection: Prefer timezone', '/items', { ...anon, Prefer: "timezone=UTC'; drop table canary; --" }),
    get('injection: is value', `/items?active=is.${e('true; drop table canary')}`),
    get('injection: any quantifier', `/items?id=eq(any).${e('{1,2}); drop table canary; --')}`),
    post(
      'injection: on_conflict',
      `/fuzz_writes?on_conflict=${e('id);drop table canary;--')}`,
      '{"name":"x"}',
      { ...json, Prefer: 'resolution=merge-duplicates' },
    ),
    post('injection: columns', `/fuzz_writes?columns=${e('name);drop table canary;--')}`, '{"name":"x"}'),
    post('injection: body key', '/fuzz_writes', JSON.stringify({ 'name"); drop table canary; --': 'x' })),
    post('injection: body value', '/fuzz_writes', JSON.stringify({ name: "x'); drop table canary; --" })),
    post('injection: rpc body key', '/rpc/echo', JSON.stringify({ 'x") ; drop table canary; --': 'a' })),
    // NUL, broken encodings, unicode
    get('NUL in a filter value', '/items?name=eq.%00'),
    get('NUL in a column name', '/items?select=na%00me'),
    get('NUL in a table name', '/items%00'),
    get('NUL in an order column', '/items?order=na%00me.asc'),
    get('NUL in an rpc argument', '/rpc/echo?x=a%00b'),
    post('NUL in a JSON body value', '/fuzz_writes', '{"name":"a\\u0000b"}'),
    post('NUL in a JSON body key', '/fuzz_writes', '{"na\\u0000me":"a"}'),
    post('raw NUL byte in the body', '/fuzz_writes', '{"name":"a\u0000b"}'),
    get('invalid UTF-8 escape', '/items?name=eq.%FF'),
    get('lone surrogate escape', '/items?name=eq.%ED%A0%80'),
    get('overlong UTF-8 escape', '/items?name=eq.%C0%AF'),
    get('malformed percent escape', '/items?name=eq.%zz%'),
    { ...get('raw latin-1 bytes in the path', '/items?name=eq.\u00e9\u00ff'), parserRejects: true },
    get('emoji and RTL override', `/items?name=eq.${e('😀\u202eevil')}`),
    // numbers
    get('huge limit', '/items?limit=99999999999999999999999'),
    get('huge offset', '/items?offset=99999999999999999999999'),
    get('limit above int4', '/items?limit=2147483648'),
    get('negative limit', '/items?limit=-1'),
    get('negative offset', '/items?offset=-5'),
    get('huge integer in a filter', '/items?id=eq.99999999999999999999999'),
    get('a non-boolean value for a boolean column', '/items?active=eq.x'),
    get('a non-boolean value for a boolean column in an or', `/items?or=${e('(active.eq.oak,id.eq.1)')}`),
    get('numeric overflow 1e309', '/items?price=gt.1e309'),
    get('NaN and Infinity on numeric', '/items?price=in.(NaN,Infinity,-Infinity)'),
    get('huge Range header', '/items', { ...anon, Range: '0-99999999999999999999' }),
    get('huge Range start', '/items', { ...anon, Range: '99999999999999999999-' }),
    get('inverted Range', '/items', { ...anon, Range: '5-2' }),
    // depth and size
    get('or nesting depth 50', `/items?or=${e(deepJson(50, 'or(', ')', 'id.eq.1').slice(2))}`),
    get('or nesting depth 1000', `/items?or=${e(deepJson(1000, 'or(', ')', 'id.eq.1').slice(2))}`),
    get('unbalanced parentheses', `/items?or=${e('((((id.eq.1')}`),
    get('unbalanced quotes', `/items?name=in.${e('("a,"b)')}`),
    // embedding depth and width: refused before any SQL (PGlite crashed with XX000 "bad buffer ID: 0"
    // on the 200-deep one; deep nesting fans out exponentially)
    {
      ...get(
        'select nesting depth 200',
        `/items?id=eq.-1&select=${e(deepJson(100, 'children(items(', '))', 'id'))}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        'embedding 4 deep (the limit)',
        `/items?select=${e(deepJson(2, 'id,children(id,items(', '))', 'id'))}`,
      ),
      expect: { status: 200 },
    },
    {
      ...get(
        'embedding 5 deep',
        `/items?select=${e(`id,children(${deepJson(2, 'id,items(id,children(', '))', 'id')})`)}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        'spread embeddings 5 deep',
        `/children?select=${e('id,...items(name,children(id,...items(name,children(id,...items(name)))))')}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        'embedding 5 deep on an rpc',
        `/rpc/get_items?min_price=0&select=${e(`id,children(${deepJson(2, 'id,items(id,children(', '))', 'id')})`)}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        '16 embeddings (the limit)',
        `/items?select=id,${Array.from({ length: 16 }, (_, i) => `c${i}:children(id)`).join(',')}`,
      ),
      expect: { status: 200 },
    },
    {
      ...get(
        '17 embeddings',
        `/items?select=id,${Array.from({ length: 17 }, (_, i) => `c${i}:children(id)`).join(',')}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        '100 embeddings',
        `/items?select=id,${Array.from({ length: 100 }, (_, i) => `c${i}:children(id)`).join(',')}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    {
      ...get(
        '17 embeddings spread over levels',
        `/items?select=id,${Array.from({ length: 6 }, (_, i) => `c${i}:children(id,items(id,children(id)))`).join(',')}`,
      ),
      expect: { status: 400, code: '54001' },
    },
    get(
      'select with 2000 columns',
      `/items?select=${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(',')}`,
    ),
    get('15 KB query string', `/items?name=eq.${'x'.repeat(15_000)}`),
    post('JSON nesting depth 10000 (arrays)', '/fuzz_writes', deepJson(10_000, '[', ']')),
    post(
      'JSON nesting depth 10000 in a jsonb value',
      '/fuzz_writes',
      `{"name":"deep","data":${deepJson(10_000, '[', ']')}}`,
    ),
    post(
      'JSON nesting depth 100000 in a jsonb value',
      '/fuzz_writes',
      `{"name":"deep","data":${deepJson(100_000, '[', ']')}}`,
    ),
    post(
      'JSON nesting depth 10000 (objects) to an rpc',
      '/rpc/jsonb_fn',
      `{"payload":${deepJson(10_000, '{"a":', '}')}}`,
    ),
    post('11 MB body', '/fuzz_writes', `{"name":"${'x'.repeat(11 * 1024 * 1024)}"}`),
    post(
      '5000 rows in one insert',
      '/fuzz_writes',
      JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ name: `bulk ${i}`, n: i }))),
    ),
    // JWTs
    get('JWT alg none', '/items', { Authorization: `Bearer ${keys.algNone}` }),
    get('JWT signed with another secret', '/items', { Authorization: `Bearer ${keys.wrongSecret}` }),
    get('JWT expired', '/items', { Authorization: `Bearer ${keys.expired}` }),
    get('JWT not yet valid', '/items', { Authorization: `Bearer ${keys.nbfFuture}` }),
    get('JWT with an unknown role', '/items', { Authorization: `Bearer ${keys.unknownRole}` }),
    get('JWT with a numeric role', '/items', { Authorization: `Bearer ${keys.numericRole}` }),
    get('JWT of two parts', '/items', { Authorization: 'Bearer abc.def' }),
    get('JWT of garbage base64', '/items', { Authorization: 'Bearer !!!.@@@.###' }),
    get('Bearer without token', '/items', { Authorization: 'Bearer' }),
    get('JWT whose header is JSON null', '/items', {
      Authorization: `Bearer ${rawJwt('null', '{}').split('.').slice(0, 2).join('.')}.x`,
    }),
    get('JWT whose header is a JSON array', '/items', {
      Authorization: `Bearer ${Buffer.from('[]').toString('base64url')}.e30.x`,
    }),
    get('JWT whose header is a JSON string', '/items', {
      Authorization: `Bearer ${Buffer.from('"HS256"').toString('base64url')}.e30.x`,
    }),
    get('JWT whose header is not JSON', '/items', {
      Authorization: `Bearer ${Buffer.from('{alg:').toString('base64url')}.e30.x`,
    }),
    get('signed JWT whose claims are JSON null', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', 'null')}`,
    }),
    get('signed JWT whose claims are an array', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', '["service_role"]')}`,
    }),
    get('signed JWT whose claims are not JSON', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', '{role:')}`,
    }),
    get('signed JWT with a role object', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', '{"role":{"a":1}}')}`,
    }),
    get('signed JWT with exp as a string', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', '{"role":"anon","exp":"tomorrow"}')}`,
    }),
    get('signed JWT with a huge exp', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256","typ":"JWT"}', '{"role":"anon","exp":1e400}')}`,
    }),
    get('signed JWT with alg RS256 in the header', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"RS256","typ":"JWT"}', '{"role":"service_role"}')}`,
    }),
    get('signed JWT with an unknown alg', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS999"}', '{"role":"service_role"}')}`,
    }),
    get('signed JWT with deeply nested claims', '/items', {
      Authorization: `Bearer ${rawJwt('{"alg":"HS256"}', `{"role":"anon","x":${deepJson(3000, '[', ']')}}`)}`,
    }),
    get('Basic auth', '/items', { Authorization: 'Basic dXNlcjpwYXNz' }),
    get('16 KB-ish JWT', '/items', { Authorization: `Bearer ${'a'.repeat(7000)}.${'b'.repeat(7000)}.c` }),
    // headers
    get('Accept garbage', '/items', { ...anon, Accept: ';;;' }),
    get('Accept with bad q', '/items', { ...anon, Accept: 'application/json;q=abc' }),
    get('Accept plan', '/items', { ...anon, Accept: 'application/vnd.pgrst.plan+json' }),
    get('Accept-Profile garbage', '/items', { ...anon, 'Accept-Profile': '\u00ff\u00fe' }),
    get('Accept-Profile of an unexposed schema', '/users', { ...anon, 'Accept-Profile': 'auth' }),
    get('Range garbage', '/items', { ...anon, Range: 'items=abc' }),
    get('Prefer garbage with handling=strict', '/items', { ...anon, Prefer: 'handling=strict, garbage=1' }),
    get('Prefer unknown timezone', '/items', { ...anon, Prefer: 'timezone=Nowhere/Nope' }),
    get('many Prefer headers', '/items', {
      ...anon,
      Prefer: ['count=exact', 'count=planned', 'return=minimal', 'tx=rollback'],
    }),
    // bodies and methods
    post('empty body to rpc with args', '/rpc/sum_ints', ''),
    post('wrong types', '/fuzz_writes', '{"name":123,"n":"abc","tags":"nope","data":{}}'),
    post('n out of int range', '/fuzz_writes', '{"name":"x","n":99999999999999999999}'),
    post('check violation', '/fuzz_writes', '{"name":"x","n":-1}'),
    post('fk violation', '/fuzz_writes', '{"name":"x","item_id":999999}'),
    post('non-uniform array', '/fuzz_writes', '[{"name":"a"},{"n":1}]'),
    post('CSV body with a broken quote', '/fuzz_writes', 'name,n\n"x,1\n', {
      ...anon,
      'Content-Type': 'text/csv',
    }),
    post('CSV body with ragged rows', '/fuzz_writes', 'name,n\nx\ny,1,2\n', {
      ...anon,
      'Content-Type': 'text/csv',
    }),
    post('form body to an rpc', '/rpc/sum_ints', 'a=1&b=x', {
      ...anon,
      'Content-Type': 'application/x-www-form-urlencoded',
    }),
    post('octet-stream to a table', '/fuzz_writes', '\u0001\u0002', {
      ...anon,
      'Content-Type': 'application/octet-stream',
    }),
    post('write to a read-only table', '/canary', '{"id":2,"note":"x"}'),
    {
      name: 'delete everything from canary',
      method: 'DELETE',
      path: '/canary',
      headers: { Authorization: `Bearer ${keys.service}` },
    },
    {
      name: 'PATCH every canary row',
      method: 'PATCH',
      path: '/canary',
      headers: { ...json, Authorization: `Bearer ${keys.service}` },
      body: '{"note":"owned"}',
    },
    {
      name: 'PUT without a primary key filter',
      method: 'PUT',
      path: '/fuzz_writes',
      headers: json,
      body: '{"id":1,"name":"x"}',
    },
    {
      name: 'PUT with limit',
      method: 'PUT',
      path: '/fuzz_writes?id=eq.1&limit=1',
      headers: json,
      body: '{"id":1,"name":"x"}',
    },
    { name: 'unknown method', method: 'FOO', path: '/items', headers: anon, parserRejects: true },
    {
      name: 'a method llhttp knows but PostgREST does not',
      method: 'PROPFIND',
      path: '/items',
      headers: anon,
    },
    { name: 'TRACE', method: 'TRACE', path: '/items', headers: anon },
    { name: 'POST to a view without a body', method: 'POST', path: '/items_view', headers: json, body: '' },
    { name: 'DELETE on rpc', method: 'DELETE', path: '/rpc/echo', headers: anon },
    { name: 'aggregate while disabled', method: 'GET', path: '/items?select=price.sum()', headers: anon },
    {
      name: 'max-affected exceeded',
      method: 'PATCH',
      path: '/fuzz_writes',
      headers: { ...json, Prefer: ['handling=strict', 'max-affected=0'] },
      body: '{"n":1}',
    },
  ];
}

forEachDbKind('REST fuzz', (backend) => {
  const harness = useRestHarness(backend, { sql: FUZZ_SQL });
  let keys: Keys;
  let before: Record<string, unknown>;

  it('records the state of the read-only tables', async () => {
    const h = harness();
    keys = await fuzzKeys(h);
    before = await recordState(h);
  });

  it('named hostile cases: every answer < 500 in PostgREST error shape', async () => {
    const h = harness();
    const reqs = namedCases(keys);
    const { failures, refused } = await runAll(h, reqs, 1);
    expect(refused).toBe(0);
    expect(failures).toEqual([]);
    expect(await invariant(h)).toEqual(before);
  }, 120_000);

  it('afterwards: the server still answers and the data is intact', async () => {
    await expectStillIntact(harness(), before);
  });
});
