import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types.ts';
import type { RestApp, RestConfig } from '../src/rest/types.ts';
import { checkExpect, deepEqual, toRegExp } from '../conformance/assert.ts';
import { loadCases, matchesFilter, parseCase } from '../conformance/cases.ts';
import { divergenceFor, parseDivergences } from '../conformance/divergences.ts';
import { runCase } from '../conformance/execute.ts';
import {
  ASYMMETRIC_JWK,
  AUTH_SCHEMAS,
  InstancePool,
  MULTI_SCHEMAS,
  routeCase,
  translateConfig,
} from '../conformance/instances.ts';
import { queryJsonPath } from '../conformance/jsonpath.ts';
import { decodeCopyField, fixtureChain, toPlainSql } from '../conformance/load-fixtures.ts';
import { parseArgs } from '../conformance/options.ts';
import { classify, exitCode, summarize } from '../conformance/report.ts';
import {
  buildRequest,
  encodePath,
  foldHeaders,
  mintHs256,
  profileHeader,
  requestBody,
} from '../conformance/request.ts';
import type { Case, HttpResult } from '../conformance/types.ts';

function mkCase(over: Partial<Case> & { request?: Case['request'] }): Case {
  return {
    id: 9999,
    feature: 'area/x',
    area: 'area',
    request: { method: 'GET', path: '/items' },
    expect: { status: 200 },
    file: '9999_x.yaml',
    ...over,
  };
}

function res(over: Partial<HttpResult> & { raw?: [string, string][]; text?: string }): HttpResult {
  const rawHeaders = over.raw ?? over.rawHeaders ?? [];
  return {
    status: 200,
    statusText: 'OK',
    rawHeaders,
    headers: foldHeaders(rawHeaders),
    body: Buffer.from(over.text ?? ''),
    ...over,
  };
}

