/**
 * @supabase/supabase-js against supabase-local's REST layer, over HTTP — rpc: functions called by POST and GET, their arguments, results and errors. The store's query
 * shapes on its schema in miniature (support/rest-store.ts). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_A, ids, expectError, expectOk, useStore } from './support/rest-store.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

forEachDbKind('supabase-js', (backend) => {
  const store = useStore(backend);
  const harness = store.harness;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let userA: SupabaseClient;
  let userB: SupabaseClient;

  beforeAll(() => {
    ({ anon, service, userA, userB } = store.clients());
  });

  describe('rpc', () => {
    it('place_order (security definer) writes the order, its items and the stock in one transaction', async () => {
      const before = await anon.from('products').select('stock').eq('id', 3).single();
      expect(before.data).toEqual({ stock: 24 });
      const res = await userA.rpc('place_order', {
        items: [
          { product_id: 3, quantity: 2 },
          { product_id: 7, quantity: 1 },
        ],
        note: 'leave at door',
      });
      expectOk(res);
      const order = res.data as Record<string, unknown>;
      expect(order).toMatchObject({
        user_id: USER_A,
        status: 'pending',
        total: 17997,
        note: 'leave at door',
      });
      expect(order['id']).toBeGreaterThan(100);
      const after = await anon.from('products').select('id, stock').in('id', [3, 7]).order('id');
      expect(after.data).toEqual([
        { id: 3, stock: 22 },
        { id: 7, stock: 39 },
      ]);
      const items = await userA
        .from('order_items')
        .select('product_id, quantity, unit_price')
        .eq('order_id', order['id'] as number)
        .order('product_id');
      expect(items.data).toEqual([
        { product_id: 3, quantity: 2, unit_price: 7499 },
        { product_id: 7, quantity: 1, unit_price: 2999 },
      ]);
      const seenByB = await userB
        .from('orders')
        .select('id')
        .eq('id', order['id'] as number);
      expect(seenByB.data).toEqual([]);
    });

    it('place_order errors: P0001 → 400 with the hint and rolled back; 22023 → 400; PT404 → 404', async () => {
      const res = await userB.rpc('place_order', {
        items: [
          { product_id: 6, quantity: 1 },
          { product_id: 2, quantity: 1 },
        ],
      });
      const e = expectError(res, 400, 'P0001', 'insufficient stock for Nordic Loveseat');
      expect(e['hint']).toBe('only 0 left');
      const glass = await anon.from('products').select('stock').eq('id', 6).single();
      expect(glass.data).toEqual({ stock: 2 });
      const mine = await userB.from('orders').select('id').order('id');
      expect(ids(mine.data)).toEqual([3]);

      expectError(
        await userA.rpc('place_order', { items: [] }),
        400,
        '22023',
        'an order needs at least one item',
      );
      // RAISE with SQLSTATE PTxyz answers HTTP xyz
      expectError(
        await userA.rpc('place_order', { items: [{ product_id: 999, quantity: 1 }] }),
        404,
        'PT404',
        'unknown product 999',
      );
    });

    it('place_order as anon: the function raises 42501 → 401 (the anon role is not authenticated)', async () => {
      const res = await anon.rpc('place_order', { items: [{ product_id: 3, quantity: 1 }] });
      expectError(res, 401, '42501', 'sign in to place an order');
    });

    it('a set-returning stable function with filters, order, range and count (POST and GET)', async () => {
      const res = await anon
        .rpc('products_between', { min_price: 5000, max_price: 40000 })
        .eq('featured', true)
        .order('price')
        .select('id, price');
      expectOk(res);
      expect(res.data).toEqual([
        { id: 3, price: 7499 },
        { id: 5, price: 18999 },
      ]);
      const viaGet = await anon
        .rpc('products_between', { min_price: 5000, max_price: 40000 }, { get: true })
        .order('id')
        .select('id');
      expectOk(viaGet);
      expect(ids(viaGet.data)).toEqual([2, 3, 4, 5, 6]);
      const paged = await anon
        .rpc('products_between', { min_price: 0, max_price: 100000 }, { count: 'exact' })
        .select('id')
        .order('id')
        .range(0, 1);
      expectOk(paged, 206);
      expect(ids(paged.data)).toEqual([1, 2]);
      expect(paged.count).toBe(7);
      const head = await anon.rpc(
        'products_between',
        { min_price: 10000, max_price: 40000 },
        { head: true, count: 'exact' },
      );
      expectOk(head);
      expect(head.count).toBe(4);
      expect(head.data).toBeNull();
      const one = await anon
        .rpc('products_between', { min_price: 18999, max_price: 18999 })
        .select('slug')
        .single();
      expectOk(one);
      expect(one.data).toEqual({ slug: 'walnut-coffee-table' });
    });

    it('a scalar stable function', async () => {
      const res = await anon.rpc('category_product_count', { cat_slug: 'chairs' });
      expectOk(res);
      expect(res.data).toBe(2);
      const get = await anon.rpc('category_product_count', { cat_slug: 'beds' }, { get: true });
      expectOk(get);
      expect(get.data).toBe(0);
    });

    it('rpc errors: unknown function / wrong arguments → 404 PGRST202; a bad value → 400 22P02', async () => {
      const unknown = await anon.rpc('no_such_function', { a: 1 });
      expectError(
        unknown,
        404,
        'PGRST202',
        'Could not find the function public.no_such_function(a) in the schema cache',
      );
      const wrongArgs = await anon.rpc('category_product_count', { slug: 'chairs' });
      expectError(
        wrongArgs,
        404,
        'PGRST202',
        'Could not find the function public.category_product_count(slug) in the schema cache',
      );
      const badValue = await anon.rpc('products_between', { min_price: 'cheap', max_price: 10 });
      expectError(badValue, 400, '22P02', 'invalid input syntax for type numeric: "cheap"');
    });

    it('a volatile function: POST writes; GET runs it read-only, so the write fails with 25006 → 405', async () => {
      const sent = await anon.rpc('send_contact_message', {
        name: 'Asha',
        message: 'Do you deliver to Pune?',
      });
      expectOk(sent);
      expect(typeof sent.data).toBe('number');
      const viaGet = await anon.rpc(
        'send_contact_message',
        { name: 'Ravi', message: 'hello' },
        { get: true },
      );
      expectError(viaGet, 405, '25006', 'cannot execute INSERT in a read-only transaction');
      const rows = await service.from('contact_messages').select('name, message').order('id');
      expect(rows.data).toEqual([{ name: 'Asha', message: 'Do you deliver to Pune?' }]);
    });

    it('a jsonb argument: POST body and GET query string give the same result', async () => {
      const items = [
        { product_id: 1, quantity: 1 },
        { product_id: 3, quantity: 2 },
      ];
      const post = await anon.rpc('cart_total', { items });
      expectOk(post);
      expect(post.data).toBe(60997);
      // GET /rpc/cart_total?items=[...]: PostgREST passes the text as `items := $1::jsonb` (a JSON array)
      const h = harness();
      const r = await fetch(
        `${h.restUrl}/rpc/cart_total?items=${encodeURIComponent(JSON.stringify(items))}`,
        { headers: { apikey: h.anonKey } },
      );
      expect({ status: r.status, body: await r.text() }).toEqual({ status: 200, body: '60997.00' });
    });
  });
});
