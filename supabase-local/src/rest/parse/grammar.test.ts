import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseList, parseLogicTree, parseOpExpr, parseOrder, parseSelect } from './grammar.ts';
import { decodeQuery, parseQueryParams } from './query-params.ts';
import type { JsonStep } from './types.ts';

describe('select', () => {
  it.each([
    ['*', [{ kind: 'star' }]],
    [
      'id,name',
      [
        { kind: 'column', field: { name: 'id', json: [] } },
        { kind: 'column', field: { name: 'name', json: [] } },
      ],
    ],
    ['myId:id::text', [{ kind: 'column', field: { name: 'id', json: [] }, alias: 'myId', cast: 'text' }]],
    [
      'data->a->>b',
      [
        {
          kind: 'column',
          field: {
            name: 'data',
            json: [
              { arrow: '->', key: 'a', index: false },
              { arrow: '->>', key: 'b', index: false },
            ],
          },
        },
      ],
    ],
    ['count()', [{ kind: 'count' }]],
    [
      'total:price.sum()',
      [{ kind: 'column', field: { name: 'price', json: [] }, alias: 'total', aggregate: 'sum' }],
    ],
  ])('%s', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected);
  });

  it('parses embeds with alias, hint, join type and spread', () => {
    expect(parseSelect('id,c:clients!client_fk!inner(name),...owner(id)')).toEqual([
      { kind: 'column', field: { name: 'id', json: [] } },
      {
        kind: 'embed',
        name: 'clients',
        alias: 'c',
        hint: 'client_fk',
        joinType: 'inner',
        spread: false,
        select: [{ kind: 'column', field: { name: 'name', json: [] } }],
      },
      {
        kind: 'embed',
        name: 'owner',
        spread: true,
        select: [{ kind: 'column', field: { name: 'id', json: [] } }],
      },
    ]);
  });

  it('keeps quoted names with reserved characters', () => {
    expect(parseSelect('"a.b,c"')).toEqual([{ kind: 'column', field: { name: 'a.b,c', json: [] } }]);
  });

  it('reports Parsec-style errors with a column', () => {
    try {
      parseSelect('data->>--34');
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).body()).toEqual({
        code: 'PGRST100',
        message: '"failed to parse select parameter (data->>--34)" (line 1, column 9)',
        details: 'unexpected "-" expecting digit',
        hint: null,
      });
    }
  });
});

describe('operators', () => {
  it.each([
    ['eq.5', { negated: false, expr: { kind: 'op', op: 'eq', value: '5' } }],
    ['not.like.*yx', { negated: true, expr: { kind: 'op', op: 'like', value: '*yx' } }],
    ['in.(1,"a,b", c )', { negated: false, expr: { kind: 'in', values: ['1', 'a,b', 'c'] } }],
    ['is.NULL', { negated: false, expr: { kind: 'is', value: 'null' } }],
    [
      'fts(french).amusant',
      { negated: false, expr: { kind: 'fts', op: 'fts', lang: 'french', value: 'amusant' } },
    ],
    ['eq(any).{1,2}', { negated: false, expr: { kind: 'op', op: 'eq', quant: 'any', value: '{1,2}' } }],
  ])('%s', (input, expected) => {
    expect(parseOpExpr(input)).toEqual(expected);
  });

  it('returns null for text without an operator (RPC arguments by GET)', () => {
    expect(parseOpExpr('5')).toBeNull();
    expect(parseOpExpr('hello.world')).toBeNull();
  });

  it('parses empty and spaced in-lists', () => {
    expect(parseList('()')).toEqual([]);
    expect(parseList('(    )')).toEqual([]);
  });
});

describe('logic trees', () => {
  it('nests and negates', () => {
    expect(parseLogicTree('or', '(id.eq.1,not.and(a.gt.2,b.is.null))')).toEqual({
      kind: 'expr',
      negated: false,
      op: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'id', json: [] },
            negated: false,
            expr: { kind: 'op', op: 'eq', value: '1' },
          },
        },
        {
          kind: 'expr',
          negated: true,
          op: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'a', json: [] },
                negated: false,
                expr: { kind: 'op', op: 'gt', value: '2' },
              },
            },
            {
              kind: 'filter',
              filter: { field: { name: 'b', json: [] }, negated: false, expr: { kind: 'is', value: 'null' } },
            },
          ],
        },
      ],
    });
  });

  it('rejects an empty tree like PostgREST', () => {
    expect(() => parseLogicTree('or', '()')).toThrowError(
      '"failed to parse logic tree (())" (line 1, column 4)',
    );
  });
});