describe('request building (HARNESS §3)', () => {
  it('encodes only what cannot go on the wire raw', () => {
    expect(encodePath('/entities?or=(id.eq.1,name.eq.child entity 2)&select=id')).toBe(
      '/entities?or=(id.eq.1,name.eq.child%20entity%202)&select=id',
    );
    expect(encodePath('/parents?name=eq.parent+v1-1')).toBe('/parents?name=eq.parent+v1-1');
    expect(encodePath('/x?a=eq.%20b')).toBe('/x?a=eq.%20b');
    expect(encodePath('/articles?body=like(any).{%plan%,%brain%}')).toBe(
      '/articles?body=like(any).{%25plan%25,%25brain%25}',
    );
    expect(encodePath('/تست?a="q"*')).toBe('/%D8%AA%D8%B3%D8%AA?a="q"*');
    expect(encodePath('/x?a=é')).toBe('/x?a=%C3%A9');
    expect(encodePath('/grandchild_entities?or=(name.eq."(a,b)")')).toBe(
      '/grandchild_entities?or=(name.eq."(a,b)")',
    );
  });

  it('picks the profile header by method, none for test/public/absent', () => {
    expect(profileHeader('GET', 'operators')).toEqual(['Accept-Profile', 'operators']);
    expect(profileHeader('HEAD', 'operators')).toEqual(['Accept-Profile', 'operators']);
    expect(profileHeader('OPTIONS', 'operators')).toEqual(['Accept-Profile', 'operators']);
    expect(profileHeader('POST', 'rpc')).toEqual(['Content-Profile', 'rpc']);
    expect(profileHeader('PATCH', 'mutations')).toEqual(['Content-Profile', 'mutations']);
    expect(profileHeader('DELETE', 'mutations')).toEqual(['Content-Profile', 'mutations']);
    expect(profileHeader('GET', 'test')).toBeNull();
    expect(profileHeader('GET', 'public')).toBeNull();
    expect(profileHeader('GET', undefined)).toBeNull();
  });

  it('injects with put-new semantics and skips injection when told to', () => {
    const c = mkCase({
      schema: 'headers',
      request: { method: 'GET', path: '/x', headers: { 'accept-profile': 'v2' } },
    });
    expect(buildRequest(c, { injectProfile: true }).headers).toEqual([['accept-profile', 'v2']]);
    const d = mkCase({
      schema: 'operators',
      request: { method: 'GET', path: '/x', headers: { Accept: 'application/json' } },
    });
    expect(buildRequest(d, { injectProfile: true }).headers).toEqual([
      ['Accept', 'application/json'],
      ['Accept-Profile', 'operators'],
    ]);
    expect(buildRequest(d, { injectProfile: false }).headers).toEqual([['Accept', 'application/json']]);
  });

  it('mints HS256 exactly like the suite (HARNESS 1452 token)', () => {
    expect(mintHs256({ role: 'postgrest_test_author', id: 'jdoe' }, 'reallyreallyreallyreallyverysafe')).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoicG9zdGdyZXN0X3Rlc3RfYXV0aG9yIiwiaWQiOiJqZG9lIn0.B-lReuGNDwAlU1GOC476MlO0vAt9JNoHIlxg2vwMaO0',
    );
  });

  it('signs payloads as-is and never overwrites an explicit Authorization', () => {
    const payload = { exp: 'invalid', role: 'postgrest_test_author' };
    const c = mkCase({
      schema: 'auth',
      request: { method: 'GET', path: '/x', jwt: { sign_with: 'hs256_test_secret', payload } },
    });
    const auth = buildRequest(c, { injectProfile: true }).headers.find(([k]) => k === 'Authorization')![1];
    const [h, p, s] = auth.slice('Bearer '.length).split('.');
    expect(JSON.parse(Buffer.from(p!, 'base64url').toString())).toEqual(payload);
    expect(
      createHmac('sha256', 'reallyreallyreallyreallyverysafe').update(`${h}.${p}`).digest('base64url'),
    ).toBe(s);
    const e = mkCase({
      request: { method: 'GET', path: '/x', headers: { authorization: 'Bearer abc' }, jwt: { payload: {} } },
    });
    expect(buildRequest(e, { injectProfile: true }).headers).toEqual([['authorization', 'Bearer abc']]);
    const f = mkCase({
      request: { method: 'GET', path: '/x', jwt: { sign_with: 'rs256_private', payload: {} } },
    });
    expect(() => buildRequest(f, { injectProfile: true })).toThrow(/sign_with/);
  });

  it('takes the body by precedence body_raw > body_json > body', () => {
    expect(requestBody({ body_raw: 'a,b', body_json: { x: 1 }, body: 'z' })).toBe('a,b');
    expect(requestBody({ body_json: 'str', body: 'z' })).toBe('"str"');
    expect(requestBody({ body: '}{ x = 2' })).toBe('}{ x = 2');
    expect(requestBody({ body: { id: 1 } })).toBe('{"id":1}');
    expect(requestBody({ body: [] })).toBe('[]');
    expect(requestBody({ body_raw: '' })).toBe('');
    expect(requestBody({})).toBeNull();
  });

  it('rejects cli cases as unsupported', () => {
    const c = mkCase({ request: { kind: 'cli', flag: '--dump-config' }, expect: { exit_code: 0 } });
    expect(() => buildRequest(c, { injectProfile: true })).toThrow(/kind: cli/);
  });
});

