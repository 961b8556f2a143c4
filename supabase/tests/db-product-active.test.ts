/**
 * Deactivating a product (issue 21, the product list's bulk Deactivate): products.is_active through
 * supabase-js over HTTP, on PGlite and PostgreSQL. An inactive product is gone for visitors and
 * customers (the row, its category page, search, category counts) and place_order refuses it; staff of
 * every role still read it; only catalog staff (and owners) may switch it, and switching back restores
 * everything.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from 'supabase-local/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import { plainProduct, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;

forEachStoreServer('deactivated products', ({ server }) => {
  let s: TestServer;
  let anon: Client;
  let asha: Client;
  let catalog: Client;
  let support: Client;
  let viewer: Client;
  let category: { id: number; slug: string };

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    anon = storeClient(s);
    asha = storeClient(s, PEOPLE.customerA);
    catalog = storeClient(s, PEOPLE.catalogStaff);
    support = storeClient(s, PEOPLE.supportStaff);
    viewer = storeClient(s, PEOPLE.viewerStaff);
    const { rows } = await s.db.query<{ id: string; slug: string }>(
      `insert into public.categories (name) values ($1) returning id, slug`,
      [uniq('Bulk room ')],
    );
    category = { id: Number(rows[0]!.id), slug: rows[0]!.slug };
  });

  async function product(
    name = uniq('Teak bench '),
  ): Promise<{ id: number; variantId: number; name: string }> {
    const p = await plainProduct(s.db, { name, price: 4999, stock: 5 });
    await s.db.query('update public.products set category_id = $2 where id = $1', [p.id, category.id]);
    return p;
  }

  const count = async (client: Client) => {
    const { data } = await client
      .from('category_summaries')
      .select('product_count')
      .eq('id', category.id)
      .single();
    if (data?.product_count == null)
      throw new Error(`category_summaries has no product_count for ${category.slug}`);
    return data.product_count;
  };
  const browseIds = async (client: Client) => {
    const { data, error } = await client.rpc('browse_products', { category_slug: category.slug });
    expect(error).toBeNull();
    return (data as { items: { id: number }[] }).items.map((i) => i.id);
  };
  const readable = async (client: Client, id: number) =>
    ((await client.from('products').select('id').eq('id', id)).data ?? []).length === 1;

  it('an inactive product is gone for visitors and customers, and back when activated', async () => {
    const kept = await product();
    const hidden = await product(uniq('Hidden divan '));
    const before = await count(anon);
    const off = await catalog.from('products').update({ is_active: false }).eq('id', hidden.id).select('id');
    expect(off.error).toBeNull();
    expect(off.data).toHaveLength(1);

    for (const client of [anon, asha]) {
      expect(await readable(client, hidden.id)).toBe(false);
      expect(await readable(client, kept.id)).toBe(true);
      expect(await browseIds(client)).toEqual([kept.id]);
      const found = await client.rpc('search_products', { search: hidden.name }).select('id');
      expect((found.data ?? []).map((r) => r.id)).not.toContain(hidden.id);
    }
    expect(await count(anon)).toBe(before - 1);
    for (const staff of [catalog, support, viewer]) expect(await readable(staff, hidden.id)).toBe(true);

    // Moving an inactive product counts it nowhere; activating it counts it in its category again.
    await s.db.query('update public.products set category_id = 1 where id = $1', [hidden.id]);
    await s.db.query('update public.products set category_id = $2 where id = $1', [hidden.id, category.id]);
    expect(await count(anon)).toBe(before - 1);
    expect((await catalog.from('products').update({ is_active: true }).eq('id', hidden.id)).error).toBeNull();
    expect(await count(anon)).toBe(before);
    expect(await readable(anon, hidden.id)).toBe(true);
    expect((await browseIds(asha)).sort()).toEqual([kept.id, hidden.id].sort());
  });

  it('place_order refuses an inactive product in the shopper’s words', async () => {
    const p = await product();
    await s.db.query('update public.products set is_active = false where id = $1', [p.id]);
    const { error } = await asha.rpc('place_order', {
      items: [{ variant_id: p.variantId, quantity: 1 }],
      shipping_address: shippingAddress(),
      payment_method: 'cod',
      idempotency_key: uniq('inactive-'),
    });
    expect(error).toMatchObject({ code: 'P0001', details: 'product_unavailable' });
    expect(error!.message).toBe('An item in your cart is no longer available. Please remove it to continue.');
  });

  it('a saved product the store deactivated leaves the wishlist as the storefront reads it (products!inner)', async () => {
    const saved = await product();
    const gone = await product();
    for (const p of [saved, gone])
      await s.db.query('insert into public.wishlist_items (user_id, product_id) values ($1, $2)', [
        PEOPLE.customerA.id,
        p.id,
      ]);
    await s.db.query('update public.products set is_active = false where id = $1', [gone.id]);
    const { data, error } = await asha
      .from('wishlist_items')
      .select('product_id, product:products!inner(id, name)')
      .in('product_id', [saved.id, gone.id]);
    expect(error).toBeNull();
    expect(data!.map((r) => r.product.id)).toEqual([saved.id]);
  });

  describe('who may switch it', () => {
    it('support, finance and viewers cannot deactivate a product, even with a hand-made request', async () => {
      const p = await product();
      for (const who of [PEOPLE.supportStaff, PEOPLE.financeStaff, PEOPLE.viewerStaff, PEOPLE.customerA]) {
        const { data } = await storeClient(s, who)
          .from('products')
          .update({ is_active: false })
          .eq('id', p.id)
          .select('id');
        expect(data ?? []).toEqual([]);
      }
      const { rows } = await s.db.query<{ is_active: boolean }>(
        'select is_active from public.products where id = $1',
        [p.id],
      );
      expect(rows[0]!.is_active).toBe(true);
    });
  });
});
