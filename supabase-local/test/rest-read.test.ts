/**
 * @supabase/supabase-js against supabase-local's REST layer, over HTTP — reads: select and embedding, filters, order/range/limit/counts, single and maybeSingle, csv. The store's query
 * shapes on its schema in miniature (support/rest-store.ts). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ids, expectError, expectOk, useStore } from './support/rest-store.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

forEachDbKind('supabase-js', (backend) => {
  const store = useStore(backend);
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(() => {
    ({ anon, service } = store.clients());
  });

  describe('select and embedding', () => {
    it('selects columns with exact values and types (numeric, arrays, jsonb, nulls)', async () => {
      const res = await anon
        .from('products')
        .select('id, name, price, original_price, stock, featured, tags, specs')
        .eq('id', 2);
      expectOk(res);
      expect(res.data).toEqual([
        {
          id: 2,
          name: 'Nordic Loveseat',
          price: 32999.5,
          original_price: null,
          stock: 0,
          featured: false,
          tags: ['sofa', 'leather'],
          specs: { material: 'leather', seats: 2, color: 'brown' },
        },
      ]);
    });

    it('select * returns every column including the generated tsvector', async () => {
      const res = await anon.from('products').select('*').eq('id', 5).single();
      expectOk(res);
      const row = res.data as Record<string, unknown>;
      expect(Object.keys(row).sort()).toEqual(
        [
          'category_id',
          'description',
          'featured',
          'id',
          'name',
          'original_price',
          'price',
          'search',
          'slug',
          'specs',
          'stock',
          'tags',
        ].sort(),
      );
      // PostgREST sends a tsvector as its text form
      expect(row['search']).toBe("'coffe':2,6 'round':4 'tabl':3,7 'walnut':1,5");
      expect(row['price']).toBe(18999);
    });

    it('aliases and casts', async () => {
      const res = await anon
        .from('products')
        .select('productName:name, price_text:price::text, slug')
        .in('id', [1, 2])
        .order('id');
      expectOk(res);
      expect(res.data).toEqual([
        { productName: 'Oslo Sofa', price_text: '45999.00', slug: 'oslo-sofa' },
        { productName: 'Nordic Loveseat', price_text: '32999.50', slug: 'nordic-loveseat' },
      ]);
    });

    it('embeds a to-one relationship (and null when the FK is null), with an alias', async () => {
      const res = await anon
        .from('products')
        .select('id, name, category:categories(slug, name)')
        .in('id', [1, 7])
        .order('id');
      expectOk(res);
      expect(res.data).toEqual([
        { id: 1, name: 'Oslo Sofa', category: { slug: 'sofas', name: 'Sofas' } },
        { id: 7, name: 'Arc Floor Lamp', category: null },
      ]);
    });

    it('embeds a to-many relationship, ordered and limited inside the embed (referencedTable)', async () => {
      const res = await anon
        .from('categories')
        .select('slug, products(id, price)')
        .order('id')
        .order('price', { referencedTable: 'products', ascending: false })
        .limit(1, { referencedTable: 'products' });
      expectOk(res);
      expect(res.data).toEqual([
        { slug: 'sofas', products: [{ id: 1, price: 45999 }] },
        { slug: 'chairs', products: [{ id: 4, price: 12999 }] },
        { slug: 'tables', products: [{ id: 6, price: 38999 }] },
        { slug: 'beds', products: [] },
        { slug: 'lamps', products: [] },
      ]);
    });

    it('embeds through two levels (orders → order_items → products) as the service role', async () => {
      const res = await service
        .from('orders')
        .select('id, items:order_items(quantity, unit_price, product:products(slug))')
        .eq('id', 2)
        .single();
      expectOk(res);
      expect(res.data).toEqual({
        id: 2,
        items: [{ quantity: 2, unit_price: 7499, product: { slug: 'teak-dining-chair' } }],
      });
    });

    it('!inner embed with a filter on the embedded table filters the parents', async () => {
      const res = await anon
        .from('products')
        .select('id, categories!inner(slug)')
        .eq('categories.slug', 'chairs')
        .order('id');
      expectOk(res);
      expect(res.data).toEqual([
        { id: 3, categories: { slug: 'chairs' } },
        { id: 4, categories: { slug: 'chairs' } },
      ]);
    });

    it('a filter on a (non-inner) to-many embed filters only the embedded rows', async () => {
      const res = await anon
        .from('categories')
        .select('slug, products(id)')
        .eq('products.featured', true)
        .lte('id', 4)
        .order('id');
      expectOk(res);
      expect(res.data).toEqual([
        { slug: 'sofas', products: [{ id: 1 }] },
        { slug: 'chairs', products: [{ id: 3 }] },
        { slug: 'tables', products: [{ id: 5 }] },
        { slug: 'beds', products: [] },
      ]);
    });

    it('!inner on a to-many embed drops parents without matches; the FK-hinted form works too', async () => {
      const res = await anon.from('categories').select('slug, products!inner(id)').order('id');
      expectOk(res);
      expect((res.data as { slug: string }[]).map((r) => r.slug)).toEqual(['sofas', 'chairs', 'tables']);
      const hinted = await anon
        .from('products')
        .select('id, cat:categories!products_category_id_fkey(slug)')
        .eq('id', 3)
        .single();
      expectOk(hinted);
      expect(hinted.data).toEqual({ id: 3, cat: { slug: 'chairs' } });
    });

    it('spreads a to-one embed', async () => {
      const res = await anon
        .from('products')
        .select('id, ...categories(category_name:name)')
        .eq('id', 4)
        .single();
      expectOk(res);
      expect(res.data).toEqual({ id: 4, category_name: 'Chairs' });
    });
  });

  describe('filters', () => {
    type ProductQuery = ReturnType<ReturnType<SupabaseClient['from']>['select']>;
    async function productIds(build: (q: ProductQuery) => ProductQuery): Promise<number[]> {
      const res = await build(anon.from('products').select('id')).order('id');
      expectOk(res);
      return ids(res.data);
    }

    it('eq / neq (neq leaves NULLs out, as SQL does)', async () => {
      expect(await productIds((q) => q.eq('featured', true))).toEqual([1, 3, 5]);
      expect(await productIds((q) => q.neq('category_id', 1))).toEqual([3, 4, 5, 6]);
      expect(await productIds((q) => q.eq('slug', 'arc-floor-lamp'))).toEqual([7]);
    });

    it('gt / lt / gte / lte on numeric and int', async () => {
      expect(await productIds((q) => q.gt('price', 30000))).toEqual([1, 2, 6]);
      expect(await productIds((q) => q.lt('stock', 5))).toEqual([2, 6]);
      expect(await productIds((q) => q.gte('price', 38999))).toEqual([1, 6]);
      expect(await productIds((q) => q.lte('price', 7499))).toEqual([3, 7]);
      expect(await productIds((q) => q.gt('price', 32999.49).lt('price', 32999.51))).toEqual([2]);
    });

    it('like / ilike (case), with % and _ wildcards', async () => {
      expect(await productIds((q) => q.like('name', '%Chair'))).toEqual([3, 4]);
      expect(await productIds((q) => q.like('name', '%chair'))).toEqual([]);
      expect(await productIds((q) => q.ilike('name', '%TABLE%'))).toEqual([5, 6]);
      expect(await productIds((q) => q.like('slug', 'oslo_sof_'))).toEqual([1]);
    });

    it('in (numbers, strings, values with commas and spaces)', async () => {
      expect(await productIds((q) => q.in('id', [2, 4, 99]))).toEqual([2, 4]);
      expect(await productIds((q) => q.in('name', ['Oslo Sofa', 'a,b', 'x(y)', 'Arc Floor Lamp']))).toEqual([
        1, 7,
      ]);
      expect(await productIds((q) => q.in('id', []))).toEqual([]);
    });

    it('in with a value containing a double quote (sent unquoted by postgrest-js: the quote is literal)', async () => {
      // postgrest-js quotes only values with , ( or ) → name=in.(12" Lamp,Arc Floor Lamp). PostgREST's
      // pListElement reads a " as an opening quote only at the start of an element.
      expect(await productIds((q) => q.in('name', ['12" Lamp', 'Arc Floor Lamp']))).toEqual([7]);
    });

    it('is null / not is null / is true', async () => {
      expect(await productIds((q) => q.is('category_id', null))).toEqual([7]);
      expect(await productIds((q) => q.not('original_price', 'is', null))).toEqual([1, 3, 5]);
      expect(await productIds((q) => q.is('featured', true))).toEqual([1, 3, 5]);
    });

    it('contains / containedBy / overlaps on text[] and jsonb', async () => {
      expect(await productIds((q) => q.contains('tags', ['wood']))).toEqual([3, 5]);
      expect(await productIds((q) => q.contains('tags', ['wood', 'living']))).toEqual([5]);
      expect(await productIds((q) => q.contains('specs', { material: 'teak' }))).toEqual([3]);
      expect(await productIds((q) => q.containedBy('tags', ['chair', 'wood', 'dining', 'office']))).toEqual([
        3, 4,
      ]);
      expect(await productIds((q) => q.overlaps('tags', ['glass', 'leather']))).toEqual([2, 6]);
    });

    it('textSearch: to_tsquery, plain, phrase and websearch, with a config', async () => {
      expect(await productIds((q) => q.textSearch('search', 'dining', { config: 'english' }))).toEqual([
        3, 6,
      ]);
      expect(
        await productIds((q) => q.textSearch('search', "'dining' & 'table'", { config: 'english' })),
      ).toEqual([6]);
      expect(
        await productIds((q) =>
          q.textSearch('search', 'leather loveseat', { type: 'plain', config: 'english' }),
        ),
      ).toEqual([2]);
      expect(
        await productIds((q) =>
          q.textSearch('search', 'coffee table', { type: 'phrase', config: 'english' }),
        ),
      ).toEqual([5]);
      expect(
        await productIds((q) =>
          q.textSearch('search', 'chair -office', { type: 'websearch', config: 'english' }),
        ),
      ).toEqual([3]);
      expect(await productIds((q) => q.textSearch('search', 'chairs'))).toEqual([3, 4]);
    });

    it('or (flat and nested with and), not, match, filter', async () => {
      expect(await productIds((q) => q.or('stock.eq.0,price.lt.5000'))).toEqual([2, 7]);
      expect(await productIds((q) => q.or('and(featured.eq.true,price.lt.20000),id.eq.2'))).toEqual([
        2, 3, 5,
      ]);
      expect(await productIds((q) => q.or('tags.cs.{glass},name.ilike.*oslo*'))).toEqual([1, 6]);
      expect(await productIds((q) => q.not('name', 'like', '%Chair%'))).toEqual([1, 2, 5, 6, 7]);
      expect(await productIds((q) => q.not('id', 'in', '(1,2,3)'))).toEqual([4, 5, 6, 7]);
      expect(await productIds((q) => q.match({ category_id: 2, featured: true }))).toEqual([3]);
      expect(await productIds((q) => q.filter('tags', 'cs', '{sofa}'))).toEqual([1, 2]);
      expect(await productIds((q) => q.filter('price', 'not.gt', '20000'))).toEqual([3, 4, 5, 7]);
      expect(await productIds((q) => q.or('featured.eq.true,stock.gt.30').eq('category_id', 1))).toEqual([1]);
    });

    it('filters on JSON paths (->> text, -> jsonb)', async () => {
      expect(await productIds((q) => q.eq('specs->>material', 'walnut'))).toEqual([5]);
      expect(await productIds((q) => q.gt('specs->seats', 2))).toEqual([1, 6]);
      const res = await anon
        .from('products')
        .select('id, material:specs->>material, seats:specs->seats')
        .in('id', [1, 3])
        .order('id');
      expectOk(res);
      expect(res.data).toEqual([
        { id: 1, material: 'fabric', seats: 3 },
        { id: 3, material: 'teak', seats: null },
      ]);
    });

    it('an or filter inside an embed (referencedTable)', async () => {
      const res = await anon
        .from('categories')
        .select('slug, products(id)')
        .or('stock.eq.0,price.gt.40000', { referencedTable: 'products' })
        .order('id', { referencedTable: 'products' })
        .in('slug', ['sofas', 'chairs']);
      expectOk(res);
      expect(res.data).toEqual([
        { slug: 'sofas', products: [{ id: 1 }, { id: 2 }] },
        { slug: 'chairs', products: [] },
      ]);
    });
  });

  describe('order, range, limit, counts', () => {
    it('orders ascending, descending, with nullsFirst and nullsLast and several keys', async () => {
      let res = await anon.from('products').select('id').order('price', { ascending: false });
      expectOk(res);
      expect(ids(res.data)).toEqual([1, 6, 2, 5, 4, 3, 7]);
      res = await anon
        .from('products')
        .select('id')
        .order('original_price', { ascending: true, nullsFirst: true })
        .order('id');
      expect(ids(res.data)).toEqual([2, 4, 6, 7, 3, 5, 1]);
      res = await anon
        .from('products')
        .select('id')
        .order('original_price', { ascending: false, nullsFirst: false })
        .order('id');
      expect(ids(res.data)).toEqual([1, 5, 3, 2, 4, 6, 7]);
      // PostgreSQL's default: descending puts NULLs first
      res = await anon
        .from('products')
        .select('id')
        .order('category_id', { ascending: false })
        .order('id', { ascending: false });
      expect(ids(res.data)).toEqual([7, 6, 5, 4, 3, 2, 1]);
      const cats = await anon
        .from('categories')
        .select('slug')
        .order('sort_order', { ascending: true, nullsFirst: true })
        .order('slug');
      expect(cats.data?.map((r) => r.slug)).toEqual(['beds', 'lamps', 'sofas', 'chairs', 'tables']);
    });

    it('range with count exact: the page, the total and 206', async () => {
      const res = await anon.from('products').select('id', { count: 'exact' }).order('id').range(2, 4);
      expectOk(res, 206);
      expect(ids(res.data)).toEqual([3, 4, 5]);
      expect(res.count).toBe(7);
      const last = await anon.from('products').select('id', { count: 'exact' }).order('id').range(5, 9);
      expectOk(last, 206);
      expect(ids(last.data)).toEqual([6, 7]);
      expect(last.count).toBe(7);
      const all = await anon.from('products').select('id', { count: 'exact' }).order('id').range(0, 6);
      expectOk(all, 200);
      expect(all.count).toBe(7);
    });

    it('count exact respects filters; range past the end is 416 PGRST103', async () => {
      const res = await anon
        .from('products')
        .select('id', { count: 'exact' })
        .eq('category_id', 2)
        .order('id')
        .range(0, 0);
      expectOk(res, 206);
      expect(ids(res.data)).toEqual([3]);
      expect(res.count).toBe(2);
      const past = await anon.from('products').select('id', { count: 'exact' }).order('id').range(10, 12);
      const e = expectError(past, 416, 'PGRST103', 'Requested range not satisfiable');
      expect(e['details']).toBe('An offset of 10 was requested, but there are only 7 rows.');
    });

    it('limit, and offset through range without count', async () => {
      let res = await anon.from('products').select('id').order('price', { ascending: false }).limit(2);
      expectOk(res);
      expect(ids(res.data)).toEqual([1, 6]);
      res = await anon.from('products').select('id').order('id').range(6, 10);
      expectOk(res);
      expect(ids(res.data)).toEqual([7]);
      expect(res.count).toBeNull();
    });

    it('head: true with count exact gives the count and no body', async () => {
      const res = await anon
        .from('products')
        .select('*', { count: 'exact', head: true })
        .eq('featured', true);
      expectOk(res);
      expect(res.data).toBeNull();
      expect(res.count).toBe(3);
      const none = await anon.from('products').select('*', { count: 'exact', head: true }).eq('id', 999);
      expectOk(none);
      expect(none.count).toBe(0);
    });
  });

  describe('single and maybeSingle', () => {
    it('single() returns the object', async () => {
      const res = await anon.from('categories').select('id, slug, sort_order').eq('slug', 'beds').single();
      expectOk(res);
      expect(res.data).toEqual({ id: 4, slug: 'beds', sort_order: null });
    });

    it('single() with 0 rows: 406 PGRST116', async () => {
      const res = await anon.from('categories').select('id').eq('slug', 'nope').single();
      const e = expectError(res, 406, 'PGRST116', 'Cannot coerce the result to a single JSON object');
      expect(e['details']).toBe('The result contains 0 rows');
      expect(e['hint']).toBeNull();
    });

    it('single() with 2 rows: 406 PGRST116', async () => {
      const res = await anon.from('categories').select('id').in('slug', ['sofas', 'chairs']).single();
      const e = expectError(res, 406, 'PGRST116', 'Cannot coerce the result to a single JSON object');
      expect(e['details']).toBe('The result contains 2 rows');
    });

    it('maybeSingle(): one row → object, none → null without error, two → PGRST116', async () => {
      const one = await anon.from('categories').select('slug').eq('id', 2).maybeSingle();
      expectOk(one);
      expect(one.data).toEqual({ slug: 'chairs' });
      const none = await anon.from('categories').select('slug').eq('id', 999).maybeSingle();
      expectOk(none);
      expect(none.data).toBeNull();
      const two = await anon.from('categories').select('slug').lte('id', 2).maybeSingle();
      const e = expectError(two, 406, 'PGRST116');
      expect(e['details']).toBe('Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row');
    });

    it('single() on an insert returning the new row', async () => {
      const res = await service
        .from('categories')
        .insert({ slug: 'single-insert', name: 'Single' })
        .select('slug, name')
        .single();
      expectOk(res, 201);
      expect(res.data).toEqual({ slug: 'single-insert', name: 'Single' });
      await service.from('categories').delete().eq('slug', 'single-insert');
    });
  });

  describe('csv', () => {
    it('csv() returns a header line and one line per row, NULL as empty, quoting as needed', async () => {
      const res = await anon
        .from('products')
        .select('id, slug, original_price')
        .in('id', [1, 2])
        .order('id')
        .csv();
      expectOk(res);
      expect(res.data).toBe('id,slug,original_price\n1,oslo-sofa,52999.00\n2,nordic-loveseat,');
      const quoted = await anon.from('products').select('name, tags').eq('id', 1).csv();
      expectOk(quoted);
      // fields are quoted as in a record's text form (PostgREST strips the parens of row::text)
      expect(quoted.data).toBe('name,tags\n"Oslo Sofa","{sofa,fabric,living}"');
    });
  });
});
