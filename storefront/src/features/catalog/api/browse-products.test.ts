import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browseQueries, browseResultSchema, fetchBrowsePage } from '@/features/catalog/api/browse-products';

// A real supabase-js client whose fetch records the RPC's body and answers `answer`.
const bodies: unknown[] = [];
let answer: unknown;
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  realtime: { transport: class {} as never },
  global: {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(new URL(String(input instanceof Request ? input.url : input)).pathname).toBe(
        '/rest/v1/rpc/browse_products',
      );
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    },
  },
});
vi.mock('@/lib/get-supabase', () => ({ getSupabase: async () => client }));

const product = (id: number) => ({
  id,
  slug: `sofa-${id}`,
  name: `Sofa ${id}`,
  description: null,
  price: 24999,
  price_max: null,
  variant_count: 1,
  original_price: 38999,
  category_id: 1,
  image_url: '/images/products/sofa.webp',
  images: ['/images/products/sofa.webp'],
  dimensions: null,
  material: 'Fabric',
  color: 'Grey',
  weight: null,
  stock_quantity: 4,
  featured: false,
  in_stock: true,
  specifications: { features: ['Foam'], warranty: '1 year' },
  rating: null,
  review_count: 0,
  created_at: '2026-11-28T00:00:00Z',
  category: { id: 1, name: 'Sofas', slug: 'sofas' },
});

const result = (total: number, count: number) => ({
  category: { id: 1, name: 'Sofas', slug: 'sofas', description: 'Three-seaters' },
  total,
  items: Array.from({ length: count }, (_, i) => product(i + 1)),
  facets: [
    {
      code: 'colour',
      name: 'Colour',
      values: [{ slug: 'grey', value: 'Grey', swatch_color: '#8a8d91', count: 0, selected: true }],
    },
  ],
  price: { min: 15999, max: 64999, buckets: [{ min: 100000, max: null, count: 0 }] },
  rating: { count: 3 },
  in_stock: { count: 6 },
  applied: {
    filters: { colour: ['grey'] },
    price_min: null,
    price_max: 50000,
    min_rating: 4,
    in_stock: true,
    sort: 'newest',
  },
});

describe('browse_products', () => {
  beforeEach(() => {
    bodies.length = 0;
  });

  it('sends the listing, the filters and the page, and says whether there is another page', async () => {
    answer = result(30, 24);
    const page = await fetchBrowsePage(
      {
        categorySlug: 'sofas',
        state: {
          filters: { colour: ['grey'] },
          priceMax: 50000,
          minRating: 4,
          inStock: true,
          sort: 'price-asc',
        },
      },
      0,
    );
    expect(bodies[0]).toEqual({
      category_slug: 'sofas',
      filters: { colour: ['grey'] },
      price_max: 50000,
      min_rating: 4,
      in_stock_only: true,
      sort: 'price-asc',
      page_offset: 0,
      page_size: 24,
    });
    expect(page.products).toHaveLength(24);
    expect(page.total).toBe(30);
    expect(page.nextOffset).toBe(24);
    expect(page.facets[0]?.values[0]).toMatchObject({ slug: 'grey', count: 0, selected: true });

    answer = result(30, 6);
    expect(
      (await fetchBrowsePage({ search: 'sofa', state: { filters: {}, inStock: false } }, 24)).nextOffset,
    ).toBeNull();
    expect(bodies[1]).toMatchObject({ search: 'sofa', page_offset: 24 });
  });

  it('reads a category that does not exist (only category null, no items)', () => {
    const parsed = browseResultSchema.parse({ category: null, total: 0, items: [], facets: [] });
    expect(parsed.applied).toBeUndefined();
    expect(parsed.price).toBeUndefined();
  });

  it('refuses an answer of another shape instead of rendering undefined', async () => {
    answer = { ...result(1, 1), items: [{ ...product(1), price: '24999' }] };
    await expect(fetchBrowsePage({ state: { filters: {}, inStock: false } }, 0)).rejects.toThrow();
    expect(() => browseResultSchema.parse({ ...result(1, 0), facets: [{ code: 'colour' }] })).toThrow();
  });

  it('keys a listing by what it shows, never by the page', () => {
    const a = browseQueries.pages({ categorySlug: 'sofas', state: { filters: {}, inStock: false } });
    expect(a.queryKey).toEqual([
      'products',
      'browse',
      { categorySlug: 'sofas', state: { filters: {}, inStock: false } },
      24,
    ]);
  });
});
