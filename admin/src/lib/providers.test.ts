import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} } }));
vi.mock('ra-supabase', () => ({ supabaseDataProvider: () => ({}), supabaseAuthProvider: () => ({}) }));

const { mapSearch, withComputedColumns } = await import('@/lib/providers');
const base = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' as const } };

describe('mapSearch', () => {
  it('turns q into one ilike pattern of the words in order', () => {
    expect(mapSearch('products', { ...base, filter: { q: ' teak  stool ', category_id: 2 } }).filter).toEqual(
      {
        category_id: 2,
        'name@ilike': 'teak*stool',
      },
    );
  });

  it('drops PostgREST syntax characters and empty searches', () => {
    expect(mapSearch('orders', { ...base, filter: { q: 'ORD(1),*' } }).filter).toEqual({
      'order_number@ilike': 'ORD*1',
    });
    expect(mapSearch('products', { ...base, filter: { q: '  ' } }).filter).toEqual({});
    expect(mapSearch('order_items', { ...base, filter: { q: 'x' } }).filter).toEqual({});
  });
});

describe('withComputedColumns', () => {
  type Params = { id?: string | number; filter?: object; meta?: Record<string, unknown> };
  const computed = (resource: string, params: Params) => withComputedColumns(resource, params);

  it('asks for the orders’ allowed_transitions alongside every column', () => {
    expect(computed('orders', { ...base, filter: {} }).meta).toEqual({
      columns: ['*', 'allowed_transitions'],
    });
    expect(computed('orders', { id: 'x', meta: { embed: ['order_items'] } }).meta).toEqual({
      embed: ['order_items'],
      columns: ['*', 'allowed_transitions'],
    });
  });

  it('leaves other resources and chosen columns alone', () => {
    expect(computed('products', { id: 1 })).toEqual({ id: 1 });
    expect(computed('orders', { id: 1, meta: { columns: ['id'] } }).meta).toEqual({ columns: ['id'] });
  });
});