describe('routing (HARNESS §2)', () => {
  const user = 'postgres';
  it('routes labels to single-schema instances with the §2.1 option set', () => {
    const r = routeCase(mkCase({ schema: 'operators' }), user);
    expect(r.name).toBe('operators');
    expect(r.injectProfile).toBe(true);
    expect(r.config).toMatchObject({
      dbSchemas: ['operators'],
      dbAnonRole: 'postgres',
      dbTxEnd: 'rollback',
      dbExtraSearchPath: ['public'],
      serverTimingEnabled: true,
      serverTraceHeader: 'X-Request-Id',
      serverCorsAllowedOrigins: 'http://example.com, http://example2.com',
      jwtSecret: null,
    });
    for (const s of [undefined, 'public', 'test']) {
      expect(routeCase(mkCase(s === undefined ? {} : { schema: s }), user).config.dbSchemas).toEqual([
        'test',
      ]);
    }
    expect(routeCase(mkCase({ schema: 'unicode' }), user).config.dbSchemas).toEqual(['تست']);
  });

  it('routes multi and the six headers exceptions to multi, without injection', () => {
    for (const id of [1557, 1558, 1559, 1560, 1574, 1583]) {
      const r = routeCase(mkCase({ id, schema: 'headers' }), user);
      expect(r.name).toBe('multi');
      expect(r.injectProfile).toBe(false);
      expect(r.config.dbSchemas).toEqual(MULTI_SCHEMAS);
    }
    expect(routeCase(mkCase({ schema: 'multi' }), user).name).toBe('multi');
    expect(routeCase(mkCase({ id: 1550, schema: 'headers' }), user).config.dbSchemas).toEqual(['headers']);
  });

  it('routes auth-labelled and root-path cases to the wide auth instance', () => {
    const a = routeCase(mkCase({ schema: 'auth' }), user);
    expect(a.config).toMatchObject({
      dbSchemas: AUTH_SCHEMAS,
      dbAnonRole: 'postgrest_test_anonymous',
      dbPreRequest: 'auth.switch_role',
      jwtSecret: 'reallyreallyreallyreallyverysafe',
      dbTxEnd: 'rollback',
    });
    expect(a.injectProfile).toBe(true);
    expect(routeCase(mkCase({ schema: 'test', request: { method: 'GET', path: '/' } }), user).name).toBe(
      'auth',
    );
    expect(routeCase(mkCase({ request: { method: 'GET', path: '/?x=1' } }), user).name).toBe('auth');
  });

  it('builds variants from config blocks and the hard-coded extras', () => {
    const agg1 = routeCase(mkCase({ id: 1129, config: { 'db-aggregates-enabled': true } }), user);
    const agg2 = routeCase(mkCase({ id: 1130, config: { 'db-aggregates-enabled': true } }), user);
    expect(agg1.config.dbAggregatesEnabled).toBe(true);
    expect(agg1.key).toBe(agg2.key);
    expect(agg1.key).not.toBe(routeCase(mkCase({}), user).key);
    const anon = routeCase(mkCase({ id: 1491, schema: 'auth', config: { 'db-anon-role': null } }), user);
    expect(anon.config.dbAnonRole).toBeNull();
    expect(anon.config.jwtSecret).toBe('reallyreallyreallyreallyverysafe');
    const jwk = routeCase(
      mkCase({ id: 1467, schema: 'auth', config: { 'jwt-secret': 'asymmetric_jwk_public_key' } }),
      user,
    );
    expect(jwk.config.jwtSecret).toBe(ASYMMETRIC_JWK);
    const jwks = routeCase(
      mkCase({ id: 1495, schema: 'auth', config: { 'jwt-secret': 'asymmetric_jwks_public_key' } }),
      user,
    );
    expect(JSON.parse(jwks.config.jwtSecret as string)).toEqual({ keys: [JSON.parse(ASYMMETRIC_JWK)] });
    expect(
      routeCase(mkCase({ id: 1654, request: { method: 'GET', path: '/' } }), user).config.dbSchemas,
    ).toEqual(['openapi_no_comment']);
    expect(
      routeCase(mkCase({ id: 1690, request: { method: 'GET', path: '/' } }), user).config.dbSchemas,
    ).toEqual(['SCHEMA_v3']);
    const c1764 = routeCase(
      mkCase({ id: 1764, request: { method: 'GET', path: '/' }, config: { 'log-level': 'error' } }),
      user,
    );
    expect(c1764.config).toMatchObject({
      jwtSecret: null,
      logLevel: 'error',
      dbAnonRole: 'postgrest_test_anonymous',
    });
    const safe = routeCase(mkCase({ id: 1388, schema: 'mutations' }), user);
    expect(safe.key).not.toBe(routeCase(mkCase({ schema: 'mutations' }), user).key);
    expect(safe.config.dbSchemas).toEqual(['mutations']);
  });

  it('translates kebab-case config names', () => {
    expect(
      translateConfig({
        'db-max-rows': 2,
        'server-cors-allowed-origins': '',
        'jwt-role-claim-key': '$.postgrest.a_role',
        'db-schemas': 'a, b',
        'jwt-secret-is-base64': true,
        'log-level': 'crit',
        env: { PGRST_X: '1' },
      }),
    ).toEqual({
      overrides: {
        dbMaxRows: 2,
        serverCorsAllowedOrigins: '',
        jwtRoleClaimKey: '$.postgrest.a_role',
        dbSchemas: ['a', 'b'],
        jwtSecretIsBase64: true,
        logLevel: 'crit',
      },
      ignored: ['env'],
    });
  });
});

