/**
 * browse_products (issue 20) over HTTP against the real migrations and seed, on PGlite and PostgreSQL.
 * The totals, the listed products and every filter count are checked against a brute force written
 * here in TypeScript from plain selects of products and product_attribute_values, for many
 * combinations of category × material × colour × seating × price range × rating × in stock (each
 * group counted with its own selection left out); what it forgives (unknown attributes and values,
 * a reversed price range, an unknown sort, an unknown category); paging and every sort; `applied` in
 * canonical form; and attributes as data: staff add one through REST and tag a product, and the
 * listing filters on it at once, while no one else writes attributes or products.attribute_value_ids.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';
import { addPeople, forEachStoreServer, PEOPLE } from './support/store.ts';
import { gstClient, gstService } from './support/gst.ts';
import { uniq } from './support/variants.ts';

interface Product {
  id: number;
  category_id: number;
  /** paise */
  price: number;
  original_price: number | null;
  rating: number | null;
  review_count: number;
  in_stock: boolean;
  created: bigint;
  values: Set<number>;
}
interface Attribute {
  id: number;
  code: string;
  name: string;
  position: number;
  all_categories: boolean;
}
interface Value {
  id: number;
  attribute_id: number;
  value: string;
  slug: string;
  position: number;
}
interface Catalog {
  products: Product[];
  attributes: Attribute[];
  values: Value[];
  categories: { id: number; slug: string }[];
  categoryAttributes: { category_id: number; attribute_id: number }[];
}

interface Query {
  category_slug?: string | null;
  search?: string | null;
  filters?: Record<string, string[]>;
  price_min?: number | null;
  price_max?: number | null;
  min_rating?: number | null;
  in_stock_only?: boolean;
  sort?: string | null;
  page_offset?: number;
  page_size?: number;
}

interface Facet {
  code: string;
  name: string;
  values: { slug: string; value: string; swatch_color: string | null; count: number; selected: boolean }[];
}
interface Browse {
  category: { id: number; name: string; slug: string } | null;
  total: number;
  items: { id: number; price: number; rating: number | null; category: { slug: string } }[];
  facets: Facet[];
  price?: {
    min: number | null;
    max: number | null;
    buckets: { min: number; max: number | null; count: number }[];
  };
  rating?: { count: number };
  in_stock?: { count: number };
  applied?: {
    filters: Record<string, string[]>;
    price_min: number | null;
    price_max: number | null;
    min_rating: number | null;
    in_stock: boolean;
    sort: string;
  };
}

const paise = (v: string | number): number => Math.round(Number(v) * 100);

