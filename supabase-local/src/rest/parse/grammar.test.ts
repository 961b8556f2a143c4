import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseList, parseLogicTree, parseOpExpr, parseOrder, parseSelect } from './grammar.ts';
import { decodeQuery, parseQueryParams } from './query-params.ts';

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
});

describe('query params', () => {
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