describe('assertions (HARNESS §4)', () => {
  it('checks status and named headers case-insensitively, exact value', () => {
    const r = res({
      status: 200,
      raw: [
        ['content-type', 'application/json; charset=utf-8'],
        ['Content-Range', '0-0/*'],
      ],
    });
    expect(
      checkExpect({ status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } }, r),
    ).toEqual([]);
    expect(checkExpect({ status: 201 }, r)).toEqual(['status: expected 201, got 200']);
    expect(checkExpect({ status: 200, headers: { 'content-range': '0-1/*' } }, r)).toHaveLength(1);
    expect(checkExpect({ status: 200, headers: { Location: '/x' } }, r)[0]).toMatch(/Location.*absent/);
  });

  it('folds repeated headers; Set-Cookie with newlines', () => {
    const r = res({
      raw: [
        ['Set-Cookie', 'a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT'],
        ['set-cookie', 'b=2'],
        ['X-Test', 'one'],
        ['x-test', 'two'],
      ],
    });
    expect(r.headers['set-cookie']).toBe('a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT\nb=2');
    expect(checkExpect({ status: 200, headers: { 'X-Test': 'one, two' } }, r)).toEqual([]);
  });

  it('checks presence, absence, regexes, substrings and blank headers', () => {
    const r = res({
      raw: [
        ['Server-Timing', 'jwt;dur=1.2, plan;dur=3.0'],
        ['X-Empty', ' '],
      ],
    });
    expect(
      checkExpect({ status: 200, headers_present: ['server-timing'], headers_absent: ['Location'] }, r),
    ).toEqual([]);
    expect(checkExpect({ status: 200, headers_absent: ['Server-Timing'] }, r)).toHaveLength(1);
    expect(checkExpect({ status: 200, headers_present: ['Location'] }, r)).toHaveLength(1);
    expect(
      checkExpect({ status: 200, headers_match: { 'Server-Timing': '^jwt;dur=\\d+(\\.\\d+)?' } }, r),
    ).toEqual([]);
    expect(checkExpect({ status: 200, headers_match: { Location: '.*' } }, r)).toHaveLength(1);
    expect(
      checkExpect(
        { status: 200, headers_absent_in_value: { 'Server-Timing': ['transaction'], Vary: ['x'] } },
        r,
      ),
    ).toEqual([]);
    expect(
      checkExpect({ status: 200, headers_absent_in_value: { 'Server-Timing': ['plan'] } }, r),
    ).toHaveLength(1);
    expect(checkExpect({ status: 200, headers_no_blank: true }, r)[0]).toMatch(/X-Empty/);
    expect(checkExpect({ status: 200, headers_no_blank: false }, r)).toEqual([]);
    expect(toRegExp('(?i)^postgrest/').test('PostgREST/16')).toBe(true);
    expect(toRegExp('\\Apostgrest/.+\\z').test('postgrest/16.4')).toBe(true);
    expect(toRegExp('\\Apostgrest/.+\\z').test('x postgrest/16.4')).toBe(false);
  });

  it('compares JSON bodies structurally, and empty-body sentinels byte-exactly', () => {
    const r = res({ text: '[{"b":2,"a":1}, \n {"a":3,"b":null}]' });
    expect(
      checkExpect(
        {
          status: 200,
          body_exact: [
            { a: 1, b: 2 },
            { b: null, a: 3 },
          ],
        },
        r,
      ),
    ).toEqual([]);
    expect(checkExpect({ status: 200, body_json: [{ a: 1, b: 2 }] }, r)).toHaveLength(1);
    const empty = res({ text: '' });
    for (const sentinel of [null, '']) {
      expect(checkExpect({ status: 200, body_exact: sentinel }, empty)).toEqual([]);
      expect(checkExpect({ status: 200, body_exact: sentinel }, res({ text: '{}' }))).toHaveLength(1);
      expect(checkExpect({ status: 200, body_exact: sentinel }, res({ text: 'null' }))).toHaveLength(1);
    }
    expect(checkExpect({ status: 200, body_exact: '123' }, res({ text: '"123"' }))).toEqual([]);
    expect(checkExpect({ status: 200, body_exact: '123' }, res({ text: '123' }))).toHaveLength(1);
    expect(checkExpect({ status: 200, body_exact: 3 }, res({ text: '3' }))).toEqual([]);
    expect(checkExpect({ status: 200, body_exact: [] }, empty)[0]).toMatch(/empty body/);
  });

  it('checks raw bodies and substrings', () => {
    const r = res({ text: 'id\n3\n4' });
    expect(checkExpect({ status: 200, body_raw: 'id\n3\n4' }, r)).toEqual([]);
    expect(checkExpect({ status: 200, body_raw: 'id\n3\n4\n' }, r)).toHaveLength(1);
    expect(checkExpect({ status: 200, body_contains: ['id', '3\n4'] }, r)).toEqual([]);
    expect(checkExpect({ status: 200, body_contains: 'x' }, r)).toHaveLength(1);
  });

  it('evaluates body_jsonpath predicates', () => {
    const r = res({ text: '{"code":"PGRST106","details":null,"hint":"h","list":[{"a":1},{"a":2}]}' });
    expect(
      checkExpect(
        {
          status: 200,
          body_jsonpath: [
            { path: '$.code', equals: 'PGRST106' },
            { path: '$.details', equals: null },
            { path: '$.hint', present: true },
            { path: '$.hint', exists: true },
            { path: '$.nope', absent: true },
            { path: '$.list[*].a', equals: [1, 2] },
            { path: '$.list[-1].a', equals: 2 },
          ],
        },
        r,
      ),
    ).toEqual([]);
    expect(
      checkExpect({ status: 200, body_jsonpath: [{ path: '$.missing', equals: null }] }, r),
    ).toHaveLength(1);
    expect(checkExpect({ status: 200, body_jsonpath: [{ path: '$.code', absent: true }] }, r)).toHaveLength(
      1,
    );
    expect(checkExpect({ status: 200, body_jsonpath: [{ path: '$.code', matches: 'x' }] }, r)[0]).toMatch(
      /unknown predicate/,
    );
    expect(checkExpect({ status: 200, body_jsonpath: [{ path: '$.code' }] }, r)[0]).toMatch(
      /exactly one predicate/,
    );
  });

  it('checks status_text and fails loudly on unknown or CLI keys', () => {
    const r = res({ status: 332, statusText: 'My Custom Status' });
    expect(checkExpect({ status: 332, status_text: 'My Custom Status' }, r)).toEqual([]);
    expect(checkExpect({ status: 332, status_text: 'Other' }, r)).toHaveLength(1);
    expect(checkExpect({ status: 332, body_smells: 'x' }, r)).toEqual([
      "unknown assertion key 'body_smells'",
    ]);
    expect(checkExpect({ status: 332, exit_code: 0 }, r)[0]).toMatch(/^unsupported: CLI assertion/);
  });

  it('deep-equals JSON values', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});

