import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProduct, fetchProducts } from '@/features/catalog/api/products';

// A real supabase-js client whose fetch answers with `rows` and records the URL it was asked for.
const requests: URL[] = [];
let rows = 0;
/** When set, every answer is this body (the product page's one row). */
let answer: unknown = undefined;
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  // Node 20 has no WebSocket; these tests never open a realtime channel.
  realtime: { transport: class {} as never },
  global: {
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      requests.push(url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const body = answer ?? Array.from({ length: rows }, (_, i) => ({ id: offset + i + 1, price: '1000' }));
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    },
  },
});
vi.mock('@/lib/get-supabase', () => ({ getSupabase: async () => client }));

const last = () => requests.at(-1)!.searchParams;

describe('product lists never ask for the whole catalog', () => {
  beforeEach(() => {
    requests.length = 0;
  });

  it('short lists send their limit (related products: 4 shown + the product itself)', async () => {
    rows = 5;
    await fetchProducts({ categoryId: 2, limit: 5 });
    expect(last().get('limit')).toBe('5');
    expect(last().get('offset')).toBeNull();
  });

  it('cards learn whether a product has options from its variant_count, without an embed per card', async () => {
    rows = 1;
    await fetchProducts({ featured: true, limit: 8 });
    expect(last().get('select')).toMatch(/(^|,)variant_count(,|$)/);
    expect(last().get('select')).not.toContain('product_variants');
    expect(last().get('limit')).toBe('8');
  });
});

describe('the product page', () => {
  it('is one request: the product with its category, options with values and variants with their stock', async () => {
    const v = (id: number, position: number) => ({ id, position, option_values: [] });
    answer = {
      id: 1,
      options: [
        { id: 2, position: 1, values: [] },
        {
          id: 1,
          position: 0,
          values: [
            { id: 5, position: 1 },
            { id: 4, position: 0 },
          ],
        },
      ],
      variants: [v(12, 2), v(10, 0), v(11, 1)],
    };
    requests.length = 0;
    const product = await fetchProduct('aarav-sofa');
    answer = undefined;
    expect(requests).toHaveLength(1);
    const select = last().get('select')!;
    expect(last().get('slug')).toBe('eq.aarav-sofa');
    expect(select).toContain('category:categories(id,name,slug)');
    expect(select).toContain(
      'options:product_options(id,name,position,values:product_option_values(id,value,swatch_color,swatch_image,position))',
    );
    expect(select).toMatch(/variants:product_variants\([^)]*available_quantity/);
    expect(select).toContain('option_values:variant_option_values(option_id,value_id)');
    // Shown in their positions, whatever order the rows came in.
    expect(product!.options.map((o) => o.id)).toEqual([1, 2]);
    expect(product!.options[0]!.values.map((x) => x.id)).toEqual([4, 5]);
    expect(product!.variants.map((x) => x.id)).toEqual([10, 11, 12]);
  });
});
