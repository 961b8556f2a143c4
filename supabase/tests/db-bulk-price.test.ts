/**
 * Bulk price ± % on the admin's product list (issue 21): admin_bulk_price through supabase-js over
 * HTTP, on PGlite and PostgreSQL. Every active variant of the chosen products changes by the same
 * percentage rounded to whole rupees, in one transaction or not at all; a dry run answers the same
 * without writing; a price at ₹0 or above its original price (MRP) is refused and named; only staff
 * with catalog.write may call it (support, a stale owner, customers and visitors are refused).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from 'supabase-local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import { addPeople, forEachStoreServer, PEOPLE, storeClient } from './support/store.ts';
import { optionedProduct, plainProduct, uniq, type MadeProduct } from './support/variants.ts';

type Client = SupabaseClient<Database>;

interface BulkPrice {
  changes: {
    variant_id: number;
    sku: string;
    price: number;
    new_price: number;
    new_original_price: number | null;
  }[];
  refused: { variant_id: number; sku: string; message: string }[];
  unchanged: number;
  applied: boolean;
}

forEachStoreServer('bulk price ± %', ({ server }) => {
  let s: TestServer;
  let catalog: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    catalog = storeClient(s, PEOPLE.catalogStaff);
  });

  /** A sofa of three variants (two with an original price) and one inactive variant. */
  async function sofa(): Promise<MadeProduct> {
    const p = uniq('BULK');
    return optionedProduct(
      s.db,
      [{ name: 'Fabric', values: ['Grey', 'Teal', 'Rust', 'Ochre'] }],
      [
        { sku: `${p}-G`, values: ['Grey'], price: 24999, original_price: 38999 },
        { sku: `${p}-T`, values: ['Teal'], price: 34999, original_price: 49999 },
        { sku: `${p}-R`, values: ['Rust'], price: 27999 },
        { sku: `${p}-O`, values: ['Ochre'], price: 19999, is_active: false },
      ],
    );
  }

  async function pricesOf(productId: number): Promise<Record<string, [number, number | null]>> {
    const { rows } = await s.db.query<{ sku: string; price: string; original_price: string | null }>(
      'select sku, price, original_price from public.product_variants where product_id = $1',
      [productId],
    );
    return Object.fromEntries(
      rows.map((r) => [
        r.sku,
        [Number(r.price), r.original_price === null ? null : Number(r.original_price)],
      ]),
    );
  }

  async function bulk(
    client: Client,
    args: Database['public']['Functions']['admin_bulk_price']['Args'],
  ): Promise<{ data: BulkPrice | null; error: { code: string; details: string; message: string } | null }> {
    const { data, error } = await client.rpc('admin_bulk_price', args);
    return {
      data: data as unknown as BulkPrice | null,
      error: error ? { code: error.code, details: error.details, message: error.message } : null,
    };
  }

  describe('rounding', () => {
    it('a dry run previews each active variant rounded to whole rupees and writes nothing', async () => {
      const p = await sofa();
      const before = await pricesOf(p.id);
      const { data, error } = await bulk(catalog, { product_ids: [p.id], percent: 10 });
      expect(error).toBeNull();
      expect(data!.applied).toBe(false);
      expect(data!.refused).toEqual([]);
      // 24999 × 1.1 = 27498.9 → 27499; 34999 × 1.1 = 38498.9 → 38499; 27999 × 1.1 = 30798.9 → 30799.
      expect(data!.changes.map((c) => [c.sku, c.price, c.new_price, c.new_original_price])).toEqual([
        [Object.keys(p.variants)[0], 24999, 27499, 38999],
        [Object.keys(p.variants)[1], 34999, 38499, 49999],
        [Object.keys(p.variants)[2], 27999, 30799, null],
      ]);
      expect(await pricesOf(p.id)).toEqual(before);
    });

    it('applies −15 % to every active variant at once, the inactive one and the product summary follow the rules', async () => {
      const p = await sofa();
      const [g, t, r, o] = Object.keys(p.variants);
      const { data, error } = await bulk(catalog, { product_ids: [p.id], percent: -15, dry_run: false });
      expect(error).toBeNull();
      expect(data!.applied).toBe(true);
      // 21249.15 → 21249; 29749.15 → 29749; 23799.15 → 23799; the inactive variant is left alone.
      expect(await pricesOf(p.id)).toEqual({
        [g!]: [21249, 38999],
        [t!]: [29749, 49999],
        [r!]: [23799, null],
        [o!]: [19999, null],
      });
      const { rows } = await s.db.query<{ price: string }>(
        'select price from public.products where id = $1',
        [p.id],
      );
      expect(Number(rows[0]!.price)).toBe(21249);
    });

    it('with original prices along, both move by the percentage; a change that rounds to nothing is unchanged', async () => {
      const p = await sofa();
      const [g, t, r] = Object.keys(p.variants);
      const up = await bulk(catalog, {
        product_ids: [p.id],
        percent: 60,
        with_original: true,
        dry_run: false,
      });
      expect(up.error).toBeNull();
      const after = await pricesOf(p.id);
      // 24999 × 1.6 = 39998.4 → 39998, 38999 × 1.6 = 62398.4 → 62398.
      expect(after[g!]).toEqual([39998, 62398]);
      expect(after[t!]).toEqual([55998, 79998]);
      expect(after[r!]).toEqual([44798, null]);
      const cheap = await plainProduct(s.db, { price: 10 });
      const tiny = await bulk(catalog, { product_ids: [cheap.id], percent: 1 });
      expect(tiny.data).toMatchObject({ changes: [], refused: [], unchanged: 1 });
    });
  });

  describe('refusal', () => {
    it('a price above its original price (MRP) is named, and applying it changes nothing', async () => {
      const p = await sofa();
      const other = await plainProduct(s.db, { price: 1000 });
      const before = await pricesOf(p.id);
      const [g, t] = Object.keys(p.variants);
      const preview = await bulk(catalog, { product_ids: [p.id, other.id], percent: 60 });
      expect(preview.data!.refused.map((x) => x.sku)).toEqual([g, t]);
      expect(preview.data!.refused[0]!.message).toContain('above its original price (MRP) ₹38999');
      // The others would change: 27999 → 44798, and the plain product (original 2000) → 1600.
      expect(preview.data!.changes.map((c) => c.new_price)).toEqual([44798, 1600]);

      const apply = await bulk(catalog, { product_ids: [p.id, other.id], percent: 60, dry_run: false });
      expect(apply.error).toMatchObject({ code: 'P0001', details: 'bulk_price_refused' });
      expect(apply.error!.message).toContain(g!);
      expect(await pricesOf(p.id)).toEqual(before);
      expect((await pricesOf(other.id))[other.sku]).toEqual([1000, 2000]);
    });

    it('a price that would round to ₹0 is refused; a percentage of 0, −100 or beyond +1000 is not accepted', async () => {
      const cheap = await plainProduct(s.db, { price: 1 });
      const zero = await bulk(catalog, { product_ids: [cheap.id], percent: -60, dry_run: false });
      expect(zero.error).toMatchObject({ details: 'bulk_price_refused' });
      expect(zero.error!.message).toContain('₹0');
      for (const percent of [0, -100, -150, 1001])
        expect((await bulk(catalog, { product_ids: [cheap.id], percent })).error).toMatchObject({
          details: 'invalid_percent',
        });
      expect((await bulk(catalog, { product_ids: [], percent: 5 })).error).toMatchObject({
        details: 'invalid_selection',
      });
      expect((await bulk(catalog, { product_ids: [987654321], percent: 5 })).error).toMatchObject({
        details: 'product_not_found',
      });
    });
  });

  describe('permission', () => {
    it('only fresh staff with catalog.write may change prices: support, a stale owner, customers and visitors are refused', async () => {
      const p = await sofa();
      const before = await pricesOf(p.id);
      const args = { product_ids: [p.id], percent: 5, dry_run: false };
      expect((await bulk(storeClient(s, PEOPLE.supportStaff), args)).error).toMatchObject({
        code: '42501',
        details: 'missing_permission',
      });
      expect((await bulk(storeClient(s, PEOPLE.financeStaff), args)).error).toMatchObject({
        details: 'missing_permission',
      });
      expect((await bulk(storeClient(s, PEOPLE.staleAdmin), args)).error).toMatchObject({
        details: 'admin_session_expired',
      });
      expect((await bulk(storeClient(s, PEOPLE.customerA), args)).error).toMatchObject({ code: '42501' });
      expect((await bulk(storeClient(s, PEOPLE.pretender), args)).error).toMatchObject({ code: '42501' });
      expect((await bulk(storeClient(s), args)).error).toMatchObject({ code: '42501' });
      expect(await pricesOf(p.id)).toEqual(before);
      // An owner may.
      expect((await bulk(storeClient(s, PEOPLE.admin), args)).error).toBeNull();
      expect(await pricesOf(p.id)).not.toEqual(before);
    });
  });
});
