import { describe, expect, it, vi } from 'vitest';

// ra-data-postgrest's HttpError for a PostgREST error body
const restProvider = vi.hoisted(() => ({
  update: async () => {
    throw Object.assign(new Error('Order not found.'), {
      name: 'HttpError',
      status: 400,
      body: { code: 'P0001', message: 'Order not found.', details: 'order_not_found', hint: null },
    });
  },
}));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: {} } }));
vi.mock('ra-supabase', () => ({
  supabaseDataProvider: () => restProvider,
  supabaseAuthProvider: () => ({}),
}));

const { authProvider, dataProvider, mapPrefix, mapReturnQueue, mapSearch, withComputedColumns } =
  await import('@/lib/providers');
const { AdminError } = await import('@/lib/errors');
const base = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' as const } };

describe('mapReturnQueue', () => {
  it('turns the open queue into the statuses that need staff, and the age into created_at', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    expect(
      mapReturnQueue('returns', { ...base, filter: { status: 'open', older_than_days: 2 } }).filter,
    ).toEqual({
      'status@': 'in.(requested,approved,pickup_scheduled,picked_up,received)',
      'created_at@lt': '2026-11-23T10:00:00.000Z',
    });
    vi.useRealTimers();
  });

  it('keeps one status as it is, ignores no age, and leaves other resources alone', () => {
    expect(
      mapReturnQueue('returns', { ...base, filter: { status: 'requested', older_than_days: '' } }).filter,
    ).toEqual({
      status: 'requested',
    });
    expect(mapReturnQueue('orders', { ...base, filter: { status: 'open' } }).filter).toEqual({
      status: 'open',
    });
  });
});

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
    expect(mapSearch('stock_movements', { ...base, filter: { q: 'fc-0001' } }).filter).toEqual({
      'sku@ilike': 'fc-0001',
    });
  });

  it('looks in every search column of customers at once (or)', () => {
    expect(mapSearch('customers', { ...base, filter: { q: 'asha@example.in' } }).filter).toEqual({
      'or@':
        '(full_name.ilike.*asha@example*in*,email.ilike.*asha@example*in*,phone.ilike.*asha@example*in*)',
    });
  });
});

describe('mapPrefix', () => {
  it('matches the start of a pincode, not anywhere in it', () => {
    expect(mapPrefix('pincodes', { ...base, filter: { prefix: ' 560', state_code: '29' } }).filter).toEqual({
      state_code: '29',
      'pincode@': 'like.560*',
    });
  });

  it('drops PostgREST syntax, empty prefixes and resources without a prefix column', () => {
    expect(mapPrefix('pincodes', { ...base, filter: { prefix: '5*6,0)' } }).filter).toEqual({
      'pincode@': 'like.560*',
    });
    expect(mapPrefix('pincodes', { ...base, filter: { prefix: '*' } }).filter).toEqual({});
    expect(mapPrefix('products', { ...base, filter: { prefix: '5' } }).filter).toEqual({});
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

  it('asks for the variants’ reserved and available stock', () => {
    expect(computed('product_variants', { id: 3 }).meta).toEqual({
      columns: ['*', 'reserved_quantity', 'available_quantity'],
    });
  });

  it('leaves other resources and chosen columns alone', () => {
    expect(computed('products', { id: 1 })).toEqual({ id: 1 });
    expect(computed('orders', { id: 1, meta: { columns: ['id'] } }).meta).toEqual({ columns: ['id'] });
  });
});

describe('errors', () => {
  it('leave the data provider as AdminErrors', async () => {
    const failed = dataProvider.update('orders', { id: 'x', data: {}, previousData: { id: 'x' } });
    await expect(failed).rejects.toBeInstanceOf(AdminError);
    await expect(failed).rejects.toMatchObject({ kind: 'rule', status: 400, message: 'Order not found.' });
  });

  it('sign staff out when the session is over, and only then', async () => {
    const postgrest = (code: string, details: string | null = null) => ({ code, details, message: 'x' });
    for (const error of [
      postgrest('42501', 'admin_session_expired'),
      postgrest('PGRST303'),
      { status: 401, message: 'JWT expired' },
      { status: 403, code: 'session_not_found', message: 'Session not found' },
      { status: 400, name: 'AuthSessionMissingError', message: 'Auth session missing!' },
    ]) {
      await expect(authProvider.checkError(error)).rejects.toBeUndefined();
    }
    for (const error of [
      postgrest('P0001', 'unchanged'),
      postgrest('PT429', 'rate_limited'),
      postgrest('23505'),
      new TypeError('Failed to fetch'),
    ]) {
      await expect(authProvider.checkError(error)).resolves.toBeUndefined();
    }
  });
});
