import { describe, expect, it } from 'vitest';
import { sameQuery } from '@/layout/same-query';

const query = {
  filter: { status: 'shipped', 'created_at@gte': '2026-11-01' },
  sort: { field: 'created_at', order: 'DESC' },
  perPage: 10,
  displayedFilters: {},
};

describe('sameQuery', () => {
  it('is the same query whatever the keys’ order', () => {
    expect(
      sameQuery(query, {
        displayedFilters: {},
        perPage: 10,
        sort: { order: 'DESC', field: 'created_at' },
        filter: { 'created_at@gte': '2026-11-01', status: 'shipped' },
      }),
    ).toBe(true);
  });

  it('treats an undefined key as absent', () => {
    expect(
      sameQuery({ ...query, displayedFilters: undefined }, { ...query, displayedFilters: undefined }),
    ).toBe(true);
    expect(sameQuery({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });

  it('tells apart another value, another page size, an extra filter, arrays and objects', () => {
    expect(
      sameQuery(query, { ...query, filter: { status: 'delivered', 'created_at@gte': '2026-11-01' } }),
    ).toBe(false);
    expect(sameQuery(query, { ...query, perPage: 25 })).toBe(false);
    expect(sameQuery(query, { ...query, filter: { ...query.filter, payment_status: 'paid' } })).toBe(false);
    expect(sameQuery({ ids: [1, 2] }, { ids: [2, 1] })).toBe(false);
    expect(sameQuery({ ids: [1] }, { ids: { 0: 1 } })).toBe(false);
    expect(sameQuery(null, {})).toBe(false);
  });
});
