/**
 * The RLS matrix: every store table × select / insert / update / delete × {visitor (anon),
 * customer A, customer B, admin}, through supabase-js over HTTP against supabase-local serving the
 * real migrations and seed. What must be allowed is; what must not be is refused (an error, or no
 * row touched), and the database is checked afterwards so a silent no-op cannot pass for a refusal.
 * Also: an admin whose sign-in is older than 8 hours reads but cannot write; a customer who put
 * `role: admin` into their own metadata is a customer; the RPCs check the caller the same way.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from 'supabase-local';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  storeClient,
  type Person,
} from './support/store.ts';
import type { TestServer } from 'supabase-local/testing';

type Role = 'anon' | 'customerA' | 'customerB' | 'admin';
const ROLES: Role[] = ['anon', 'customerA', 'customerB', 'admin'];
type Id = string | number;

/** What a role sees of two rows, one of customer A's and one of customer B's (or two shared rows). */
type Sight = 'both' | 'own' | 'none';

interface TableCase {
  table: string;
  /** a fresh row; `owner` is whose it is for tables with an owner */
  make(db: Queryable, owner: Person): Promise<Id>;
  read: Record<Role, Sight>;
  /** the row a role tries to insert (on behalf of customer A where rows have owners) */
  insert: { row(role: Role): Record<string, unknown>; allowed: Role[] };
  /** a harmless change to customer A's row, and the column that shows whether it happened */
  update: { patch: Record<string, unknown>; column: string; allowed: Role[] };
  delete: { allowed: Role[] };
}

