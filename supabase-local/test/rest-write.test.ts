/**
 * @supabase/supabase-js against supabase-local's REST layer, over HTTP — writes: insert, update, delete, upsert (returning), and RLS with two users and anon. The store's query
 * shapes on its schema in miniature (support/rest-store.ts). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_A, USER_B, ids, expectError, expectOk, useStore } from './support/rest-store.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

forEachDbKind('supabase-js', (backend) => {
  const store = useStore(backend);
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let admin: SupabaseClient;
  let userA: SupabaseClient;
  let userB: SupabaseClient;

  beforeAll(() => {
    ({ anon, service, admin, userA, userB } = store.clients());
  });

  describe('insert, update, delete, upsert (returning)', () => {
    it('insert one with select() returns the row with defaults and the identity', async () => {
      const res = await admin
        .from('products')
        .insert({
          name: 'Pine Bed',
          slug: 'pine-bed',
          price: 24999.99,
          category_id: 4,
          tags: ['bed', 'wood'],
          specs: { size: 'queen' },
        })
        .select('id, name, price, stock, featured, tags, specs, category:categories(slug)');
      expectOk(res, 201);
      expect(res.data).toEqual([
        {
          id: 101,
          name: 'Pine Bed',
          price: 24999.99,
          stock: 0,
          featured: false,
          tags: ['bed', 'wood'],
          specs: { size: 'queen' },
          category: { slug: 'beds' },
        },
      ]);
      const check = await anon.from('products').select('id').eq('slug', 'pine-bed').single();
      expect(check.data).toEqual({ id: 101 });
      // keep the product set of the later tests as seeded
      const gone = await admin.from('products').delete().eq('id', 101).select('slug');
      expect(gone.data).toEqual([{ slug: 'pine-bed' }]);
    });

    it('insert without select() is return=minimal: 201 and no data', async () => {
      const res = await admin.from('categories').insert({ slug: 'desks', name: 'Desks', sort_order: 9 });
      expectOk(res, 201);
      expect(res.data).toBeNull();
      const check = await anon
        .from('categories')
        .select('slug, name, sort_order')
        .eq('slug', 'desks')
        .single();
      expect(check.data).toEqual({ slug: 'desks', name: 'Desks', sort_order: 9 });
    });

    it('bulk insert with missing keys: defaultToNull sends NULL, defaultToNull: false uses column defaults', async () => {
      const withDefaults = await admin
        .from('products')
        .insert(
          [
            { name: 'Stool A', slug: 'stool-a', price: 999, stock: 3 },
            { name: 'Stool B', slug: 'stool-b', price: 1099 },
          ],
          { defaultToNull: false },
        )
        .select('slug, stock');
      expectOk(withDefaults, 201);
      expect(withDefaults.data).toEqual([
        { slug: 'stool-a', stock: 3 },
        { slug: 'stool-b', stock: 0 },
      ]);
      const withNulls = await admin
        .from('products')
        .insert([
          { name: 'Stool C', slug: 'stool-c', price: 999, stock: 3 },
          { name: 'Stool D', slug: 'stool-d', price: 1099 },
        ])
        .select('slug, stock');
      expectError(
        withNulls,
        400,
        '23502',
        /null value in column "stock" of relation "products" violates not-null constraint/,
      );
      const none = await anon.from('products').select('id').in('slug', ['stool-c', 'stool-d']);
      expect(none.data).toEqual([]);
    });

    it('update with select() returns the changed rows; count exact counts them', async () => {
      const res = await admin
        .from('products')
        .update({ stock: 9, featured: true }, { count: 'exact' })
        .in('slug', ['stool-a', 'stool-b'])
        .select('slug, stock, featured')
        .order('slug');
      expectOk(res);
      expect(res.data).toEqual([
        { slug: 'stool-a', stock: 9, featured: true },
        { slug: 'stool-b', stock: 9, featured: true },
      ]);
      expect(res.count).toBe(2);
      const nothing = await admin.from('products').update({ stock: 1 }).eq('slug', 'no-such').select();
      expectOk(nothing);
      expect(nothing.data).toEqual([]);
    });

    it('update of arrays and jsonb', async () => {
      const res = await admin
        .from('products')
        .update({ tags: ['stool', 'pine'], specs: { legs: 3, finish: { color: 'white' } } })
        .eq('slug', 'stool-a')
        .select('tags, specs')
        .single();
      expectOk(res);
      expect(res.data).toEqual({ tags: ['stool', 'pine'], specs: { legs: 3, finish: { color: 'white' } } });
      expect(
        await (async () => {
          const r = await anon
            .from('products')
            .select('slug')
            .contains('specs', { finish: { color: 'white' } });
          return r.data;
        })(),
      ).toEqual([{ slug: 'stool-a' }]);
    });

    it('delete with select() returns the deleted rows; without select() data is null', async () => {
      const res = await admin.from('products').delete().in('slug', ['stool-a']).select('slug');
      expectOk(res);
      expect(res.data).toEqual([{ slug: 'stool-a' }]);
      const minimal = await admin.from('products').delete().eq('slug', 'stool-b');
      expectOk(minimal, 204);
      expect(minimal.data).toBeNull();
      const left = await anon
        .from('products')
        .select('id', { count: 'exact', head: true })
        .like('slug', 'stool-%');
      expect(left.count).toBe(0);
    });

    it('upsert on a unique column updates the existing row and inserts new ones', async () => {
      const res = await admin
        .from('categories')
        .upsert(
          [
            { slug: 'beds', name: 'Beds & Mattresses', sort_order: 4 },
            { slug: 'rugs', name: 'Rugs', sort_order: 6 },
          ],
          { onConflict: 'slug' },
        )
        .select('id, slug, name, sort_order')
        .order('slug');
      expectOk(res, 201);
      const rows = res.data as { id: number; slug: string; name: string; sort_order: number }[];
      expect(rows.map((r) => [r.slug, r.name, r.sort_order])).toEqual([
        ['beds', 'Beds & Mattresses', 4],
        ['rugs', 'Rugs', 6],
      ]);
      expect(rows[0]!.id).toBe(4);
      expect(rows[1]!.id).toBeGreaterThan(100);
    });

    it('upsert on the primary key; ignoreDuplicates leaves existing rows alone and returns only inserted ones', async () => {
      // merge-duplicates that inserted nothing answers 200 (PostgREST's isInsertIfGTZero)
      const pk = await admin
        .from('categories')
        .upsert({ id: 5, slug: 'lamps', name: 'Lighting' })
        .select('id, name');
      expectOk(pk, 200);
      expect(pk.data).toEqual([{ id: 5, name: 'Lighting' }]);
      const ignored = await admin
        .from('categories')
        .upsert(
          [
            { slug: 'lamps', name: 'SHOULD NOT WIN' },
            { slug: 'mirrors', name: 'Mirrors' },
          ],
          { onConflict: 'slug', ignoreDuplicates: true },
        )
        .select('slug, name');
      expectOk(ignored, 201);
      expect(ignored.data).toEqual([{ slug: 'mirrors', name: 'Mirrors' }]);
      const lamps = await anon.from('categories').select('name').eq('slug', 'lamps').single();
      expect(lamps.data).toEqual({ name: 'Lighting' });
    });

    it('updates and deletes as anon match no rows under RLS (0 rows, nothing changed)', async () => {
      const upd = await anon.from('categories').update({ name: 'hacked' }).eq('slug', 'sofas').select();
      expectOk(upd);
      expect(upd.data).toEqual([]);
      const del = await anon.from('products').delete().eq('id', 1).select();
      expectOk(del);
      expect(del.data).toEqual([]);
      const check = await anon.from('categories').select('name').eq('slug', 'sofas').single();
      expect(check.data).toEqual({ name: 'Sofas' });
      const product = await anon.from('products').select('id').eq('id', 1);
      expect(product.data).toEqual([{ id: 1 }]);
    });

    it('an insert as anon is refused by RLS: 42501 → 401 (role = db-anon-role), nothing written', async () => {
      const ins = await anon.from('categories').insert({ slug: 'anon-cat', name: 'Anon' }).select();
      expect((await anon.from('categories').select('id').eq('slug', 'anon-cat')).data).toEqual([]);
      expectError(ins, 401, '42501', 'new row violates row-level security policy for table "categories"');
    });

    it('a signed-in non-admin is refused by RLS: 42501 → 403', async () => {
      const ins = await userA.from('products').insert({ name: 'X', slug: 'x', price: 1 }).select();
      expectError(ins, 403, '42501', 'new row violates row-level security policy for table "products"');
    });
  });

  describe('RLS: two users and anon', () => {
    it('each user sees only their own orders; anon sees none; service_role sees all', async () => {
      const a = await userA.from('orders').select('id, user_id, status').lte('id', 3).order('id');
      expectOk(a);
      expect(a.data).toEqual([
        { id: 1, user_id: USER_A, status: 'paid' },
        { id: 2, user_id: USER_A, status: 'pending' },
      ]);
      const b = await userB.from('orders').select('id, user_id, status').order('id');
      expectOk(b);
      expect(b.data).toEqual([{ id: 3, user_id: USER_B, status: 'shipped' }]);
      const none = await anon.from('orders').select('id');
      expectOk(none);
      expect(none.data).toEqual([]);
      const all = await service.from('orders').select('id', { count: 'exact' }).lte('id', 3).order('id');
      expect(ids(all.data)).toEqual([1, 2, 3]);
      expect(all.count).toBe(3);
    });

    it('counts, single() and embeds are filtered by RLS too', async () => {
      const head = await userB.from('orders').select('*', { count: 'exact', head: true });
      expect(head.count).toBe(1);
      const other = await userB.from('orders').select('id').eq('id', 1).single();
      expectError(other, 406, 'PGRST116');
      const embedded = await userB.from('orders').select('id, order_items(product_id, quantity)');
      expect(embedded.data).toEqual([{ id: 3, order_items: [{ product_id: 5, quantity: 1 }] }]);
      const items = await userB.from('order_items').select('order_id').order('order_id');
      expect(items.data).toEqual([{ order_id: 3 }]);
      const anonItems = await anon.from('order_items').select('order_id');
      expect(anonItems.data).toEqual([]);
    });

    it("a user cannot update or delete another user's order (0 rows), and can their own", async () => {
      const upd = await userA.from('orders').update({ status: 'cancelled' }).eq('id', 3).select();
      expectOk(upd);
      expect(upd.data).toEqual([]);
      const del = await userA.from('orders').delete().eq('id', 3).select();
      expectOk(del);
      expect(del.data).toEqual([]);
      const stillThere = await service.from('orders').select('id, status').eq('id', 3).single();
      expect(stillThere.data).toEqual({ id: 3, status: 'shipped' });

      const own = await userA.from('orders').update({ note: 'call first' }).eq('id', 2).select('id, note');
      expectOk(own);
      expect(own.data).toEqual([{ id: 2, note: 'call first' }]);
      // moving an own order to the other user violates WITH CHECK
      const steal = await userA.from('orders').update({ user_id: USER_B }).eq('id', 2).select();
      expectError(steal, 403, '42501', 'new row violates row-level security policy for table "orders"');
    });

    it('inserts: own row (user_id from auth.uid() default) succeeds; for another user → 403; anon → 401', async () => {
      const own = await userB
        .from('orders')
        .insert({ note: 'b order' })
        .select('user_id, status, note')
        .single();
      expectOk(own, 201);
      expect(own.data).toEqual({ user_id: USER_B, status: 'pending', note: 'b order' });
      const forA = await userB.from('orders').insert({ user_id: USER_A, note: 'sneaky' }).select();
      expectError(forA, 403, '42501', 'new row violates row-level security policy for table "orders"');
      const sneaky = await service.from('orders').select('id').eq('note', 'sneaky');
      expect(sneaky.data).toEqual([]);
      const del = await userB.from('orders').delete().eq('note', 'b order').select('note');
      expect(del.data).toEqual([{ note: 'b order' }]);
    });

    it('anon cannot insert an order: 42501 → 401, nothing written', async () => {
      const anonIns = await anon.from('orders').insert({ user_id: USER_A, note: 'anon' });
      const none = await service.from('orders').select('id').eq('note', 'anon');
      expect(none.data).toEqual([]);
      expectError(anonIns, 401, '42501', 'new row violates row-level security policy for table "orders"');
    });
  });
});
