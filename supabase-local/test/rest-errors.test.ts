/**
 * @supabase/supabase-js against supabase-local's REST layer, over HTTP — the error path of each query shape, and explain() (plans). The store's query
 * shapes on its schema in miniature (support/rest-store.ts). Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_A, expectError, useStore } from './support/rest-store.ts';
import { supabaseClient as client } from './support/rest-harness.ts';
import { forEachDbKind } from '../src/testing/test-db.ts';

forEachDbKind('supabase-js', (backend) => {
  const store = useStore(backend);
  const harness = store.harness;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let admin: SupabaseClient;

  beforeAll(() => {
    ({ anon, service, admin } = store.clients());
  });

  describe('errors', () => {
    it('unknown column in select, filter and order: 400 42703', async () => {
      expectError(
        await anon.from('products').select('id, nope'),
        400,
        '42703',
        'column products.nope does not exist',
      );
      expectError(
        await anon.from('products').select('id').eq('nope', 1),
        400,
        '42703',
        'column products.nope does not exist',
      );
      expectError(
        await anon.from('products').select('id').order('nope'),
        400,
        '42703',
        'column products.nope does not exist',
      );
    });

    it('unknown table: 404 PGRST205', async () => {
      const e = expectError(
        await anon.from('nope').select(),
        404,
        'PGRST205',
        "Could not find the table 'public.nope' in the schema cache",
      );
      expect(e['details']).toBeNull();
      expectError(await service.from('nope').insert({ a: 1 }), 404, 'PGRST205');
    });

    it('unknown embed: 400 PGRST200', async () => {
      const e = expectError(await anon.from('products').select('id, nope(*)'), 400, 'PGRST200');
      expect(e['message']).toBe(
        "Could not find a relationship between 'products' and 'nope' in the schema cache",
      );
    });

    it('unknown column in an insert body: 400 PGRST204', async () => {
      expectError(
        await admin.from('categories').insert({ slug: 'z', name: 'Z', nope: 1 }),
        400,
        'PGRST204',
        "Could not find the 'nope' column of 'categories' in the schema cache",
      );
    });

    it('unique violation: 409 23505 (the key in details only for a role that bypasses RLS, as Postgres does)', async () => {
      let e = expectError(
        await service.from('categories').insert({ slug: 'sofas', name: 'Again' }).select(),
        409,
        '23505',
        'duplicate key value violates unique constraint "categories_slug_key"',
      );
      expect(e['details']).toBe('Key (slug)=(sofas) already exists.');
      e = expectError(
        await admin.from('categories').insert({ slug: 'sofas', name: 'Again' }),
        409,
        '23505',
        'duplicate key value violates unique constraint "categories_slug_key"',
      );
      expect(e['details']).toBeNull();
    });

    it('check violation: 400 23514 (update and insert)', async () => {
      let e = expectError(
        await service.from('products').update({ stock: -1 }).eq('id', 1).select(),
        400,
        '23514',
        'new row for relation "products" violates check constraint "products_stock_check"',
      );
      expect(String(e['details'])).toMatch(/^Failing row contains \(1, 1, Oslo Sofa, oslo-sofa, /);
      e = expectError(await admin.from('products').update({ stock: -1 }).eq('id', 1), 400, '23514');
      expect(e['details']).toBeNull();
      expectError(
        await admin.from('products').insert({ name: 'Neg', slug: 'neg', price: -5 }),
        400,
        '23514',
        'new row for relation "products" violates check constraint "products_price_check"',
      );
      const stock = await anon.from('products').select('stock').eq('id', 1).single();
      expect(stock.data).toEqual({ stock: 5 });
    });

    it('foreign key violation: 409 23503 (insert with a missing parent, delete of a referenced parent)', async () => {
      const fkInsert =
        'insert or update on table "products" violates foreign key constraint "products_category_id_fkey"';
      let e = expectError(
        await service.from('products').insert({ name: 'Orphan', slug: 'orphan', price: 1, category_id: 999 }),
        409,
        '23503',
        fkInsert,
      );
      expect(e['details']).toBe('Key (category_id)=(999) is not present in table "categories".');
      e = expectError(
        await admin.from('products').insert({ name: 'Orphan', slug: 'orphan', price: 1, category_id: 999 }),
        409,
        '23503',
        fkInsert,
      );
      expect(e['details']).toBe('Key is not present in table "categories".');
      const fkDelete =
        'update or delete on table "categories" violates foreign key constraint "products_category_id_fkey" on table "products"';
      e = expectError(await service.from('categories').delete().eq('id', 1), 409, '23503', fkDelete);
      expect(e['details']).toBe('Key (id)=(1) is still referenced from table "products".');
      e = expectError(await admin.from('categories').delete().eq('id', 1).select(), 409, '23503', fkDelete);
      expect(e['details']).toBe('Key is still referenced from table "products".');
    });

    it('invalid input for a column type: 400 22P02', async () => {
      expectError(
        await anon.from('products').select('id').eq('id', 'abc'),
        400,
        '22P02',
        'invalid input syntax for type bigint: "abc"',
      );
    });

    it('bad JSON and non-uniform arrays: 400 PGRST102 (raw HTTP, as supabase-js never sends them)', async () => {
      const h = harness();
      for (const body of [
        '{"slug": ',
        'not json',
        '}{ x = 2',
        '[1, 2]',
        '[{"slug":"a","name":"A"},{"slug":"b"}]',
      ]) {
        const r = await fetch(`${h.restUrl}/categories`, {
          method: 'POST',
          headers: {
            apikey: h.serviceKey,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body,
        });
        expect(r.status, body).toBe(400);
        expect(r.headers.get('content-type')).toMatch(/^application\/json/);
        const json = (await r.json()) as Record<string, unknown>;
        expect(json['code'], body).toBe('PGRST102');
        expect(json, body).toEqual({
          code: 'PGRST102',
          details: null,
          hint: null,
          message: body.startsWith('[') ? 'All object keys must match' : 'Empty or invalid json',
        });
      }
      const count = await anon
        .from('categories')
        .select('*', { count: 'exact', head: true })
        .in('slug', ['a', 'b']);
      expect(count.count).toBe(0);
    });

    it('an empty body on POST or PATCH to a table: 400 PGRST102 (PostgREST InsertSpec/UpdateSpec "with no payload")', async () => {
      const h = harness();
      const before = await service.from('orders').select('*', { count: 'exact', head: true });
      for (const [method, path] of [
        ['POST', '/orders'],
        ['PATCH', '/orders?id=eq.1'],
      ] as const) {
        const r = await fetch(`${h.restUrl}${path}`, {
          method,
          headers: {
            apikey: h.serviceKey,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body: '',
        });
        expect(r.status, method).toBe(400);
        expect(await r.json(), method).toEqual({
          code: 'PGRST102',
          details: null,
          hint: null,
          message: 'Empty or invalid json',
        });
      }
      const after = await service.from('orders').select('*', { count: 'exact', head: true });
      expect(after.count).toBe(before.count);
    });

    it('JWT errors: expired → 401 PGRST303, bad signature → 401 PGRST301', async () => {
      const h = harness();
      const expired = client(
        h,
        await h.signJwt({ sub: USER_A, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 3600 }),
      );
      expectError(await expired.from('orders').select(), 401, 'PGRST303', 'JWT expired');
      const forged = client(
        h,
        (await h.signJwt({ sub: USER_A, role: 'service_role' })).replace(/.....$/, 'AAAAA'),
      );
      expectError(await forged.from('orders').select(), 401, 'PGRST301');
    });

    it('a JWT whose role does not exist → 401 22023', async () => {
      const h = harness();
      const badRole = client(h, await h.signJwt({ sub: USER_A, role: 'superuser_wannabe' }));
      // PostgREST ≥ 13 (PostgREST/postgrest#4081): a JWT whose role does not exist is a 401, not a 400
      expectError(
        await badRole.from('orders').select(),
        401,
        '22023',
        'role "superuser_wannabe" does not exist',
      );
    });
  });

  describe('plans', () => {
    it('explain() is refused as on Supabase (db-plan-enabled is off by default): 406 PGRST107', async () => {
      // PostgREST offers the vnd.pgrst.plan media types only with db-plan-enabled; Supabase leaves it off
      // ("it can reveal sensitive information about your database").
      const res = await anon.from('orders').select('id').explain({ analyze: true });
      expect(res.status).toBe(406);
      expect((res.error as { code?: string } | null)?.code).toBe('PGRST107');
    });
  });
});