let serial = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++serial}`;
const one = async (db: Queryable, sql: string, values: unknown[] = []): Promise<Id> =>
  Object.values((await db.query<Record<string, Id>>(sql, values)).rows[0]!)[0]!;

/** An order placed earlier, written directly (as the service role would see it). */
async function makeOrder(db: Queryable, owner: Person): Promise<string> {
  return String(
    await one(
      db,
      `insert into public.orders (user_id, payment_method, payment_id, subtotal, delivery_fee, discount, total, shipping_address,
         estimated_delivery_from, estimated_delivery_to)
       values ($1, 'cod', 'COD_1700000000000', 1000, 99, 0, 1099, $2::jsonb, current_date + 5, current_date + 7) returning id`,
      [
        owner.id,
        JSON.stringify({
          fullName: 'Test',
          email: owner.email,
          phone: '9845012345',
          address: '1 MG Road',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411001',
        }),
      ],
    ),
  );
}

const A = PEOPLE.customerA;

const CASES: TableCase[] = [
  {
    table: 'categories',
    make: (db) =>
      one(db, `insert into public.categories (name) values ($1) returning id`, [unique('Matrix')]),
    read: { anon: 'both', customerA: 'both', customerB: 'both', admin: 'both' },
    insert: { row: () => ({ name: unique('New category') }), allowed: ['admin'] },
    update: { patch: { description: 'changed by the matrix' }, column: 'description', allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    table: 'products',
    make: (db) =>
      one(
        db,
        `insert into public.products (name, price, category_id, stock_quantity) values ($1, 999, 1, 5) returning id`,
        [unique('Matrix stool')],
      ),
    read: { anon: 'both', customerA: 'both', customerB: 'both', admin: 'both' },
    insert: {
      row: () => ({
        name: unique('New stool'),
        price: 1999,
        category_id: 1,
        stock_quantity: 3,
        // rating and review_count are the database's, from approved reviews (issue 20): no client writes them
      }),
      allowed: ['admin'],
    },
    // price and stock are kept from the variants (issue 16): the admin edits the rest.
    update: { patch: { description: 'changed by the matrix' }, column: 'description', allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    table: 'promo_codes',
    make: (db) =>
      one(db, `insert into public.promo_codes (code, kind, value) values ($1, 'flat', 100) returning id`, [
        `M${process.pid}X${++serial}`,
      ]),
    read: { anon: 'none', customerA: 'none', customerB: 'none', admin: 'both' },
    insert: { row: () => ({ code: `NEW${++serial}`, kind: 'percent', value: 5 }), allowed: ['admin'] },
    update: { patch: { value: 99 }, column: 'value', allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    // Staff only (issue 17): shoppers learn a zone through check_delivery.
    table: 'delivery_zones',
    make: (db) =>
      one(
        db,
        `insert into public.delivery_zones (name, fee, free_above) values ($1, 149, 4999) returning id`,
        [unique('Matrix zone')],
      ),
    read: { anon: 'none', customerA: 'none', customerB: 'none', admin: 'both' },
    insert: { row: () => ({ name: unique('New zone'), fee: 199 }), allowed: ['admin'] },
    update: { patch: { fee: 249 }, column: 'fee', allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
  {
    table: 'profiles',
    // Profiles exist from sign-up; "making" one returns the owner's.
    make: async (_db, owner) => owner.id,
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    insert: { row: () => ({ id: A.id, full_name: 'Second profile' }), allowed: [] },
    update: { patch: { full_name: 'Renamed by the matrix' }, column: 'full_name', allowed: ['customerA'] },
    delete: { allowed: [] },
  },
  {
    table: 'addresses',
    make: (db, owner) =>
      one(
        db,
        `insert into public.addresses (user_id, full_name, phone, address, city, state, pincode)
         values ($1, 'Home', '9845012345', '12 Park Street', 'Kolkata', 'West Bengal', '700016') returning id`,
        [owner.id],
      ),
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    insert: {
      row: () => ({
        user_id: A.id,
        full_name: 'Office',
        phone: '9845012345',
        address: '5 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      }),
      allowed: ['customerA'],
    },
    update: { patch: { city: 'Howrah' }, column: 'city', allowed: ['customerA'] },
    delete: { allowed: ['customerA'] },
  },
  {
    table: 'wishlist_items',
    make: async (db, owner) => {
      const product = await one(
        db,
        `insert into public.products (name, price, category_id, stock_quantity) values ($1, 999, 1, 5) returning id`,
        [unique('Wish')],
      );
      return one(db, `insert into public.wishlist_items (user_id, product_id) values ($1, $2) returning id`, [
        owner.id,
        product,
      ]);
    },
    // Wishlists are private: not even staff read them.
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'none' },
    insert: { row: () => ({ user_id: A.id, product_id: 2 }), allowed: ['customerA'] },
    update: { patch: { product_id: 3 }, column: 'product_id', allowed: [] },
    delete: { allowed: ['customerA'] },
  },
  {
    table: 'orders',
    make: makeOrder,
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    insert: {
      row: () => ({
        user_id: A.id,
        payment_method: 'cod',
        subtotal: 1,
        delivery_fee: 0,
        discount: 0,
        total: 1,
        shipping_address: {
          fullName: 'A',
          email: A.email,
          phone: '9845012345',
          address: 'x',
          city: 'y',
          state: 'z',
          pincode: '411001',
        },
        estimated_delivery_from: '2030-01-01',
        estimated_delivery_to: '2030-01-02',
      }),
      allowed: [],
    },
    update: { patch: { total: 1 }, column: 'total', allowed: [] },
    delete: { allowed: [] },
  },
  {
    table: 'order_items',
    make: async (db, owner) =>
      one(
        db,
        `insert into public.order_items (order_id, product_id, product_name, unit_price, quantity) values ($1, 1, 'Sofa', 1000, 1) returning id`,
        [await makeOrder(db, owner)],
      ),
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    insert: {
      row: () => ({
        order_id: '00000000-0000-4000-8000-000000000000',
        product_name: 'Free sofa',
        unit_price: 1,
        quantity: 1,
      }),
      allowed: [],
    },
    update: { patch: { unit_price: 1 }, column: 'unit_price', allowed: [] },
    delete: { allowed: [] },
  },
  {
    table: 'order_events',
    make: async (db, owner) =>
      one(db, `insert into public.order_events (order_id, status) values ($1, 'Order Placed') returning id`, [
        await makeOrder(db, owner),
      ]),
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    insert: {
      row: () => ({ order_id: '00000000-0000-4000-8000-000000000000', status: 'Delivered' }),
      allowed: [],
    },
    update: { patch: { status: 'Delivered' }, column: 'status', allowed: [] },
    delete: { allowed: [] },
  },
  {
    table: 'contact_messages',
    make: (db, owner) =>
      one(
        db,
        `insert into public.contact_messages (user_id, full_name, email, subject, message) values ($1, 'Asha', $2, 'Delivery', 'When will my sofa arrive?') returning id`,
        [owner.id, owner.email],
      ),
    read: { anon: 'none', customerA: 'own', customerB: 'own', admin: 'both' },
    // Anyone may write to the store; a signed-in sender only as themselves (here: as customer A).
    insert: {
      row: (role) => ({
        ...(role === 'anon' ? {} : { user_id: A.id }),
        full_name: 'Visitor',
        email: 'visitor@example.in',
        phone: '+91 90000 12345',
        subject: 'Custom sizes',
        message: 'Can you make the Aria table 90 cm wide?',
      }),
      allowed: ['anon', 'customerA'],
    },
    update: { patch: { handled: true }, column: 'handled', allowed: ['admin'] },
    delete: { allowed: ['admin'] },
  },
];

const PERSON: Record<Exclude<Role, 'anon'>, Person> = {
  customerA: PEOPLE.customerA,
  customerB: PEOPLE.customerB,
  admin: PEOPLE.admin,
};

forEachStoreServer('RLS matrix', ({ server }) => {
  const clients = {} as Record<Role | 'staleAdmin' | 'pretender', SupabaseClient>;
  let s: TestServer;
  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    // Untyped: the matrix names its tables at run time.
    const untyped = (p?: Person) => storeClient(s, p) as unknown as SupabaseClient;
    clients.anon = untyped();
    for (const r of ['customerA', 'customerB', 'admin'] as const) clients[r] = untyped(PERSON[r]);
    clients.staleAdmin = untyped(PEOPLE.staleAdmin);
    clients.pretender = untyped(PEOPLE.pretender);
  });

  const stillThere = async (table: string, id: Id) =>
    (await s.db.query(`select 1 from public.${table} where id = $1`, [id])).rows.length === 1;
  const valueOf = async (table: string, id: Id, column: string) =>
    (
      await s.db.query<Record<string, unknown>>(
        `select ${column}::text as v from public.${table} where id = $1`,
        [id],
      )
    ).rows[0]?.['v'];

  for (const c of CASES) {
    describe(c.table, () => {
      for (const role of ROLES) {
        it(`${role}: select sees ${c.read[role]}`, async () => {
          const a = await c.make(s.db, PEOPLE.customerA);
          const b = await c.make(s.db, PEOPLE.customerB);
          const { data } = await clients[role].from(c.table).select('id').in('id', [a, b]);
          const seen = new Set((data ?? []).map((r: { id: Id }) => String(r.id)));
          const own = role === 'customerA' ? a : role === 'customerB' ? b : undefined;
          const expected = c.read[role] === 'both' ? [a, b] : c.read[role] === 'own' ? [own!] : [];
          expect([...seen].sort()).toEqual(expected.map(String).sort());
        });

        const mayInsert = c.insert.allowed.includes(role);
        it(`${role}: insert is ${mayInsert ? 'allowed' : 'refused'}`, async () => {
          const { error, status } = await clients[role].from(c.table).insert(c.insert.row(role));
          if (mayInsert) {
            expect(error).toBeNull();
            expect(status).toBe(201);
          } else {
            expect(error, `${role} inserting into ${c.table}`).not.toBeNull();
            expect([401, 403, 409]).toContain(status);
          }
        });

        const mayUpdate = c.update.allowed.includes(role);
        it(`${role}: update of customer A's row is ${mayUpdate ? 'allowed' : 'refused'}`, async () => {
          const id = await c.make(s.db, PEOPLE.customerA);
          const before = await valueOf(c.table, id, c.update.column);
          const { error, count } = await clients[role]
            .from(c.table)
            .update(c.update.patch, { count: 'exact' })
            .eq('id', id);
          const after = await valueOf(c.table, id, c.update.column);
          if (mayUpdate) {
            expect(error).toBeNull();
            expect(count).toBe(1);
            expect(after).not.toEqual(before);
          } else {
            expect(error !== null || count === 0, `${role} updating ${c.table}`).toBe(true);
            expect(after).toEqual(before);
          }
        });

        const mayDelete = c.delete.allowed.includes(role);
        it(`${role}: delete of customer A's row is ${mayDelete ? 'allowed' : 'refused'}`, async () => {
          // A profile cannot be deleted by anyone, so there is no fresh one to risk: use A's.
          const id = await c.make(s.db, PEOPLE.customerA);
          const { error, count } = await clients[role].from(c.table).delete({ count: 'exact' }).eq('id', id);
          if (mayDelete) {
            expect(error).toBeNull();
            expect(count).toBe(1);
            expect(await stillThere(c.table, id)).toBe(false);
          } else {
            expect(error !== null || count === 0, `${role} deleting from ${c.table}`).toBe(true);
            expect(await stillThere(c.table, id)).toBe(true);
          }
        });
      }
    });
  }

  describe('store_settings (one row)', () => {
    it('everyone reads the COD cap, the order cut-off and the closed weekdays', async () => {
      for (const role of ROLES) {
        const { data, error } = await clients[role]
          .from('store_settings')
          .select('cod_max_order_total, order_cutoff, non_delivery_weekdays')
          .single();
        expect(error).toBeNull();
        expect(data).toEqual({
          cod_max_order_total: 50000,
          order_cutoff: '14:00:00',
          non_delivery_weekdays: [7],
        });
      }
    });

    it('only a fresh admin changes it; nobody inserts or deletes a row', async () => {
      for (const who of ['anon', 'customerA', 'customerB', 'staleAdmin', 'pretender'] as const) {
        const { error, count } = await clients[who]
          .from('store_settings')
          .update({ cod_max_order_total: 1 }, { count: 'exact' })
          .eq('id', true);
        expect(error !== null || count === 0, who).toBe(true);
      }
      expect(
        (await s.db.query<{ f: string }>('select cod_max_order_total::text as f from public.store_settings'))
          .rows[0]!.f,
      ).toBe('50000.00');
      const { error, count } = await clients.admin
        .from('store_settings')
        .update({ low_stock_threshold: 6 }, { count: 'exact' })
        .eq('id', true);
      expect(error).toBeNull();
      expect(count).toBe(1);
      await clients.admin.from('store_settings').update({ low_stock_threshold: 5 }).eq('id', true);
      for (const role of ROLES) {
        expect((await clients[role].from('store_settings').insert({ id: true })).error, role).not.toBeNull();
        const { error: e, count: n } = await clients[role]
          .from('store_settings')
          .delete({ count: 'exact' })
          .eq('id', true);
        expect(e !== null || n === 0, role).toBe(true);
      }
      expect((await s.db.query('select 1 from public.store_settings')).rows).toHaveLength(1);
    });
  });

  describe('category_summaries (view)', () => {
    it('gives everyone each category with its product count', async () => {
      const { data, error } = await clients.anon
        .from('category_summaries')
        .select('name, slug, product_count')
        .eq('slug', 'sofas')
        .single();
      expect(error).toBeNull();
      expect(data).toMatchObject({ name: 'Sofas', slug: 'sofas' });
      expect(data!.product_count).toBeGreaterThanOrEqual(6);
    });
  });

  describe('category_stats (kept by triggers)', () => {
    it('everyone reads it; nobody, admin included, writes it', async () => {
      const sofas = (
        await s.db.query<{ id: string }>(`select id from public.categories where slug = 'sofas'`)
      ).rows[0]!.id;
      const stored = async () =>
        (
          await s.db.query<{ n: number }>(
            `select product_count as n from public.category_stats where category_id = $1`,
            [sofas],
          )
        ).rows[0]!.n;
      const before = await stored();
      for (const role of ROLES) {
        const { data, error } = await clients[role]
          .from('category_stats')
          .select('product_count')
          .eq('category_id', sofas)
          .single();
        expect(error, role).toBeNull();
        expect(data, role).toEqual({ product_count: before });
        const upd = await clients[role]
          .from('category_stats')
          .update({ product_count: 1000 }, { count: 'exact' })
          .eq('category_id', sofas);
        expect(upd.error !== null || upd.count === 0, role).toBe(true);
        const ins = await clients[role]
          .from('category_stats')
          .insert({ category_id: sofas, product_count: 1 });
        expect(ins.error, role).not.toBeNull();
        const del = await clients[role]
          .from('category_stats')
          .delete({ count: 'exact' })
          .eq('category_id', sofas);
        expect(del.error !== null || del.count === 0, role).toBe(true);
      }
      expect(await stored()).toBe(before);
    });
  });

  describe('admins whose sign-in is older than 8 hours', () => {
    it('still read what admins read', async () => {
      const { data } = await clients.staleAdmin.from('promo_codes').select('code').eq('code', 'SAVE10');
      expect(data).toEqual([{ code: 'SAVE10' }]);
      const { data: orders } = await clients.staleAdmin
        .from('orders')
        .select('id')
        .eq('user_id', PEOPLE.customerB.id);
      expect(orders!.length).toBeGreaterThan(0);
    });

    it('cannot write anything an admin may write', async () => {
      for (const c of CASES.filter((c) => c.insert.allowed.includes('admin'))) {
        const { error } = await clients.staleAdmin.from(c.table).insert(c.insert.row('admin'));
        expect(error, `insert into ${c.table}`).not.toBeNull();
      }
      for (const c of CASES.filter((c) => c.update.allowed.includes('admin'))) {
        const id = await c.make(s.db, PEOPLE.customerA);
        const before = await valueOf(c.table, id, c.update.column);
        const { error, count } = await clients.staleAdmin
          .from(c.table)
          .update(c.update.patch, { count: 'exact' })
          .eq('id', id);
        expect(error !== null || count === 0, `update ${c.table}`).toBe(true);
        expect(await valueOf(c.table, id, c.update.column)).toEqual(before);
      }
      for (const c of CASES.filter((c) => c.delete.allowed.includes('admin'))) {
        const id = await c.make(s.db, PEOPLE.customerA);
        const { error, count } = await clients.staleAdmin
          .from(c.table)
          .delete({ count: 'exact' })
          .eq('id', id);
        expect(error !== null || count === 0, `delete from ${c.table}`).toBe(true);
        expect(await stillThere(c.table, id)).toBe(true);
      }
    });

    it('are told their session expired when they change an order', async () => {
      const id = await makeOrder(s.db, PEOPLE.customerA);
      const { error, status } = await clients.staleAdmin.rpc('admin_set_order_status', {
        order_id: id,
        status: 'processing',
      });
      expect(status).toBe(403);
      expect(error?.message).toBe('Your admin session has expired. Please sign in again.');
      const { error: fresh } = await clients.admin.rpc('admin_set_order_status', {
        order_id: id,
        status: 'processing',
      });
      expect(fresh).toBeNull();
    });
  });

  describe('a customer who writes role: admin into their own metadata', () => {
    it('is still a customer', async () => {
      expect((await clients.pretender.from('promo_codes').select('code')).data).toEqual([]);
      expect((await clients.pretender.from('orders').select('id')).data).toEqual([]);
      expect((await clients.pretender.from('contact_messages').select('id')).data).toEqual([]);
      const { error } = await clients.pretender
        .from('products')
        .insert({ name: 'Free sofa', price: 1, category_id: 1 });
      expect(error).not.toBeNull();
      const { count } = await clients.pretender
        .from('products')
        .update({ price: 1 }, { count: 'exact' })
        .eq('id', 1);
      expect(count ?? 0).toBe(0);
      const dash = await clients.pretender.rpc('admin_dashboard');
      expect(dash.status).toBe(403);
      expect(dash.error?.message).toBe('Only store staff can do this.');
    });
  });

  describe('RPCs check the caller too', () => {
    it('admin_dashboard: admins only (a stale sign-in may still read it)', async () => {
      // PostgREST answers a refused anon call 401 or 403 depending on its reading of the anon key.
      expect([401, 403]).toContain((await clients.anon.rpc('admin_dashboard')).status);
      expect((await clients.customerA.rpc('admin_dashboard')).status).toBe(403);
      const { data, error } = await clients.admin.rpc('admin_dashboard');
      expect(error).toBeNull();
      expect(data).toHaveProperty('total_orders');
      expect((await clients.staleAdmin.rpc('admin_dashboard')).error).toBeNull();
    });

    it('place_order and cancel_order need a signed-in customer', async () => {
      const { status, error } = await clients.anon.rpc('place_order', {
        items: [{ product_id: 1, quantity: 1 }],
        shipping_address: {},
      });
      expect([401, 403]).toContain(status);
      expect(error?.code).toBe('42501');
      const id = await makeOrder(s.db, PEOPLE.customerA);
      const other = await clients.customerB.rpc('cancel_order', { order_id: id });
      expect(other.error?.message).toBe('Order not found.');
      expect(
        (await s.db.query<{ status: string }>('select status::text from public.orders where id = $1', [id]))
          .rows[0]!.status,
      ).toBe('pending');
    });

    it("track_order shows a visitor an order only with the order's e-mail or phone", async () => {
      const id = await makeOrder(s.db, PEOPLE.customerA);
      const num = String(await one(s.db, 'select order_number from public.orders where id = $1', [id]));
      expect((await clients.anon.rpc('track_order', { order_number: num })).data).toBeNull();
      expect(
        (await clients.anon.rpc('track_order', { order_number: num, contact: 'someone@else.in' })).data,
      ).toBeNull();
      expect((await clients.customerB.rpc('track_order', { order_number: num })).data).toBeNull();
      expect(
        (
          await clients.anon.rpc('track_order', {
            order_number: num,
            contact: PEOPLE.customerA.email.toUpperCase(),
          })
        ).data,
      ).toMatchObject({ order_number: num });
      expect(
        (
          await clients.anon.rpc('track_order', {
            order_number: num.toLowerCase(),
            contact: '+91 98450 12345',
          })
        ).data,
      ).toMatchObject({ order_number: num });
      expect((await clients.customerA.rpc('track_order', { order_number: num })).data).toMatchObject({
        order_number: num,
        status: 'pending',
      });
      expect((await clients.admin.rpc('track_order', { order_number: num })).data).toMatchObject({
        order_number: num,
      });
    });
  });
});