describe('jsonpath subset', () => {
  const doc = { a: { 'b-c': [10, 20, { d: 'x' }] }, e: [{ f: 1 }, { f: 2 }] };
  it('selects members, indices, wildcards, unions and descendants', () => {
    expect(queryJsonPath(doc, '$')).toEqual([doc]);
    expect(queryJsonPath(doc, "$.a['b-c'][0]")).toEqual([10]);
    expect(queryJsonPath(doc, '$.a["b-c"][-1].d')).toEqual(['x']);
    expect(queryJsonPath(doc, '$.e[*].f')).toEqual([1, 2]);
    expect(queryJsonPath(doc, '$.e.*.f')).toEqual([1, 2]);
    expect(queryJsonPath(doc, "$.a['b-c'][0,1]")).toEqual([10, 20]);
    expect(queryJsonPath(doc, '$..f')).toEqual([1, 2]);
    expect(queryJsonPath(doc, '$.nope.x')).toEqual([]);
    expect(queryJsonPath(doc, '$.e[?(@.f==1)]')).toEqual([{ f: 1 }]);
    expect(queryJsonPath(doc, "$.e[?(@.f != 1 && @['f'] >= 2)].f")).toEqual([2]);
    expect(queryJsonPath(doc, '$.e[?(@.g)]')).toEqual([]);
    expect(queryJsonPath(doc, "$.a['b-c'][?(@ == 20 || @.d == 'x')]")).toEqual([20, { d: 'x' }]);
    expect(queryJsonPath(doc, "$.a['b-c'][1:]")).toEqual([20, { d: 'x' }]);
    expect(queryJsonPath(doc, "$.a['b-c'][:-2]")).toEqual([10]);
    expect(() => queryJsonPath(doc, '$.e[?(@.f =~ /x/)]')).toThrow(/unsupported filter/);
    expect(() => queryJsonPath(doc, 'code')).toThrow(/start with \$/);
  });
});