/** The catalog visitors read (active products) as plain selects (the superuser; no function of the store's). */
async function loadCatalog(db: Queryable): Promise<Catalog> {
  const p = await db.query<Record<string, string | boolean | null>>(
    `select id::text, category_id::text, price::text, original_price::text, rating::text, review_count::text, in_stock,
       (extract(epoch from created_at) * 1000000)::bigint::text as created
     from public.products
     where is_active`,
  );
  const pav = await db.query<{ product_id: string; value_id: string }>(
    'select product_id::text, value_id::text from public.product_attribute_values',
  );
  const byProduct = new Map<number, Set<number>>();
  for (const r of pav.rows) {
    const id = Number(r.product_id);
    if (!byProduct.has(id)) byProduct.set(id, new Set());
    byProduct.get(id)!.add(Number(r.value_id));
  }
  const attributes = await db.query<Record<string, string | boolean>>(
    'select id::text, code, name, position::text, all_categories from public.attributes',
  );
  const values = await db.query<Record<string, string>>(
    'select id::text, attribute_id::text, value, slug, position::text from public.attribute_values',
  );
  const categories = await db.query<{ id: string; slug: string }>(
    'select id::text, slug from public.categories',
  );
  const ca = await db.query<{ category_id: string; attribute_id: string }>(
    'select category_id::text, attribute_id::text from public.category_attributes',
  );
  return {
    products: p.rows.map((r) => ({
      id: Number(r.id),
      category_id: Number(r.category_id),
      price: paise(r.price as string),
      original_price: r.original_price === null ? null : paise(r.original_price as string),
      rating: r.rating === null ? null : Number(r.rating),
      review_count: Number(r.review_count),
      in_stock: r.in_stock as boolean,
      created: BigInt(r.created as string),
      values: byProduct.get(Number(r.id)) ?? new Set(),
    })),
    attributes: attributes.rows.map((a) => ({
      id: Number(a.id),
      code: a.code as string,
      name: a.name as string,
      position: Number(a.position),
      all_categories: a.all_categories as boolean,
    })),
    values: values.rows.map((v) => ({
      id: Number(v.id),
      attribute_id: Number(v.attribute_id),
      value: v.value!,
      slug: v.slug!,
      position: Number(v.position),
    })),
    categories: categories.rows.map((c) => ({ id: Number(c.id), slug: c.slug })),
    categoryAttributes: ca.rows.map((r) => ({
      category_id: Number(r.category_id),
      attribute_id: Number(r.attribute_id),
    })),
  };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const newestFirst = (a: Product, b: Product): number =>
  a.created === b.created ? a.id - b.id : a.created > b.created ? -1 : 1;
/** desc, nulls last */
const descNullsLast = (x: number | null, y: number | null): number =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : y - x;
/** (original − price) / original, compared exactly by cross-multiplying (null when no original price). */
function discountDesc(a: Product, b: Product): number {
  const da = a.original_price ? [a.original_price - a.price, a.original_price] : null;
  const db = b.original_price ? [b.original_price - b.price, b.original_price] : null;
  if (!da && !db) return 0;
  if (!da) return 1;
  if (!db) return -1;
  return db[0]! * da[1]! - da[0]! * db[1]!;
}

/** browse_products by brute force: the hits in order, the total and every count. */
function expected(c: Catalog, q: Query, searchIds: number[] | null = null) {
  const category =
    q.category_slug == null ? null : (c.categories.find((x) => x.slug === q.category_slug) ?? null);
  const attrs = c.attributes.filter(
    (a) =>
      a.all_categories ||
      (category !== null &&
        c.categoryAttributes.some((x) => x.category_id === category.id && x.attribute_id === a.id)),
  );
  const attrIds = new Set(attrs.map((a) => a.id));
  // Selected values by attribute (unknown codes, slugs and attributes this listing lacks dropped).
  const selected = new Map<number, Set<number>>();
  for (const [code, slugs] of Object.entries(q.filters ?? {})) {
    const a = attrs.find((x) => x.code === code);
    if (!a) continue;
    for (const slug of slugs) {
      const v = c.values.find((x) => x.attribute_id === a.id && x.slug === slug);
      if (!v) continue;
      if (!selected.has(a.id)) selected.set(a.id, new Set());
      selected.get(a.id)!.add(v.id);
    }
  }
  const selectedIds = new Set([...selected.values()].flatMap((s) => [...s]));
  let min = q.price_min != null && q.price_min >= 0 ? q.price_min * 100 : null;
  let max = q.price_max != null && q.price_max >= 0 ? q.price_max * 100 : null;
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const rating = q.min_rating != null && q.min_rating >= 1 && q.min_rating <= 5 ? q.min_rating : null;
  const stock = q.in_stock_only ?? false;

  const base = c.products.filter(
    (p) =>
      (category === null || p.category_id === category.id) &&
      (searchIds === null || searchIds.includes(p.id)),
  );
  const scored = base.map((p) => {
    const failed = [...selected.entries()]
      .filter(([, ids]) => ![...ids].some((id) => p.values.has(id)))
      .map(([a]) => a);
    const priceOk = (min === null || p.price >= min) && (max === null || p.price <= max);
    const ratingOk = rating === null || (p.rating ?? 0) >= rating;
    const stockOk = !stock || p.in_stock;
    return {
      p,
      failed,
      priceOk,
      ratingOk,
      stockOk,
      fails: failed.length + +!priceOk + +!ratingOk + +!stockOk,
    };
  });
  const hits = scored.filter((s) => s.fails === 0).map((s) => s.p);

  const counts = new Map<number, number>();
  for (const s of scored)
    for (const v of s.p.values) {
      const value = c.values.find((x) => x.id === v)!;
      if (!attrIds.has(value.attribute_id)) continue;
      if (s.fails === 0 || (s.fails === 1 && s.failed.length === 1 && s.failed[0] === value.attribute_id))
        counts.set(v, (counts.get(v) ?? 0) + 1);
    }
  const facets = attrs
    .slice()
    .sort((a, b) => a.position - b.position || cmp(a.name, b.name))
    .map((a) => ({
      code: a.code,
      values: c.values
        .filter((v) => v.attribute_id === a.id && ((counts.get(v.id) ?? 0) > 0 || selectedIds.has(v.id)))
        .sort((x, y) => x.position - y.position || cmp(x.value, y.value))
        .map((v) => ({ slug: v.slug, count: counts.get(v.id) ?? 0, selected: selectedIds.has(v.id) })),
    }))
    .filter((f) => f.values.length > 0);
  const priced = scored.filter((s) => s.fails === 0 || (s.fails === 1 && !s.priceOk)).map((s) => s.p.price);
  const buckets: [number, number | null][] = [
    [0, 10000],
    [10000, 25000],
    [25000, 50000],
    [50000, 100000],
    [100000, null],
  ];
  const applied: Record<string, string[]> = {};
  for (const [aid, ids] of selected) {
    const a = c.attributes.find((x) => x.id === aid)!;
    applied[a.code] = [...ids].map((id) => c.values.find((v) => v.id === id)!.slug).sort(cmp);
  }
  return {
    category,
    total: hits.length,
    hits,
    facets,
    price: {
      min: priced.length ? Math.min(...priced) : null,
      max: priced.length ? Math.max(...priced) : null,
      buckets: buckets.map(([lo, hi]) => ({
        min: lo,
        max: hi,
        count: priced.filter((x) => x >= lo * 100 && (hi === null || x <= hi * 100)).length,
      })),
    },
    rating: scored.filter((s) => (s.p.rating ?? 0) >= 4 && (s.fails === 0 || (s.fails === 1 && !s.ratingOk)))
      .length,
    inStock: scored.filter((s) => s.p.in_stock && (s.fails === 0 || (s.fails === 1 && !s.stockOk))).length,
    applied: { filters: applied, price_min: min, price_max: max, min_rating: rating, in_stock: stock },
  };
}

/** The expected order of the hits for a sort (ties: newest, then id), relevance by the search's order. */
function sorted(hits: Product[], sort: string, searchIds: number[] | null = null): number[] {
  const by: Record<string, (a: Product, b: Product) => number> = {
    newest: () => 0,
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    rating: (a, b) => descNullsLast(a.rating, b.rating) || b.review_count - a.review_count,
    popularity: (a, b) => b.review_count - a.review_count || descNullsLast(a.rating, b.rating),
    discount: discountDesc,
    relevance: (a, b) => searchIds!.indexOf(a.id) - searchIds!.indexOf(b.id),
  };
  return hits
    .slice()
    .sort((a, b) => by[sort]!(a, b) || newestFirst(a, b))
    .map((p) => p.id);
}

/** A small deterministic generator (mulberry32), so a failing combination can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

forEachStoreServer('browse_products', ({ server }) => {
  let s: TestServer;
  let anon: SupabaseClient;
  let asha: SupabaseClient;
  let staff: SupabaseClient;
  let stale: SupabaseClient;
  let catalog: Catalog;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    anon = gstClient(s);
    asha = gstClient(s, PEOPLE.customerA);
    staff = gstClient(s, PEOPLE.admin);
    stale = gstClient(s, PEOPLE.staleAdmin);
    // Ratings as approved reviews would leave them (a fixture: db-reviews checks how they are kept),
    // so that "4★ & up" and the rating sorts have something to sort; a third stay unrated.
    await s.db.transaction(async (tx) => {
      await tx.query(`select set_config('furnicraft.review_stats', 'on', true)`);
      await tx.query(
        `update public.products
         set rating = case when id % 3 = 0 then null else 1 + ((id * 7) % 41) / 10.0 end,
           review_count = case when id % 3 = 0 then 0 else 1 + (id * 5) % 13 end`,
      );
    });
    catalog = await loadCatalog(s.db);
    expect(catalog.products.filter((p) => p.rating !== null && p.rating >= 4).length).toBeGreaterThan(3);
  });

  async function browse(q: Query, client = anon): Promise<Browse> {
    const { data, error } = await client.rpc('browse_products', q);
    expect(error).toBeNull();
    return data as Browse;
  }

  async function searchIds(text: string): Promise<number[]> {
    const { rows } = await s.db.query<{ id: string }>(
      'select s.id::text from public.search_products($1, 100) with ordinality as s order by s.ordinality',
      [text],
    );
    return rows.map((r) => Number(r.id));
  }

  /** What `read` returns after `recount` runs in a transaction that is then rolled back. */
  async function recounted(recount: string, read: string): Promise<string> {
    let k = '';
    await s.db
      .transaction(async (tx) => {
        await tx.query(recount);
        k = (await tx.query<{ k: string }>(read)).rows[0]!.k;
        throw new Error('roll back');
      })
      .catch((e: unknown) => {
        if ((e as Error).message !== 'roll back') throw e;
      });
    return k;
  }

  /** The first active products of the categories by id (the last ones when `last`), one for each name. */
  async function productsIn<const K extends string>(
    slugs: string[],
    names: readonly K[],
    last = false,
  ): Promise<Record<K, number>> {
    const { rows } = await s.db.query<{ id: string }>(
      `select p.id::text from public.products as p join public.categories as c on c.id = p.category_id
       where c.slug = any ($1) and p.is_active order by p.id ${last ? 'desc' : ''} limit $2`,
      [slugs, names.length],
    );
    expect(rows).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, Number(rows[i]!.id)])) as Record<K, number>;
  }

  /**
   * One of each product write the kept listing figures follow: a price into another range (through its
   * variants, as the admin changes it), a deactivation, a move to `moveTo`, out of stock, 4★ & up or
   * not, a new attribute value, a product made and one deleted.
   */
  async function writeEachKind(
    p: { priced: number; hidden: number; moved: number; sold: number; rated: number; tagged: number },
    moveTo: string,
    name: string,
  ): Promise<void> {
    await s.db.query(
      'update public.product_variants set price = price + 60000, original_price = null where product_id = $1',
      [p.priced],
    );
    await s.db.query('update public.products set is_active = false where id = $1', [p.hidden]);
    await s.db.query(
      'update public.products set category_id = (select id from public.categories where slug = $2) where id = $1',
      [p.moved, moveTo],
    );
    await s.db.query('update public.products set in_stock = false where id = $1', [p.sold]);
    await s.db.transaction(async (tx) => {
      await tx.query(`select set_config('furnicraft.review_stats', 'on', true)`);
      await tx.query(
        'update public.products set rating = case when coalesce(rating, 0) >= 4 then 2 else 4.5 end where id = $1',
        [p.rated],
      );
    });
    await s.db.query(
      `insert into public.product_attribute_values (product_id, value_id)
       select p.id, v.id from public.attribute_values as v, public.products as p
       where p.id = $1 and not (v.id = any (p.attribute_value_ids))
       order by v.id limit 1`,
      [p.tagged],
    );
    const made = await staff
      .from('products')
      .insert({ name: uniq(`${name} `), price: 50000, category_id: 1, stock_quantity: 2 })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    const gone = await staff
      .from('products')
      .insert({
        name: uniq(`Deleted ${name.toLowerCase()} `),
        price: 120000,
        category_id: 1,
        stock_quantity: 1,
      })
      .select('id')
      .single();
    expect(gone.error).toBeNull();
    await s.db.query('delete from public.products where id = $1', [gone.data!.id]);
  }

  /** Compares one answer with the brute force: total, items in order, facets, price, rating, stock, applied. */
  function expectMatches(
    got: Browse,
    q: Query,
    ids: number[] | null = null,
    label = JSON.stringify(q),
  ): void {
    const want = expected(catalog, q, ids);
    expect(got.total, label).toBe(want.total);
    expect(got.category?.slug ?? null, label).toBe(want.category?.slug ?? null);
    const sort = got.applied!.sort;
    expect(
      got.items.map((i) => i.id),
      label,
    ).toEqual(
      sorted(want.hits, sort, ids).slice(q.page_offset ?? 0, (q.page_offset ?? 0) + (q.page_size ?? 24)),
    );
    expect(
      got.facets.map((f) => ({
        code: f.code,
        values: f.values.map((v) => ({ slug: v.slug, count: v.count, selected: v.selected })),
      })),
      label,
    ).toEqual(want.facets);
    expect(
      {
        min: got.price!.min === null ? null : paise(got.price!.min),
        max: got.price!.max === null ? null : paise(got.price!.max),
        buckets: got.price!.buckets.map((b) => ({
          min: Number(b.min),
          max: b.max === null ? null : Number(b.max),
          count: b.count,
        })),
      },
      label,
    ).toEqual(want.price);
    expect(got.rating!.count, label).toBe(want.rating);
    expect(got.in_stock!.count, label).toBe(want.inStock);
    const a = got.applied!;
    expect(
      {
        filters: a.filters,
        price_min: a.price_min === null ? null : paise(a.price_min),
        price_max: a.price_max === null ? null : paise(a.price_max),
        min_rating: a.min_rating === null ? null : Number(a.min_rating),
        in_stock: a.in_stock,
      },
      label,
    ).toEqual(want.applied);
  }

  const slugsOf = (code: string): string[] => {
    const a = catalog.attributes.find((x) => x.code === code)!;
    return catalog.values.filter((v) => v.attribute_id === a.id).map((v) => v.slug);
  };

  describe('counts against a brute force over the seed catalog', () => {
    it('tags the seed: every product has a material and a colour, sofas and dining a seating capacity', () => {
      const code = (id: number) =>
        catalog.attributes.find((a) => a.id === catalog.values.find((v) => v.id === id)!.attribute_id)!.code;
      expect(catalog.products.length).toBeGreaterThanOrEqual(60);
      const untagged = catalog.products.filter((p) => ![...p.values].some((v) => code(v) === 'material'));
      expect(untagged.length).toBeLessThan(catalog.products.length / 4);
      expect(slugsOf('seating')).toContain('3-seater');
      const seated = catalog.products.filter((p) => [...p.values].some((v) => code(v) === 'seating'));
      expect(seated.length).toBeGreaterThan(5);
    });

    it('agrees on total, items, every facet count (own group left out), price, rating and stock for 60 combinations', async () => {
      const rnd = prng(20);
      const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      const some = (xs: string[], max: number): string[] => {
        const n = Math.floor(rnd() * (max + 1));
        return [...new Set(Array.from({ length: n }, () => pick(xs)))];
      };
      const categories = [null, null, 'sofas', 'dining', 'chairs', 'tables', 'storage', 'beds', 'outdoor'];
      const prices: [number | null, number | null][] = [
        [null, null],
        [null, null],
        [0, 20000],
        [15000, 60000],
        [null, 30000],
        [40000, null],
        [9999.5, 25000],
        // the quick ranges' edges (counted from private.product_listing_bits for a visitor)
        [10000, 50000],
        [null, 10000],
        [25000, 100000],
        [100000, null],
      ];
      const sorts = ['newest', 'price-asc', 'price-desc', 'rating', 'popularity', 'discount'];
      let nonEmpty = 0;
      let narrowed = 0;
      let selectedCounted = 0;
      const groupOf = (valueId: number) =>
        catalog.attributes.find((a) => a.id === catalog.values.find((v) => v.id === valueId)!.attribute_id)!
          .code;
      const slugOf = (valueId: number) => catalog.values.find((v) => v.id === valueId)!.slug;
      for (let i = 0; i < 60; i++) {
        // Mostly around an "anchor" product of the category (its own values, a range around its price),
        // so that most combinations list something; every fifth is drawn blind.
        const category = pick(categories);
        const categoryId = catalog.categories.find((c) => c.slug === category)?.id;
        const anchor = pick(
          catalog.products.filter((p) => categoryId === undefined || p.category_id === categoryId),
        );
        const blind = i % 5 === 4;
        const filters: Record<string, string[]> = {};
        for (const group of ['material', 'colour', 'seating']) {
          if (rnd() < 0.35) continue;
          const own = [...anchor.values].filter((v) => groupOf(v) === group).map(slugOf);
          const chosen = blind || own.length === 0 ? some(slugsOf(group), 2) : [pick(own)];
          if (!blind && rnd() < 0.4) chosen.push(pick(slugsOf(group)));
          if (chosen.length) filters[group] = [...new Set(chosen)];
        }
        let [price_min, price_max] = pick(prices);
        if (!blind && rnd() < 0.4) {
          price_min = Math.floor((anchor.price * 0.7) / 100);
          price_max = Math.ceil((anchor.price * 1.3) / 100);
        }
        const q: Query = {
          category_slug: category,
          filters,
          price_min,
          price_max,
          min_rating: pick([null, null, null, 3, 4]),
          in_stock_only: rnd() < 0.3,
          sort: pick(sorts),
          page_size: 100,
        };
        const got = await browse(q);
        expectMatches(got, q, null, `combination ${i}: ${JSON.stringify(q)}`);
        if (got.total > 0) nonEmpty++;
        if (got.total > 0 && Object.keys(got.applied!.filters).length >= 2) narrowed++;
        if (got.facets.some((f) => f.values.some((v) => v.selected && v.count > 0))) selectedCounted++;
      }
      // The combinations exercise something: most list products, many with two or more groups ticked.
      expect(nonEmpty).toBeGreaterThanOrEqual(25);
      expect(narrowed).toBeGreaterThanOrEqual(8);
      expect(selectedCounted).toBeGreaterThanOrEqual(20);
    });

    it('counts a search’s listing the same way, and sorts it by relevance by default', async () => {
      for (const text of ['sofa', 'sheesham', 'chair']) {
        const ids = await searchIds(text);
        expect(ids.length).toBeGreaterThan(0);
        for (const q of [
          { search: text, page_size: 100 },
          { search: text, filters: { material: ['sheesham-wood', 'teak-wood'] }, page_size: 100 },
          { search: text, min_rating: 4, in_stock_only: true, sort: 'price-asc', page_size: 100 },
        ] as Query[]) {
          const got = await browse(q);
          expect(got.applied!.sort).toBe(q.sort ?? 'relevance');
          expectMatches(got, q, ids);
        }
      }
    });
  });

  describe('what it forgives', () => {
    it('ignores unknown attribute codes and values (and seating outside sofas and dining), never an error', async () => {
      const q: Query = {
        filters: {
          nonsense: ['x'],
          material: ['not-a-material', 'sheesham-wood'],
          colour: ['???'],
          seating: ['3-seater'],
        },
        page_size: 100,
      };
      const got = await browse(q);
      expectMatches(got, q);
      expect(got.applied!.filters).toEqual({ material: ['sheesham-wood'] });
      const sofas = await browse({ ...q, category_slug: 'sofas' });
      expect(sofas.applied!.filters).toEqual({ material: ['sheesham-wood'], seating: ['3-seater'] });
      // Not an object, or slugs that are not a list: no filter at all.
      for (const filters of [[], 'material=teak', { material: 'teak-wood' }, { material: [1, null] }, null])
        expect((await browse({ filters } as unknown as Query)).applied!.filters).toEqual({});
    });

    it('swaps a reversed price range and drops negative bounds', async () => {
      const q: Query = { price_min: 50000, price_max: 10000, page_size: 100 };
      const got = await browse(q);
      expect([got.applied!.price_min, got.applied!.price_max].map(Number)).toEqual([10000, 50000]);
      expectMatches(got, q);
      expect(got.items.every((i) => i.price >= 10000 && i.price <= 50000)).toBe(true);
      const negative = await browse({ price_min: -5, price_max: -1 });
      expect(negative.applied).toMatchObject({ price_min: null, price_max: null });
      expect(negative.total).toBe(catalog.products.length);
    });

    it('falls back to newest for an unknown sort (relevance with a search), and ignores an impossible rating', async () => {
      expect((await browse({ sort: 'cheapest' })).applied!.sort).toBe('newest');
      expect((await browse({ sort: 'relevance' })).applied!.sort).toBe('newest');
      expect((await browse({ sort: "'; drop table products; --" })).applied!.sort).toBe('newest');
      expect((await browse({ search: 'sofa', sort: 'cheapest' })).applied!.sort).toBe('relevance');
      expect((await browse({ search: '   ' })).applied!.sort).toBe('newest');
      const r = await browse({ min_rating: 7 });
      expect(r.applied!.min_rating).toBeNull();
      expect(r.total).toBe(catalog.products.length);
    });

    it('answers an unknown category slug with category null and nothing listed', async () => {
      const got = await browse({ category_slug: 'no-such-category', filters: { material: ['teak-wood'] } });
      expect(got).toMatchObject({ category: null, total: 0, items: [], facets: [] });
      const sofas = await browse({ category_slug: 'sofas' });
      expect(sofas.category).toMatchObject({ slug: 'sofas', name: 'Sofas' });
      expect(sofas.items.every((i) => i.category.slug === 'sofas')).toBe(true);
    });
  });

  describe('paging and sorting', () => {
    it('pages in a stable order without overlap or gaps, and clamps the page size', async () => {
      for (const sort of ['newest', 'price-asc', 'rating', 'popularity', 'discount']) {
        const q: Query = { sort, filters: { colour: ['brown', 'natural', 'white'] } };
        const all = (await browse({ ...q, page_size: 100 })).items.map((i) => i.id);
        expect(all.length).toBeGreaterThan(10);
        const paged: number[] = [];
        for (let offset = 0; offset < all.length; offset += 7) {
          const page = await browse({ ...q, page_offset: offset, page_size: 7 });
          expect(page.total).toBe(all.length);
          paged.push(...page.items.map((i) => i.id));
          expect((await browse({ ...q, page_offset: offset, page_size: 7 })).items.map((i) => i.id)).toEqual(
            page.items.map((i) => i.id),
          );
        }
        expect(paged).toEqual(all);
        expect(new Set(paged).size).toBe(paged.length);
        expect((await browse({ ...q, page_offset: all.length, page_size: 7 })).items).toEqual([]);
      }
      expect((await browse({ page_size: 1000 })).items).toHaveLength(Math.min(100, catalog.products.length));
      expect((await browse({ page_size: 0 })).items).toHaveLength(1);
      expect((await browse({})).items).toHaveLength(24);
      expect((await browse({ page_offset: -10, page_size: 3 })).items.map((i) => i.id)).toEqual(
        (await browse({ page_size: 3 })).items.map((i) => i.id),
      );
    });

    it('sorts by price both ways, newest, rating, discount, popularity and relevance', async () => {
      for (const sort of ['price-asc', 'price-desc', 'newest', 'rating', 'discount', 'popularity']) {
        const q: Query = { sort, page_size: 100 };
        const got = await browse(q);
        expect(got.applied!.sort).toBe(sort);
        expectMatches(got, q);
      }
      const prices = (await browse({ sort: 'price-asc', page_size: 100 })).items.map((i) => i.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const ids = await searchIds('wood');
      const q: Query = { search: 'wood', sort: 'relevance', page_size: 100 };
      const got = await browse(q);
      expect(got.applied!.sort).toBe('relevance');
      expect(got.items.map((i) => i.id)).toEqual(
        ids.filter((id) => catalog.products.some((p) => p.id === id)),
      );
      expectMatches(got, q, ids);
    });

    it('writes `applied` in canonical form: known slugs only, sorted, no duplicates', async () => {
      const got = await browse({
        filters: { colour: ['white', 'brown', 'white', 'black'], material: ['teak-wood', 'fabric'] },
      });
      expect(got.applied!.filters).toEqual({
        colour: ['black', 'brown', 'white'],
        material: ['fabric', 'teak-wood'],
      });
      const colour = got.facets.find((f) => f.code === 'colour')!;
      expect(
        colour.values
          .filter((v) => v.selected)
          .map((v) => v.slug)
          .sort(),
      ).toEqual(['black', 'brown', 'white']);
      expect(got.applied).toMatchObject({
        price_min: null,
        price_max: null,
        min_rating: null,
        in_stock: false,
        sort: 'newest',
      });
    });
  });

  describe('attributes as data', () => {
    it('lets a fresh admin add an attribute and values through REST, tag a product, and filters on it at once', async () => {
      const code = `finish_${uniq('').replace(/[^0-9a-z]/g, '')}`;
      const attr = await staff
        .from('attributes')
        .insert({ code, name: 'Finish', position: 9 })
        .select('id, code, all_categories')
        .single();
      expect(attr.error).toBeNull();
      expect(attr.data).toMatchObject({ code, all_categories: true });
      const values = await staff
        .from('attribute_values')
        .insert([
          { attribute_id: attr.data!.id, value: 'Matte Lacquer', position: 1 },
          { attribute_id: attr.data!.id, value: 'High gloss', position: 2 },
        ])
        .select('id, slug');
      expect(values.error).toBeNull();
      expect(values.data!.map((v) => v.slug)).toEqual(['matte-lacquer', 'high-gloss']);
      const matte = values.data![0]!.id as number;
      const product = catalog.products.find((p) => p.values.size > 0)!;
      const tagged = await staff.rpc('admin_set_product_attributes', {
        product_id: product.id,
        value_ids: [...product.values, matte],
      });
      expect(tagged.error).toBeNull();
      expect(tagged.data).toEqual([...product.values, matte].sort((a, b) => a - b));
      const { rows } = await s.db.query<{ ids: string[] }>(
        'select attribute_value_ids::text[] as ids from public.products where id = $1',
        [product.id],
      );
      expect(rows[0]!.ids.map(Number)).toEqual([...product.values, matte].sort((a, b) => a - b));
      const got = await browse({ filters: { [code]: ['matte-lacquer'] } });
      expect(got.total).toBe(1);
      expect(got.items.map((i) => i.id)).toEqual([product.id]);
      const facet = got.facets.find((f) => f.code === code)!;
      expect(facet).toMatchObject({
        name: 'Finish',
        values: [{ slug: 'matte-lacquer', count: 1, selected: true }],
      });
      // The brute force, from the tables as they are now, agrees.
      catalog = await loadCatalog(s.db);
      expectMatches(await browse({ filters: { [code]: ['matte-lacquer'] }, page_size: 100 }), {
        filters: { [code]: ['matte-lacquer'] },
        page_size: 100,
      });
      // Untagged again: the listing follows.
      expect(
        (
          await staff.rpc('admin_set_product_attributes', {
            product_id: product.id,
            value_ids: [...product.values],
          })
        ).error,
      ).toBeNull();
      expect((await browse({ filters: { [code]: ['matte-lacquer'] } })).total).toBe(0);
      catalog = await loadCatalog(s.db);
      // Values that do not exist are refused.
      const bad = await staff.rpc('admin_set_product_attributes', {
        product_id: product.id,
        value_ids: [987654321],
      });
      expect(bad.error).toMatchObject({ details: 'attribute_value_not_found' });
    });

    it('refuses attribute writes from visitors, customers and stale admins', async () => {
      const a = catalog.attributes[0]!;
      const product = catalog.products[0]!;
      for (const client of [anon, asha, stale]) {
        expect(
          (await client.from('attributes').insert({ code: 'sneaky', name: 'Sneaky' })).error,
        ).not.toBeNull();
        expect(
          (await client.from('attribute_values').insert({ attribute_id: a.id, value: 'Sneaky' })).error,
        ).not.toBeNull();
        expect(
          (
            await client
              .from('product_attribute_values')
              .insert({ product_id: product.id, value_id: catalog.values[0]!.id })
          ).error,
        ).not.toBeNull();
        const renamed = await client
          .from('attributes')
          .update({ name: 'Renamed' })
          .eq('id', a.id)
          .select('id');
        expect(renamed.error !== null || renamed.data!.length === 0).toBe(true);
        const removed = await client
          .from('product_attribute_values')
          .delete()
          .eq('product_id', product.id)
          .select('product_id');
        expect(removed.error !== null || removed.data!.length === 0).toBe(true);
        expect(
          (await client.rpc('admin_set_product_attributes', { product_id: product.id, value_ids: [] })).error,
        ).not.toBeNull();
      }
      expect(
        (await asha.rpc('admin_set_product_attributes', { product_id: product.id, value_ids: [] })).error,
      ).toMatchObject({ details: 'not_admin' });
      expect(await loadCatalog(s.db)).toEqual(catalog);
      // Everyone reads them.
      const read = await anon.from('attribute_values').select('slug').eq('attribute_id', a.id);
      expect(read.data!.length).toBeGreaterThan(0);
    });

    it('keeps products.attribute_value_ids the database’s: no client writes it directly', async () => {
      const product = catalog.products.find((p) => p.values.size > 0)!;
      const before = [...product.values].sort((x, y) => x - y);
      const current = async () =>
        (
          await s.db.query<{ ids: string[] }>(
            'select attribute_value_ids::text[] as ids from public.products where id = $1',
            [product.id],
          )
        ).rows[0]!.ids.map(Number);
      expect(await current()).toEqual(before);
      for (const client of [anon, asha, staff, stale])
        expect(
          (
            await client
              .from('products')
              .update({ attribute_value_ids: [1, 2, 3] })
              .eq('id', product.id)
          ).error,
        ).not.toBeNull();
      // The service role has the column, but the trigger keeps the array to product_attribute_values.
      const service = gstService(s);
      expect(
        (
          await service
            .from('products')
            .update({ attribute_value_ids: [1, 2, 3] })
            .eq('id', product.id)
        ).error,
      ).toBeNull();
      expect(await current()).toEqual(before);
      // A new product starts with none, whatever it is sent with.
      const made = await staff
        .from('products')
        .insert({ name: uniq('Attribute-free stool '), price: 1999, category_id: 1, stock_quantity: 0 })
        .select('id, attribute_value_ids')
        .single();
      expect(made.error).toBeNull();
      expect(made.data!.attribute_value_ids).toEqual([]);
      const forced = await service
        .from('products')
        .insert({
          name: uniq('Forced stool '),
          price: 1999,
          category_id: 1,
          stock_quantity: 0,
          attribute_value_ids: [1],
        })
        .select('id, attribute_value_ids')
        .single();
      expect(forced.error).toBeNull();
      expect(forced.data!.attribute_value_ids).toEqual([]);
    });

    it('counts a price on a range’s edge in both ranges, as choosing either lists it', async () => {
      const slug = `edge-${uniq('').replace(/[^0-9a-z]/g, '')}`;
      const cat = await staff
        .from('categories')
        .insert({ name: `Edge ${slug}`, slug })
        .select('id')
        .single();
      expect(cat.error).toBeNull();
      const made = await staff
        .from('products')
        .insert({ name: uniq('Edge sofa '), price: 25000, category_id: cat.data!.id, stock_quantity: 1 })
        .select('id')
        .single();
      expect(made.error).toBeNull();
      const counts = (await browse({ category_slug: slug })).price!.buckets.map((b) => b.count);
      expect(counts).toEqual([0, 1, 1, 0, 0]);
      for (const [lo, hi] of [
        [10000, 25000],
        [25000, 50000],
      ])
        expect((await browse({ category_slug: slug, price_min: lo, price_max: hi })).total).toBe(1);
      expect((await browse({ category_slug: slug, price_min: 0, price_max: 24999.99 })).total).toBe(0);
    });

    it('keeps an unfiltered listing’s figures (category_stats, category_value_counts) through every kind of product write', async () => {
      const KEPT = `select coalesce((select string_agg(concat_ws(':', category_id, product_count, rated_count, in_stock_count,
          price_b1_count, price_b2_count, price_b3_count, price_b4_count, price_b5_count), ',' order by category_id)
          from public.category_stats), '') || '|' || coalesce((select string_agg(concat_ws(':', category_id, value_id,
          product_count), ',' order by category_id, value_id) from public.category_value_counts where product_count <> 0), '') as k`;
      const kept = async () => (await s.db.query<{ k: string }>(KEPT)).rows[0]!.k;
      const recount = () => recounted('select private.recount_listing_counts()', KEPT);
      const written = await productsIn(['sofas'], ['priced', 'hidden', 'moved', 'sold', 'rated', 'tagged']);
      await writeEachKind(written, 'chairs', 'Kept-count sofa');

      expect(await kept()).toBe(await recount());
      catalog = await loadCatalog(s.db);
      for (const slug of [null, ...catalog.categories.map((c) => c.slug)]) {
        const q: Query = { category_slug: slug, page_size: 100 };
        expectMatches(await browse(q), q);
        expectMatches(await browse(q, asha), q, null, `customer: ${JSON.stringify(q)}`);
      }
      // Staff read inactive products too: their listing is counted, the deactivated product in it.
      const staffAll = await browse({ category_slug: 'sofas', page_size: 100 }, staff);
      expect(staffAll.total).toBe((await browse({ category_slug: 'sofas' })).total + 1);
    });

    it('keeps product_listing_entries (two or more groups chosen: the candidates) through every kind of product write', async () => {
      // The entries as kept, and as a plain select of active products would make them.
      const ENTRIES = `select coalesce(string_agg(concat_ws(':', product_id, value_id, category_id, price, original_price,
          rating, review_count, in_stock, (extract(epoch from created_at) * 1000000)::bigint, attribute_value_ids::text),
          ',' order by product_id, value_id), '') as k
        from public.product_listing_entries`;
      const BRUTE = `select coalesce(string_agg(concat_ws(':', p.id, v.value_id, p.category_id, p.price, p.original_price,
          p.rating, p.review_count, p.in_stock, (extract(epoch from p.created_at) * 1000000)::bigint, p.attribute_value_ids::text),
          ',' order by p.id, v.value_id), '') as k
        from public.products as p
        cross join lateral (select distinct u as value_id from unnest(p.attribute_value_ids) as u) as v
        where p.is_active`;
      const q1 = async (sql: string) => (await s.db.query<{ k: string }>(sql)).rows[0]!.k;
      expect(await q1(ENTRIES)).toBe(await q1(BRUTE));
      // Sofas and dining tables (both filter on seating too), from the end of the catalog.
      const { priced, hidden, moved, sold, rated, tagged, untagged, discounted } = await productsIn(
        ['sofas', 'dining'],
        ['priced', 'hidden', 'moved', 'sold', 'rated', 'tagged', 'untagged', 'discounted'],
        true,
      );
      // A price through the variants (as the admin changes it), a deactivation, a move, out of stock, a
      // rating and review count, a value added and one taken away, an original price, a product made
      // and tagged, one deleted, and the hidden one shown again with a new value.
      await s.db.query(
        'update public.product_variants set price = price + 7000, original_price = null where product_id = $1',
        [priced],
      );
      await s.db.query('update public.products set is_active = false where id = $1', [hidden]);
      await s.db.query(
        `update public.products set category_id = (select id from public.categories where slug = 'dining') where id = $1`,
        [moved],
      );
      await s.db.query('update public.products set in_stock = false where id = $1', [sold]);
      await s.db.transaction(async (tx) => {
        await tx.query(`select set_config('furnicraft.review_stats', 'on', true)`);
        await tx.query(
          'update public.products set rating = 3.3, review_count = review_count + 4 where id = $1',
          [rated],
        );
      });
      const addValue = (productId: number, code: string) =>
        s.db.query(
          `insert into public.product_attribute_values (product_id, value_id)
           select p.id, v.id from public.attribute_values as v
           join public.attributes as a on a.id = v.attribute_id and a.code = $2, public.products as p
           where p.id = $1 and not (v.id = any (p.attribute_value_ids))
           order by v.id limit 1`,
          [productId, code],
        );
      await addValue(tagged, 'colour');
      await s.db.query(
        `delete from public.product_attribute_values
         where product_id = $1 and value_id = (select min(value_id) from public.product_attribute_values where product_id = $1)`,
        [untagged],
      );
      await s.db.query('update public.products set original_price = price * 2 where id = $1', [discounted]);
      const made = await staff
        .from('products')
        .insert({ name: uniq('Entry sofa '), price: 31000, category_id: 1, stock_quantity: 2 })
        .select('id')
        .single();
      expect(made.error).toBeNull();
      await addValue(made.data!.id, 'material');
      await addValue(made.data!.id, 'colour');
      const gone = await staff
        .from('products')
        .insert({ name: uniq('Deleted entry sofa '), price: 120000, category_id: 1, stock_quantity: 1 })
        .select('id')
        .single();
      expect(gone.error).toBeNull();
      await addValue(gone.data!.id, 'material');
      await s.db.query('delete from public.products where id = $1', [gone.data!.id]);
      await addValue(hidden, 'material');
      await s.db.query('update public.products set is_active = true where id = $1', [hidden]);

      expect(await q1(ENTRIES)).toBe(await q1(BRUTE));
      // Listings with two or three groups chosen (read from the entries) against the brute force, for a
      // visitor and a customer.
      catalog = await loadCatalog(s.db);
      const values = (code: string, productIds: number[]) =>
        [...new Set(productIds.flatMap((pid) => [...catalog.products.find((p) => p.id === pid)!.values]))]
          .map((v) => catalog.values.find((x) => x.id === v)!)
          .filter((v) => catalog.attributes.find((a) => a.id === v.attribute_id)!.code === code)
          .map((v) => v.slug);
      const written = [priced, hidden, moved, sold, rated, tagged, untagged, discounted, made.data!.id];
      const material = values('material', written);
      const colour = values('colour', written);
      const seating = values('seating', written);
      const filterSets: Record<string, string[]>[] = [
        { material, colour },
        { material: material.slice(0, 1), colour: colour.slice(0, 2), seating },
        { colour, seating: seating.slice(0, 1) },
      ];
      let listed = 0;
      for (const category_slug of [null, 'sofas', 'dining'])
        for (const filters of filterSets)
          for (const rest of [
            {},
            { price_min: 20000, price_max: 90000 },
            { min_rating: 3, in_stock_only: true, sort: 'price-asc' },
          ]) {
            const q: Query = { category_slug, filters, ...rest, page_size: 100 };
            const got = await browse(q);
            expectMatches(got, q);
            expectMatches(await browse(q, asha), q, null, `customer: ${JSON.stringify(q)}`);
            listed += got.total;
          }
      expect(listed).toBeGreaterThan(20);
    });

    it('keeps private.product_listing_bits (a visitor’s filtered listing’s figures) through every kind of product write', async () => {
      // The bitmaps as kept, and as the recount makes them from products (in a transaction then rolled back).
      const BITS = `select coalesce(string_agg(concat_ws(':', kind, key, block, bits::text), ',' order by kind, key, block), '') as k
        from private.product_listing_bits where bits <> B'0'::bit(8192)`;
      const kept = async () => (await s.db.query<{ k: string }>(BITS)).rows[0]!.k;
      const recount = () => recounted('select private.recount_listing_bits()', BITS);
      expect((await kept()).length).toBeGreaterThan(0);
      expect(await kept()).toBe(await recount());
      const written = await productsIn(
        ['sofas', 'chairs'],
        ['priced', 'hidden', 'moved', 'sold', 'rated', 'tagged', 'edged'],
      );
      const { hidden, edged } = written;
      // Each kind of write, a price exactly on a range's edge, and the hidden one shown again.
      await writeEachKind(written, 'tables', 'Bitmap sofa');
      await s.db.query(
        'update public.product_variants set price = 25000, original_price = null where product_id = $1',
        [edged],
      );
      expect(await kept()).toBe(await recount());
      await s.db.query('update public.products set is_active = true where id = $1', [hidden]);
      expect(await kept()).toBe(await recount());

      // Listings counted from the bitmaps (a visitor, a customer: quick ranges' edges, whole ratings)
      // against the brute force, every sort and a later page.
      catalog = await loadCatalog(s.db);
      // The written products' own values, so that each listing holds some of them (the one priced on
      // the edge counts in both ranges).
      const values = (code: string) =>
        [
          ...new Set(
            Object.values(written).flatMap((pid) => [...catalog.products.find((p) => p.id === pid)!.values]),
          ),
        ]
          .map((v) => catalog.values.find((x) => x.id === v)!)
          .filter((v) => catalog.attributes.find((a) => a.id === v.attribute_id)!.code === code)
          .map((v) => v.slug);
      const filterSets: Record<string, string[]>[] = [
        { material: values('material') },
        { material: values('material'), colour: values('colour') },
        { colour: values('colour'), seating: slugsOf('seating') },
      ];
      let listed = 0;
      for (const category_slug of [null, 'sofas', 'chairs'])
        for (const filters of filterSets)
          for (const rest of [
            {},
            { price_min: 10000, price_max: 50000, sort: 'price-asc' },
            { price_min: 25000, sort: 'price-desc', page_offset: 2, page_size: 3 },
            { price_max: 25000, min_rating: 4, in_stock_only: true, sort: 'rating' },
            { min_rating: 3, sort: 'newest', page_offset: 1, page_size: 2 },
          ]) {
            const q: Query = { category_slug, filters, page_size: 100, ...rest };
            const got = await browse(q);
            expectMatches(got, q);
            expectMatches(await browse(q, asha), q, null, `customer: ${JSON.stringify(q)}`);
            listed += got.total;
          }
      expect(listed).toBeGreaterThan(20);
    });
  });
});
