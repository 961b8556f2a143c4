/**
 * The catalog as the storefront reads it, through supabase-js over HTTP against the real
 * migrations and seed (PGlite and PostgreSQL): the spec's calls (categories by name, products newest
 * first with the joined category, one product, featured for home, related products), the category
 * counts view, the checkout's promo preview, and typo-tolerant search ("sofaa", "chiar").
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../shared/src/types/database.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachStoreServer, storeClient } from './support/store.ts';
import { setStock } from './support/variants.ts';

interface Product {
  id: number;
  name: string;
  slug: string;
  price: number;
  original_price: number | null;
  featured: boolean;
  in_stock: boolean;
  stock_quantity: number;
  rating: number | null;
  review_count: number;
  specifications: { features: string[]; warranty: string; assembly: string } | null;
  category: { id: number; name: string; slug: string } | null;
}

forEachStoreServer('catalog for the storefront', ({ server }) => {
  let anon: SupabaseClient<Database>;
  beforeAll(() => {
    anon = storeClient(server());
  });

  describe("the spec's catalog calls", () => {
    it('reads categories ordered by name', async () => {
      const { data, error } = await anon.from('categories').select('*').order('name');
      expect(error).toBeNull();
      const names = data!.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort());
      expect(names).toContain('Living Room');
    });

    it('reads products newest first with the joined category, and one product by id', async () => {
      const { data, error } = await anon
        .from('products')
        .select('*, category:categories(*)')
        .order('created_at', { ascending: false })
        .returns<Product[]>();
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(60);
      expect(data![0]!.slug).toBe('aarav-3-seater-fabric-sofa');
      expect(data![0]!.category).toMatchObject({ name: 'Sofas', slug: 'sofas' });
      const one = await anon
        .from('products')
        .select('*, category:categories(*)')
        .eq('id', data![5]!.id)
        .single<Product>();
      expect(one.data).toMatchObject({ id: data![5]!.id, review_count: expect.any(Number) });
      // The rating is the approved reviews' average, null with none (issue 20): no invented stars.
      const { rating, review_count } = one.data!;
      if (review_count === 0) expect(rating).toBeNull();
      else expect(rating).toEqual(expect.any(Number));
      expect(one.data!.specifications!.features.length).toBeGreaterThanOrEqual(3);
    });

    it('finds the first 8 featured products for home and up to 4 related products', async () => {
      const featured = await anon
        .from('products')
        .select('id, featured, category_id')
        .eq('featured', true)
        .order('created_at', { ascending: false })
        .limit(8);
      expect(featured.data).toHaveLength(8);
      const first = featured.data![0]!;
      const related = await anon
        .from('products')
        .select('id')
        .eq('category_id', first.category_id)
        .neq('id', first.id)
        .limit(4);
      expect(related.data).toHaveLength(4);
    });

    it('finds a category by its lowercased name or slug (/category/{name})', async () => {
      const byName = await anon.from('categories').select('id, slug').ilike('name', 'living room').single();
      const bySlug = await anon.from('categories').select('id, name').eq('slug', 'living-room').single();
      expect(byName.data!.id).toBe(bySlug.data!.id);
      expect(bySlug.data!.name).toBe('Living Room');
    });

    it('counts each category for /all-categories', async () => {
      const { data } = await anon
        .from('category_summaries')
        .select('slug, product_count')
        .order('sort_order');
      expect(data!.length).toBeGreaterThanOrEqual(10);
      for (const c of data!) expect(c.product_count).toBeGreaterThanOrEqual(6);
    });

    it('keeps the counts as products are added, moved and removed', async () => {
      const db = server().db;
      const count = async (slug: string) =>
        (await anon.from('category_summaries').select('product_count').eq('slug', slug).single()).data!
          .product_count!;
      const ids = async (slug: string) =>
        Number(
          (await db.query<{ id: string }>(`select id from public.categories where slug = $1`, [slug]))
            .rows[0]!.id,
        );
      const [sofas, beds] = [await ids('sofas'), await ids('beds')];
      const [sofas0, beds0] = [await count('sofas'), await count('beds')];
      // One statement, three products (a bulk import): counted per category.
      const added = await db.query<{ id: string }>(
        `insert into public.products (name, price, category_id, stock_quantity)
         values ('Count sofa 1', 999, $1, 1), ('Count sofa 2', 999, $1, 1), ('Count bed', 999, $2, 1) returning id`,
        [sofas, beds],
      );
      expect([await count('sofas'), await count('beds')]).toEqual([sofas0 + 2, beds0 + 1]);
      // A stock change does not move anything; a category change does.
      await setStock(db, Number(added.rows[0]!.id), 0);
      await db.query(`update public.products set category_id = $2 where id = $1`, [added.rows[0]!.id, beds]);
      expect([await count('sofas'), await count('beds')]).toEqual([sofas0 + 1, beds0 + 2]);
      await db.query(`delete from public.products where id = any ($1::bigint[])`, [
        added.rows.map((r) => r.id),
      ]);
      expect([await count('sofas'), await count('beds')]).toEqual([sofas0, beds0]);
      // A new category starts at 0.
      await db.query(`insert into public.categories (name) values ('Count Corner')`);
      expect(await count('count-corner')).toBe(0);
      await db.query(`delete from public.categories where slug = 'count-corner'`);
    });

    it('shows sold-out products as out of stock', async () => {
      const { data } = await anon
        .from('products')
        .select('slug, in_stock, stock_quantity')
        .eq('in_stock', false);
      expect(data!.length).toBeGreaterThanOrEqual(3);
      for (const p of data!) expect(p.stock_quantity).toBe(0);
    });
  });

  describe('search', () => {
    const search = async (q: string, limit = 5) => {
      const { data, error } = await anon
        .rpc('search_products', { search: q, max_results: limit })
        .select('name, category:categories(name)')
        .returns<{ name: string; category: { name: string } }[]>();
      expect(error).toBeNull();
      return data!;
    };

    it.each([
      ['sofa', /sofa/i],
      ['sofaa', /sofa/i],
      ['chiar', /chair/i],
      ['tabel', /table/i],
      ['sheesham bed', /sheesham.*bed|bed.*sheesham/i],
      ['wardrobe', /wardrobe/i],
      ['wardrob', /wardrobe/i],
      ['recliner', /recliner/i],
    ])('"%s" finds matching products first', async (q, pattern) => {
      const results = await search(q);
      expect(results.length, q).toBeGreaterThan(0);
      expect(results[0]!.name, q).toMatch(pattern);
    });

    it('puts products named for the words before those that only mention them', async () => {
      const results = await search('sheesham', 40);
      const named = results.map((r) => /sheesham/i.test(r.name));
      expect(named.filter(Boolean).length).toBeGreaterThan(0);
      expect(named.filter((n) => !n).length, 'some match by material or description only').toBeGreaterThan(0);
      // every name match comes first
      expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));
    });

    it('embeds the category and honours the limit', async () => {
      const results = await search('chair', 3);
      expect(results).toHaveLength(3);
      expect(results[0]!.category.name).toEqual(expect.any(String));
    });

    it('falls back to any word when no product has them all', async () => {
      const results = await search('teak unicornwood');
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) expect(r.name.toLowerCase()).toContain('teak');
    });

    it("finds a product added or renamed by the start of its new word (prefixes as the catalog's lexemes)", async () => {
      // "tallbo teak" is 'tallbo':* & 'teak':*, and the scan reads 'teak':* as the catalog's lexemes
      // starting with "teak": the seed's 'teak' and, once the product is added, 'teakwoodish' (the
      // product's only match). Renamed, 'sheeshamish' must join the seed's 'sheesham' the same way.
      const db = server().db;
      const { rows } = await db.query<{ id: string }>(
        `insert into public.products (name, description, price, category_id, stock_quantity)
         values ('Teakwoodish Tallboy', 'A tall chest of drawers.', 999, 1, 1) returning id`,
      );
      try {
        expect((await search('tallbo teak'))[0]?.name).toBe('Teakwoodish Tallboy');
        await db.query(`update public.products set name = 'Sheeshamish Tallboy' where id = $1`, [
          rows[0]!.id,
        ]);
        expect((await search('tallbo sheesham'))[0]?.name).toBe('Sheeshamish Tallboy');
      } finally {
        await db.query(`delete from public.products where id = $1`, [rows[0]!.id]);
      }
    });

    it("scans with exact lexemes that match the same products as the words' prefixes", async () => {
      const db = server().db;
      // A description with lexemes beyond [a-z0-9] ('path/to', 'naïv').
      const { rows } = await db.query<{ id: string }>(
        `insert into public.products (name, description, price, category_id, stock_quantity)
         values ('Lexeme Lounger', 'Path/to a naïve café''s back\\slash.', 999, 1, 1) returning id`,
      );
      try {
        const words = [
          ['sofa:*'],
          ['sheesham', 'be:*'],
          ['pat:*'],
          ['na:*'],
          ['bed:*'],
          ['b:*'],
          ['the:*', 'bed:*'],
          ['c:*'],
        ];
        for (const w of words) {
          for (const anyWord of [false, true]) {
            const { rows: r } = await db.query<{ differ: number; matched: number }>(
              `select count(*) filter (where (p.search_vector @@ q.words) is distinct from (p.search_vector @@ q.exact))::int as differ,
                      count(*) filter (where p.search_vector @@ q.exact)::int as matched
               from public.products as p,
                 (select to_tsquery('english', array_to_string($1::text[], case when $2 then ' | ' else ' & ' end)) as words,
                         private.search_match($1::text[], $2) as exact) as q`,
              [w, anyWord],
            );
            expect(r[0], `${w.join(' ')} (${anyWord ? 'any' : 'every'} word)`).toEqual({
              differ: 0,
              matched: expect.any(Number),
            });
            expect(r[0]!.matched, w.join(' ')).toBeGreaterThan(0);
          }
        }
        // A prefix with more than 16 lexemes stays a prefix; fewer become their exact list.
        const { rows: ops } = await db.query<{ pat: string; b: string }>(
          `select private.search_operand('pat:*') as pat, private.search_operand('b:*') as b`,
        );
        expect(ops[0]!.pat).toMatch(/^\(.*'path\/to'.*\)$/);
        expect(ops[0]!.b).toBe("'b':*");
      } finally {
        await db.query(`delete from public.products where id = $1`, [rows[0]!.id]);
      }
    });

    it('returns nothing for nothing', async () => {
      expect(await search('')).toEqual([]);
      expect(await search('   ')).toEqual([]);
      expect(await search('zzzzqqq')).toEqual([]);
    });
  });

  describe('promo preview for the checkout', () => {
    it("answers with the spec's messages", async () => {
      const preview = (code: string, subtotal: number) =>
        anon.rpc('preview_promo', { code, subtotal }).single();
      expect((await preview('SAVE10', 12999)).data).toMatchObject({
        applied: true,
        discount: 1299.9,
        message: 'Promo code applied! 10% discount added.',
      });
      expect((await preview('flat500', 12999)).data).toMatchObject({
        applied: true,
        discount: 500,
        message: 'Promo code applied! ₹500 discount added.',
      });
      expect((await preview('HELLO', 12999)).data).toMatchObject({
        applied: false,
        discount: 0,
        message: 'Invalid promo code.',
      });
    });
  });
});
