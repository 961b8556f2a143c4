/**
 * The families where PostgREST's behaviour is subtle, checked against PostgREST's own source and
 * tests (PostgREST/postgrest: src/PostgREST/ApiRequest/QueryParams.hs, ApiRequest/Payload.hs,
 * Plan.hs, Query/SqlFragment.hs, Error.hs; test/spec/Feature/Query/QuerySpec.hs, JsonOperatorSpec.hs,
 * RpcSpec.hs, whose fixtures the schema below copies): order parsing errors (message and column),
 * ordering by JSON, composite and array paths, function arguments from a JSON array body, and
 * `RAISE SQLSTATE 'PGRST'`. Over HTTP, with supabase-js where it can say it, on PGlite and on
 * PostgreSQL (DATABASE_URL).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDbKind } from '../src/testing/test-db.ts';
import { supabaseClient, useRestHarness } from './support/rest-harness.ts';

const SQL = `
  -- JsonOperatorSpec's fixtures (test/spec/fixtures/schema.sql, data.sql)
  create table public.json_table (data jsonb);
  insert into public.json_table values ('{"foo":{"bar":"baz"},"id":1}'), ('{"id":3}'), ('{"id":0}');
  create type public.complex as (r double precision, i double precision);
  create table public.fav_numbers (num public.complex, person text);
  insert into public.fav_numbers values (row(0.5, 0.5), 'A'), (row(0.6, 0.6), 'B');
  create table public.arrays (id int primary key, numbers int[], numbers_mult int[][]);
  insert into public.arrays values (0, '{1,2,3}', '{{1,2,3},{4,5,6},{7,8,9}}'),
    (1, '{11,12,13}', '{{11,12,13},{14,15,16},{17,18,19}}');
  create function public.returns_complex() returns table(id int, val public.complex) language sql as $$
    select 1, row(0.1, 0.5)::public.complex union select 2, row(0.2, 0.6)::public.complex
    union select 3, row(0.3, 0.7)::public.complex $$;
  create table public.items (id int primary key, name text);
  insert into public.items values (1, 'one'), (2, 'two'), (3, 'three');

  -- functions called with a JSON array body
  create function public.add_them(a int, b int) returns int language sql as $$ select a + b $$;
  create function public.series(upto int) returns setof int language sql as $$ select generate_series(1, upto) $$;
  create function public.items_by(item_id int) returns setof public.items language sql as $$
    select * from public.items where id = item_id $$;
  create function public.echo_json(json) returns json language sql as $$ select $1 $$;

  -- RpcSpec's raise_sqlstate_* functions, the message and detail as arguments
  create function public.raise_pgrst(m text, d text default null) returns void language plpgsql as $$
  begin
    if d is null then raise sqlstate 'PGRST' using message = m;
    else raise sqlstate 'PGRST' using message = m, detail = d;
    end if;
  end $$;

  -- RpcSpec's raise_pt402 and raise_bad_pt
  create function public.raise_pt402() returns void language plpgsql as $$
  begin
    raise sqlstate 'PT402' using message = 'Payment Required', detail = 'Quota exceeded', hint = 'Upgrade your plan';
  end $$;
  create function public.raise_bad_pt() returns void language plpgsql as $$
  begin
    raise sqlstate 'PT40A' using message = 'Wrong';
  end $$;

  grant select on all tables in schema public to anon;
  grant execute on all functions in schema public to anon;
`;

interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: unknown;
}

forEachDbKind('PostgREST fidelity', (backend) => {
  const harness = useRestHarness(backend, { sql: SQL });
  let anon: SupabaseClient;
  beforeAll(() => {
    anon = supabaseClient(harness());
  });

  async function get(path: string): Promise<Answer> {
    const res = await fetch(`${harness().restUrl}${path}`, { headers: { apikey: harness().anonKey } });
    const text = await res.text();
    return { status: res.status, statusText: res.statusText, headers: res.headers, body: JSON.parse(text) };
  }

  describe('order parsing errors: PostgREST pOrder (QueryParams.hs doctests, QuerySpec.hs)', () => {
    it.each([
      ['id.asc.nullslasttt', 17, `unexpected 't' expecting "," or end of input`],
      ['id.descc', 8, `unexpected 'c' expecting delimiter (.), "," or end of input`],
      ['id.ac', 4, `unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"`],
      ['id.nullslasttt', 13, `unexpected 't' expecting "," or end of input`],
      ['id.asc.nlsfst', 8, `unexpected "l" expecting "nullsfirst" or "nullslast"`],
      [
        'items(name,id)',
        6,
        `unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`,
      ],
      ['name->>-78xy', 11, `unexpected 'x' expecting digit, "->", "::", ".", "," or end of input`],
      ['', 1, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    ])('order=%s: 400 PGRST100 at column %i', async (order, column, details) => {
      const r = await get(`/items?order=${encodeURIComponent(order)}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        code: 'PGRST100',
        details,
        hint: null,
        message: `"failed to parse order (${order})" (line 1, column ${column})`,
      });
    });

    it('a JSON key may hold any character but .,>() (pJsonKeyIdentifier)', async () => {
      const r = await get(`/json_table?order=${encodeURIComponent('data->!@#$%^&*_a.asc.nullslast')}`);
      expect(r.status).toBe(200);
    });
  });

  describe('ordering by JSON, composite and array paths (JsonOperatorSpec.hs "ordering response")', () => {
    it('a json column property, and two levels with nulls first', async () => {
      const a = await anon.from('json_table').select('data').order('data->>id');
      expect(a.error).toBeNull();
      expect(a.data).toEqual([
        { data: { id: 0 } },
        { data: { foo: { bar: 'baz' }, id: 1 } },
        { data: { id: 3 } },
      ]);
      const b = await anon.from('json_table').select('data').order('data->foo->>bar', { nullsFirst: true });
      expect(b.data).toEqual([
        { data: { id: 3 } },
        { data: { id: 0 } },
        { data: { foo: { bar: 'baz' }, id: 1 } },
      ]);
    });

    it('a composite type field (to_jsonb, as pgFmtField): num->i asc, num->>i desc', async () => {
      const asc = await anon.from('fav_numbers').select('num,person').order('num->i');
      expect(asc.error).toBeNull();
      expect(asc.data).toEqual([
        { num: { r: 0.5, i: 0.5 }, person: 'A' },
        { num: { r: 0.6, i: 0.6 }, person: 'B' },
      ]);
      const desc = await anon.from('fav_numbers').select('person').order('num->>i', { ascending: false });
      expect(desc.data).toEqual([{ person: 'B' }, { person: 'A' }]);
    });

    it('array items, one and two dimensions', async () => {
      const order = async (path: string, ascending: boolean) =>
        (await anon.from('arrays').select('id').order(path, { ascending })).data;
      expect(await order('numbers->0', false)).toEqual([{ id: 1 }, { id: 0 }]);
      expect(await order('numbers->1', true)).toEqual([{ id: 0 }, { id: 1 }]);
      expect(await order('numbers_mult->0->0', false)).toEqual([{ id: 1 }, { id: 0 }]);
      expect(await order('numbers_mult->2->2', true)).toEqual([{ id: 0 }, { id: 1 }]);
    });

    it('select and filter by composite paths too, on a function returning a composite column', async () => {
      const r = await anon
        .rpc('returns_complex')
        .select('val->r')
        .gt('val->i', 0.5)
        .order('val->>i', { ascending: false });
      expect(r.error).toBeNull();
      expect(r.data).toEqual([{ r: 0.3 }, { r: 0.2 }]);
    });
  });

  describe('function arguments from a JSON array body (Payload.hs, QueryBuilder.hs callPlanToQuery)', () => {
    it('an array of objects calls the function once per object: a scalar answers for the first', async () => {
      const r = await anon.rpc('add_them', [
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ] as never);
      expect(r.error).toBeNull();
      expect(r.data).toBe(3);
    });

    it('a function returning one value counts as one row (Content-Range 0-0/*), however many calls', async () => {
      const res = await fetch(`${harness().restUrl}/rpc/add_them`, {
        method: 'POST',
        headers: { apikey: harness().anonKey, 'content-type': 'application/json' },
        body: '[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6}]',
      });
      expect([res.status, res.headers.get('content-range'), await res.text()]).toEqual([200, '0-0/*', '3']);
    });

    it('set-returning functions answer every call’s rows', async () => {
      const s = await anon.rpc('series', [{ upto: 2 }, { upto: 3 }] as never);
      expect(s.data).toEqual([1, 2, 1, 2, 3]);
      const rows = await anon.rpc('items_by', [{ item_id: 1 }, { item_id: 3 }] as never).select('name');
      expect(rows.error).toBeNull();
      expect(rows.data).toEqual([{ name: 'one' }, { name: 'three' }]);
    });

    it('objects whose keys differ, or an array of non-objects: 400 PGRST102 "All object keys must match"', async () => {
      for (const body of [
        [{ a: 1 }, { b: 2 }],
        [1, 2],
      ]) {
        const r = await anon.rpc('add_them', body as never);
        expect(r.status).toBe(400);
        expect(r.error).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
      }
      const unnamed = await anon.rpc('echo_json', [1, 2, 3] as never);
      expect(unnamed.error).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    });

    it('Prefer: params=single-object is gone (PostgREST 13): ignored, or PGRST122 with handling=strict', async () => {
      const post = (prefer: string) =>
        fetch(`${harness().restUrl}/rpc/add_them`, {
          method: 'POST',
          headers: { apikey: harness().anonKey, 'content-type': 'application/json', prefer },
          body: '{"a":1,"b":2}',
        });
      const lenient = await post('params=single-object');
      expect([lenient.status, lenient.headers.get('preference-applied'), await lenient.text()]).toEqual([
        200,
        null,
        '3',
      ]);
      const strict = await post('handling=strict, params=single-object');
      expect([strict.status, await strict.json()]).toEqual([
        400,
        {
          code: 'PGRST122',
          details: 'Invalid preferences: params=single-object',
          hint: null,
          message: 'Invalid preferences given with handling=strict',
        },
      ]);
    });

    it('a single unnamed json parameter gets the array as it is; any other JSON value becomes []', async () => {
      const r = await anon.rpc('echo_json', [{ a: 1 }, { a: 2 }] as never);
      expect(r.data).toEqual([{ a: 1 }, { a: 2 }]);
      const s = await anon.rpc('echo_json', 'hello' as never);
      expect(s.error).toBeNull();
      expect(s.data).toEqual([]);
    });
  });

  describe('a function not found (Error.hs NoRpc, RpcSpec.hs "unknown proc args")', () => {
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${harness().restUrl}${path}`, {
        ...init,
        headers: { apikey: harness().anonKey, ...(init.headers as Record<string, string>) },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    it.each<[string, string, RequestInit, string, string]>([
      ['GET, no arguments', '/rpc/add_them', {}, 'public.add_them without parameters', ' without parameters'],
      ['GET, one argument', '/rpc/add_them?a=1', {}, 'public.add_them(a)', ' with parameter a'],
      [
        'POST JSON, keys sorted',
        '/rpc/add_them',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"z":1,"b":2,"a":3}' },
        'public.add_them(a, b, z)',
        ' with parameters a, b, z or with a single unnamed json/jsonb parameter',
      ],
    ])('%s', async (_name, path, init, fn, searched) => {
      const r = await call(path, init);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({
        code: 'PGRST202',
        message: `Could not find the function ${fn} in the schema cache`,
        details: `Searched for the function public.add_them${searched}, but no matches were found in the schema cache.`,
      });
    });

    it('POST text/plain: only a single unnamed text parameter was looked for, no hint', async () => {
      const r = await call('/rpc/add_them', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(r).toEqual({
        status: 404,
        body: {
          code: 'PGRST202',
          message: 'Could not find the function public.add_them in the schema cache',
          details:
            'Searched for the function public.add_them with a single unnamed text parameter, but no matches were found in the schema cache.',
          hint: null,
        },
      });
    });
  });

  describe(`RAISE SQLSTATE 'PGRST' (Error.hs parseRaisePGRST, RpcSpec.hs raise_sqlstate_*)`, () => {
    const raise = async (m: string, d?: string): Promise<Answer> => {
      const res = await fetch(`${harness().restUrl}/rpc/raise_pgrst`, {
        method: 'POST',
        headers: { apikey: harness().anonKey, 'content-type': 'application/json' },
        body: JSON.stringify(d === undefined ? { m } : { m, d }),
      });
      return { status: res.status, statusText: res.statusText, headers: res.headers, body: await res.json() };
    };
    const PGRST121 = `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`;
    const MESSAGE_HINT =
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
    const DETAIL_HINT =
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

    it('full control: status, reason phrase, headers and body', async () => {
      const r = await raise(
        '{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}',
        '{"status":332,"status_text":"My Custom Status","headers":{"X-Header":"str"}}',
      );
      expect([r.status, r.statusText, r.headers.get('x-header')]).toEqual([332, 'My Custom Status', 'str']);
      expect(r.body).toEqual({ code: '123', message: 'ABC', details: 'DEF', hint: 'XYZ' });
      const viaJs = await anon.rpc('raise_pgrst', {
        m: '{"code":"123","message":"ABC"}',
        d: '{"status":404,"headers":{"X-Header":"str"}}',
      });
      expect(viaJs.status).toBe(404);
      expect(viaJs.error).toMatchObject({ code: '123', message: 'ABC', details: null, hint: null });
    });

    it('PTxyz: status xyz with the message as its reason phrase; PT not followed by a number: 500', async () => {
      const pt = await get('/rpc/raise_pt402');
      expect([pt.status, pt.statusText, pt.headers.get('proxy-status')]).toEqual([
        402,
        'Payment Required',
        'PostgREST; error=PT402',
      ]);
      expect(pt.body).toEqual({
        code: 'PT402',
        details: 'Quota exceeded',
        hint: 'Upgrade your plan',
        message: 'Payment Required',
      });
      const bad = await anon.rpc('raise_bad_pt', {}, { get: true });
      expect(bad.status).toBe(500);
      expect(bad.error).toMatchObject({ code: 'PT40A', message: 'Wrong', details: null, hint: null });
    });

    it.each([
      ['MESSAGE not JSON', 'INVALID', '{"status":332,"headers":{"X-Header":"str"}}', "MESSAGE: 'INVALID'"],
      [
        'MESSAGE without code',
        '{"message":"ABC"}',
        '{"status":400,"headers":{}}',
        `MESSAGE: '{"message":"ABC"}'`,
      ],
      [
        'MESSAGE details not a string',
        '{"code":"1","message":"ABC","details":{"a":1}}',
        '{"status":400,"headers":{}}',
        `MESSAGE: '{"code":"1","message":"ABC","details":{"a":1}}'`,
      ],
    ])('%s: 500 PGRST121 naming MESSAGE', async (_name, m, d, what) => {
      const r = await raise(m, d);
      expect(r.status).toBe(500);
      expect(r.body).toEqual({
        code: 'PGRST121',
        message: PGRST121,
        details: `Invalid JSON value for ${what}`,
        hint: MESSAGE_HINT,
      });
    });

    it.each([
      ['DETAIL not JSON', 'INVALID', "Invalid JSON value for DETAIL: 'INVALID'"],
      ['DETAIL without headers', '{"status":418}', `Invalid JSON value for DETAIL: '{"status":418}'`],
      [
        'DETAIL status not a number',
        '{"status":"418","headers":{}}',
        `Invalid JSON value for DETAIL: '{"status":"418","headers":{}}'`,
      ],
      [
        'DETAIL header value not a string',
        '{"status":418,"headers":{"X-N":1}}',
        `Invalid JSON value for DETAIL: '{"status":418,"headers":{"X-N":1}}'`,
      ],
      ['DETAIL missing', undefined, 'DETAIL is missing in the RAISE statement'],
    ])('%s: 500 PGRST121 naming DETAIL', async (_name, d, details) => {
      const r = await raise('{"code":"123","message":"ABC","details":"DEF"}', d);
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ code: 'PGRST121', message: PGRST121, details, hint: DETAIL_HINT });
    });
  });
});