describe('case files', () => {
  it('keeps header scalars as written and reads the rest as YAML', () => {
    const c = parseCase(
      [
        'id: 42',
        'feature: headers/x/y',
        'request:',
        '  method: GET',
        '  path: /items',
        '  headers: { Accept: application/json, X-Num: 010 }',
        'schema: headers',
        'expect:',
        '  status: 200',
        '  headers:',
        '    Content-Length: 010',
        '    Content-Range: "0-0/*"',
        '  body_exact: [{ "id": 5 }]',
        'source: https://raw.githubusercontent.com/PostgREST/postgrest/v16.4/x#L1',
      ].join('\n'),
      '42_x.yaml',
    );
    expect(c.area).toBe('headers');
    expect(c.request.headers).toEqual({ Accept: 'application/json', 'X-Num': '010' });
    expect(c.expect.headers).toEqual({ 'Content-Length': '010', 'Content-Range': '0-0/*' });
    expect(c.expect.body_exact).toEqual([{ id: 5 }]);
  });

  it('reads a folder, sorting by numeric id, and reports unreadable files instead of throwing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cases-'));
    writeFileSync(
      join(dir, '10200_a.yaml'),
      'id: 10200\nfeature: operators/a\nrequest: { method: GET, path: / }\nexpect: { status: 200 }\n',
    );
    writeFileSync(
      join(dir, '1050_b.yaml'),
      'id: 1050\nfeature: operators/b\nrequest: { kind: cli, flag: --ready }\nexpect: { exit_code: 0 }\n',
    );
    writeFileSync(join(dir, '1051_c.yaml'), 'id: [oops\n');
    writeFileSync(join(dir, 'README.md'), '# not a case');
    const { cases, broken } = loadCases(dir);
    expect(cases.map((c) => c.id)).toEqual([1050, 10200]);
    expect(broken).toHaveLength(1);
    expect(broken[0]!.id).toBe(1051);
    expect(matchesFilter(cases[0]!, '1050')).toBe(true);
    expect(matchesFilter(cases[0]!, '105')).toBe(false);
    expect(matchesFilter(cases[0]!, 'operators/b')).toBe(true);
  });
});