describe('order', () => {
  it('parses directions, nulls and related columns', () => {
    expect(parseOrder('a.desc.nullslast,clients(name).asc')).toEqual([
      { field: { name: 'a', json: [] }, direction: 'desc', nulls: 'last' },
      { relation: 'clients', field: { name: 'name', json: [] }, direction: 'asc' },
    ]);
  });

  const col = (name: string, ...json: JsonStep[]) => ({ name, json });
  const key = (arrow: '->' | '->>', k: string, index = false): JsonStep => ({ arrow, key: k, index });

  // PostgREST's doctests of pOrder and pJsonPath (src/PostgREST/ApiRequest/QueryParams.hs)
  it.each([
    ['name.desc.nullsfirst', [{ field: col('name'), direction: 'desc', nulls: 'first' }]],
    [
      'json_col->key.asc.nullslast',
      [{ field: col('json_col', key('->', 'key')), direction: 'asc', nulls: 'last' }],
    ],
    [
      'json_col->!@#$%^&*_a.asc.nullslast',
      [{ field: col('json_col', key('->', '!@#$%^&*_a')), direction: 'asc', nulls: 'last' }],
    ],
    [
      'clients(json_col->key).desc.nullsfirst',
      [{ relation: 'clients', field: col('json_col', key('->', 'key')), direction: 'desc', nulls: 'first' }],
    ],
    [
      'name,clients(name),id',
      [{ field: col('name') }, { relation: 'clients', field: col('name') }, { field: col('id') }],
    ],
    ['data->0.desc', [{ field: col('data', key('->', '0', true)), direction: 'desc' }]],
    ['data->>-1,id', [{ field: col('data', key('->>', '-1', true)) }, { field: col('id') }]],
    ['"a.b".desc', [{ field: col('a.b'), direction: 'desc' }]],
    ['my-col , id', [{ field: col('my-col') }, { field: col('id') }]],
  ])('%s', (input, expected) => {
    expect(parseOrder(input)).toEqual(expected);
  });

  it.each([
    [
      'clients(name,id)',
      8,
      `unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`,
    ],
    ['id.ac', 4, 'unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.descc', 8, `unexpected 'c' expecting delimiter (.), "," or end of input`],
    ['id.nulsfist', 4, 'unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.nullslasttt', 13, `unexpected 't' expecting "," or end of input`],
    ['id.smth34', 4, 'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"'],
    ['id.asc.nlsfst', 8, 'unexpected "l" expecting "nullsfirst" or "nullslast"'],
    ['id.asc.nullslasttt', 17, `unexpected 't' expecting "," or end of input`],
    ['id.asc.smth34', 8, 'unexpected "s" expecting "nullsfirst" or "nullslast"'],
    // pJsonPath's doctests, shifted by the column name
    ['c->>-78xy', 8, `unexpected 'x' expecting digit, "->", "::", ".", "," or end of input`],
    ['c->>--34', 6, 'unexpected "-" expecting digit'],
    ['c->>-xy-4', 6, 'unexpected "x" expecting digit'],
    ['a,', 3, 'unexpected end of input expecting field name (* or [a..z0..9_$])'],
    // a character outside ASCII is shown as Haskell's show does
    ['id.descé', 8, `unexpected '\\233' expecting delimiter (.), "," or end of input`],
  ])('%s: column %i, %s', (input, column, details) => {
    let caught: unknown;
    try {
      parseOrder(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).body()).toEqual({
      code: 'PGRST100',
      message: `"failed to parse order (${input})" (line 1, column ${column})`,
      details,
      hint: null,
    });
  });
});

describe('query params', () => {
  it('a bare `order` is ignored; `order=` is parsed and fails (QueryParams.hs nonemptyParams)', () => {
    expect(parseQueryParams('order&select=id', false).order.size).toBe(0);
    expect(() => parseQueryParams('order=&select=id', false)).toThrow(
      expect.objectContaining({
        code: 'PGRST100',
        message: '"failed to parse order ()" (line 1, column 1)',
        details: 'unexpected end of input expecting field name (* or [a..z0..9_$])',
      }),
    );
  });

  it('decodes + as space and keeps malformed escapes', () => {
    expect(decodeQuery('name=eq.a+b&x=%zz')).toEqual([
      ['name', 'eq.a b'],
      ['x', '%zz'],
    ]);
  });

  it('groups filters, order and ranges by embed path', () => {
    const qp = parseQueryParams(
      'select=id,tasks(id)&tasks.order=id.desc&tasks.limit=2&id=gt.1&offset=-3',
      false,
    );
    expect([...qp.filters.keys()]).toEqual(['']);
    expect(qp.order.get('tasks')).toEqual([{ field: { name: 'id', json: [] }, direction: 'desc' }]);
    expect(qp.ranges.get('tasks')).toEqual({ offset: 0, limit: 2 });
    expect(qp.ranges.get('')).toEqual({ offset: 0 });
  });

  it('treats operator-less params as RPC arguments, and as errors on tables', () => {
    expect(parseQueryParams('a=1&b=gt.2', true).params).toEqual([['a', '1']]);
    expect(() => parseQueryParams('a=1', false)).toThrow(ApiError);
  });
});