describe('fixtures', () => {
  it('turns COPY … FROM stdin blocks into INSERTs', () => {
    const sql = toPlainSql(
      [
        'SET x = 1;',
        'COPY s.t (a, b) FROM stdin;',
        "1\tit's",
        '\\N\ta\\tb\\\\c\\n',
        '\\.',
        'COPY s.e (a) FROM stdin;',
        '\\.',
        'SELECT 1;',
      ].join('\n'),
    );
    expect(sql).toContain("INSERT INTO s.t (a, b) VALUES ('1', 'it''s'), (NULL, 'a\tb\\c\n');");
    expect(sql).not.toContain('\\.');
    expect(sql).toContain('SELECT 1;');
    expect(sql).not.toContain('INSERT INTO s.e');
    expect(decodeCopyField('\\101\\x42\\q')).toBe('ABq');
    expect(() => toPlainSql('\\connect other\n')).toThrow(/meta-command/);
    expect(toPlainSql('CREATE FUNCTION f() RETURNS text AS $$\n\\x is text\n$$ LANGUAGE sql;')).toContain(
      '\\x is text',
    );
  });

  it('orders the chain with the test.shops stand-in where 04 would go', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
    for (const f of ['01_roles.sql', '02_base.sql', '04_postgis.sql', '05_c.sql', '07_a.sql', 'README.md']) {
      writeFileSync(join(dir, f), `-- ${f}`);
    }
    const chain = fixtureChain(dir);
    expect(chain.roles?.name).toBe('01_roles.sql');
    expect(chain.steps.map((s) => s.name)).toEqual([
      '02_base.sql',
      'test.shops stand-in (for 04_postgis.sql)',
      '05_c.sql',
      '07_a.sql',
    ]);
  });
});

describe('divergences and report', () => {
  const d = parseDivergences(
    [
      '1387:',
      '  reason: no safeupdate',
      '  pin: { path: [body_exact, message], value: "UPDATE requires a WHERE clause" }',
      '1389: { reason: no safeupdate }',
      'kinds:',
      '  cli: { reason: no CLI }',
    ].join('\n'),
  );
  const pinned = mkCase({
    id: 1387,
    expect: { status: 400, body_exact: { message: 'UPDATE requires a WHERE clause' } },
  });

  it('matches entries, checks pins, covers kinds', () => {
    expect(divergenceFor(pinned, d)).toEqual({ kind: 'documented', reason: 'no safeupdate' });
    expect(
      divergenceFor({ ...pinned, expect: { status: 400, body_exact: { message: 'other' } } }, d).kind,
    ).toBe('pin-mismatch');
    expect(divergenceFor(mkCase({ id: 1, request: { kind: 'cli', flag: '--ready' } }), d).kind).toBe(
      'documented',
    );
    expect(divergenceFor(mkCase({ id: 1 }), d).kind).toBe('none');
    expect(() => parseDivergences('1387: { pin: { path: [a], value: 1 } }')).toThrow(/reason/);
  });

  it('classifies outcomes and computes the exit code', () => {
    const fail = classify({ c: pinned, errors: ['status: expected 400, got 204'], ms: 1 }, d);
    expect(fail.outcome).toBe('divergence');
    expect(fail.line).toBe('FAIL 1387 area/x: divergence (no safeupdate)');
    const stale = classify({ c: pinned, errors: [], ms: 1 }, d);
    expect(stale.outcome).toBe('stale');
    const plain = classify({ c: mkCase({ id: 5 }), errors: ['status: expected 200, got 501'], ms: 1 }, d);
    expect(plain.line).toBe('FAIL 5 area/x: status: expected 200, got 501');
    const pass = classify({ c: mkCase({ id: 6 }), errors: [], ms: 1 }, d);

    const s = summarize([fail, stale, plain, pass]);
    expect(s).toMatchObject({ passed: 2, failed: 2, documented: 1, stale: 1, total: 4 });
    expect(exitCode(s, 0.5, false)).toBe(1); // an undocumented failure
    expect(exitCode(s, 0.5, true)).toBe(0);
    const t = summarize(Array.from({ length: 9 }, () => pass).concat([fail]));
    expect(exitCode(t, 0.9, false)).toBe(0);
    expect(exitCode(t, 0.95, false)).toBe(1);
  });

  it('parses options', () => {
    expect(
      parseArgs([
        'cases',
        '--filter=1000,select',
        '--verbose',
        '--concurrency=2',
        '--min-pass=0.8',
        '--report-only',
      ]),
    ).toMatchObject({
      folder: 'cases',
      filter: '1000,select',
      verbose: true,
      concurrency: 2,
      minPass: 0.8,
      reportOnly: true,
    });
    expect(() => parseArgs(['--bogus'])).toThrow(/unknown option/);
  });
});

describe('end to end over node:http (echo engine)', () => {
  const seen: {
    config: RestConfig;
    target: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }[] = [];
  const configs: RestConfig[] = [];
  const echoApp = async (_db: Db, config: RestConfig): Promise<RestApp> => {
    configs.push(config);
    return {
      async handle(req, res, target) {
        let body = '';
        for await (const chunk of req) body += chunk;
        seen.push({ config, target, headers: req.headers, body });
        if (target.startsWith('/throw')) throw new Error('boom');
        const out = JSON.stringify({
          target,
          method: req.method,
          profile: req.headers['accept-profile'] ?? null,
          body,
        });
        res.writeHead(200, 'Fine', {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(out),
          'Set-Cookie': ['a=1', 'b=2'],
        });
        res.end(out);
      },
      async reloadSchema() {},
      async close() {},
    };
  };
  const pool = new InstancePool({} as Db, echoApp);
  const ctx = { pool, connectingUser: 'postgres', timeoutMs: 5000 };
  afterAll(() => pool.closeAll());

  it('sends the raw target, headers and body, and checks the answer', async () => {
    const c = mkCase({
      schema: 'operators',
      request: {
        method: 'POST',
        path: '/rpc/x?a=eq.b c&b=%20+',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: { k: 'v' },
      },
      expect: {
        status: 200,
        status_text: 'Fine',
        headers: {
          'Content-Length': String(
            Buffer.byteLength(
              '{"target":"/rpc/x?a=eq.b%20c&b=%20+","method":"POST","profile":null,"body":"{\\"k\\":\\"v\\"}"}',
            ),
          ),
          'Set-Cookie': 'a=1\nb=2',
        },
        body_exact: { target: '/rpc/x?a=eq.b%20c&b=%20+', method: 'POST', profile: null, body: '{"k":"v"}' },
      },
    });
    const run = await runCase(c, ctx);
    expect(run.errors).toEqual([]);
    const last = seen.at(-1)!;
    expect(last.headers['content-profile']).toBe('operators');
    expect(last.headers['accept-encoding']).toBeUndefined();
    expect(last.headers['content-length']).toBe('9');
    expect(last.config.dbSchemas).toEqual(['operators']);
  });

  it('reuses instances per config and reports engine throws and unsupported shapes as failures', async () => {
    const before = configs.length;
    await runCase(mkCase({ schema: 'operators' }), ctx);
    expect(configs.length).toBe(before);
    const thrown = await runCase(mkCase({ request: { method: 'GET', path: '/throw' } }), ctx);
    expect(thrown.errors[0]).toMatch(/expected 200, got 599/);
    const cli = await runCase(
      mkCase({ request: { kind: 'cli', flag: '--ready' }, expect: { exit_code: 0 } }),
      ctx,
    );
    expect(cli.errors).toEqual(['unsupported: kind: cli (--ready)']);
    const noStatus = await runCase(mkCase({ expect: { body_exact: [] } }), ctx);
    expect(noStatus.errors[0]).toMatch(/^unsupported/);
  });

  it('reports an instance that fails to start', async () => {
    const broken = new InstancePool({} as Db, async () => {
      throw new Error('schema "nope" does not exist');
    });
    const run = await runCase(mkCase({ schema: 'nope' }), { ...ctx, pool: broken });
    expect(run.errors).toEqual(['instance nope failed to start: schema "nope" does not exist']);
    await broken.closeAll();
    const hanging = new InstancePool(
      {} as Db,
      () => new Promise<RestApp>(() => {}),
      () => {},
      50,
    );
    const late = await runCase(mkCase({ schema: 'slow' }), { ...ctx, pool: hanging });
    expect(late.errors[0]).toMatch(/did not resolve within 50 ms/);
  });
});
