/**
 * Customers and the dashboard as staff read them (issue 21), through supabase-js over HTTP against the
 * real migrations and seed, on PGlite and PostgreSQL. The customers view: e-mail (from auth.users,
 * following a change), phone, orders placed and total spent (captured payments less processed
 * refunds), sorted and searched; equal to a brute-force recount for every account when the suite
 * ends, after 6 concurrent orders of one customer too. admin_dashboard(): today and yesterday as IST
 * days (an order at 00:00:00 IST is today's, one a millisecond before is yesterday's, cancelled ones
 * count for neither), the 30 days as 'YYYY-MM-DD', orders staff may ship now, returns waiting, low
 * stock and pending reviews. Customers and anon read none of it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Queryable } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import { ADDRESS } from './support/gst.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  serviceClient,
  storeClient,
} from './support/store.ts';
import { plainProduct, setStock, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;

/** The figures this suite checks, as admin_dashboard() builds them (jsonb). */
interface Figures {
  today: { orders: number; revenue: number };
  yesterday: { orders: number; revenue: number };
  awaiting_shipment: number;
  returns_requested: number;
  returns_open: number;
  pending_reviews: number;
  low_stock_alerts: number;
  sales_last_30_days: { date: string; orders: number; revenue: number }[];
}

const IST_MS = 5.5 * 3600 * 1000;
/** Midnight IST of the day `daysAgo` days before today (IST), as an instant. */
function istMidnight(daysAgo: number, now = Date.now()): Date {
  const ist = new Date(now + IST_MS);
  const midnightIst = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() - daysAgo);
  return new Date(midnightIst - IST_MS);
}
/** The IST calendar date of an instant, 'YYYY-MM-DD'. */
const istDate = (at: Date): string => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);

/** Every account whose customer_stats row differs from a recount of its orders and refunds. */
async function statsMismatches(db: Queryable): Promise<unknown[]> {
  const { rows } = await db.query(
    `select u.id, s.order_count, s.total_spent, c.order_count as want_count, c.total_spent as want_spent
     from auth.users as u
     left join public.customer_stats as s on s.user_id = u.id
     cross join lateral (
       select count(o.id)::int as order_count,
         coalesce(sum(o.total) filter (where o.payment_status in ('paid', 'partially_refunded', 'refunded')), 0)
         - coalesce((select sum(f.amount) from public.refunds as f join public.orders as x on x.id = f.order_id
                     where x.user_id = u.id and f.status = 'processed'), 0) as total_spent
       from public.orders as o where o.user_id = u.id
     ) as c
     where s.user_id is null or s.order_count <> c.order_count or s.total_spent <> c.total_spent
        or s.email is distinct from u.email`,
  );
  return rows;
}

forEachStoreServer('customers and the dashboard', ({ kind, server }) => {
  let s: TestServer;
  let staff: Client;
  let asha: Client;
  let bilal: Client;
  let anon: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    // Staff are the rows of staff_members (issue 21); the test admin is an owner.
    await s.db.query(
      `insert into public.staff_members (user_id, email, roles) values ($1, $2, '{owner}') on conflict (user_id) do nothing`,
      [PEOPLE.admin.id, PEOPLE.admin.email],
    );
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    staff = storeClient(s, PEOPLE.admin);
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
    anon = storeClient(s);
  });

  afterAll(async () => {
    expect(await statsMismatches(s.db), `customer_stats [${kind}]`).toEqual([]);
  });

  const dashboard = async (client: Client = staff): Promise<Figures> => {
    const { data, error } = await client.rpc('admin_dashboard');
    expect(error).toBeNull();
    return data as unknown as Figures;
  };
  const setStatus = async (orderId: string, status: Database['public']['Enums']['order_status']) => {
    const { error } = await staff.rpc('admin_set_order_status', { order_id: orderId, status });
    expect(error).toBeNull();
  };

  /** One order of a new product at `price`; its id and total (rupees). */
  async function order(
    client: Client,
    price: number,
    method: Database['public']['Enums']['payment_method'] = 'cod',
  ): Promise<{ id: string; total: number }> {
    const p = await plainProduct(s.db, { price, stock: 50 });
    const { data, error } = await client.rpc('place_order', {
      items: [{ product_id: p.id, quantity: 1 }],
      shipping_address: ADDRESS.KA,
      payment_method: method,
      idempotency_key: uniq('cd-'),
    });
    expect(error).toBeNull();
    return { id: data!.id, total: Number(data!.total) };
  }

  /** Moves an order's creation time (a fixture: the superuser, user triggers off). */
  async function placedAt(orderId: string, at: Date): Promise<void> {
    await s.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query('update public.orders set created_at = $2 where id = $1', [orderId, at.toISOString()]);
    });
  }

  describe('admin_dashboard', () => {
    it('counts today and yesterday as IST days, midnight to midnight, without cancelled orders', async () => {
      const before = await dashboard();
      const today = istMidnight(0);
      const atMidnight = await order(bilal, 1000);
      const lastMsOfYesterday = await order(bilal, 2000);
      const dayBefore = await order(bilal, 4000);
      const now = await order(bilal, 8000);
      const cancelled = await order(bilal, 16000);
      await placedAt(atMidnight.id, today);
      await placedAt(lastMsOfYesterday.id, new Date(today.getTime() - 1));
      await placedAt(dayBefore.id, new Date(istMidnight(1).getTime() - 1));
      await setStatus(cancelled.id, 'cancelled');

      const after = await dashboard();
      expect(after.today.orders - before.today.orders).toBe(2);
      expect(after.today.revenue - before.today.revenue).toBeCloseTo(atMidnight.total + now.total, 2);
      expect(after.yesterday.orders - before.yesterday.orders).toBe(1);
      expect(after.yesterday.revenue - before.yesterday.revenue).toBeCloseTo(lastMsOfYesterday.total, 2);

      // The chart's days: 30 IST dates, oldest first, ending today; the same split by day.
      const days = after.sales_last_30_days;
      expect(days).toHaveLength(30);
      expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
      expect(days[29]!.date).toBe(istDate(new Date()));
      expect(days[0]!.date).toBe(istDate(istMidnight(29)));
      const on = (f: Figures, date: string) => f.sales_last_30_days.find((d) => d.date === date)!;
      const yesterdayDate = istDate(istMidnight(1));
      const dayBeforeDate = istDate(istMidnight(2));
      expect(on(after, yesterdayDate).orders - on(before, yesterdayDate).orders).toBe(1);
      expect(on(after, dayBeforeDate).orders - on(before, dayBeforeDate).orders).toBe(1);
      expect(on(after, days[29]!.date).revenue - on(before, days[29]!.date).revenue).toBeCloseTo(
        atMidnight.total + now.total,
        2,
      );
    });

    it('counts orders staff may ship now: not an unpaid online order, not a shipped one', async () => {
      const before = (await dashboard()).awaiting_shipment;
      const cod = await order(bilal, 1500);
      const unpaidOnline = await order(bilal, 1500, 'razorpay');
      expect((await dashboard()).awaiting_shipment).toBe(before + 1);
      const { error } = await serviceClient(s).rpc('mark_order_paid', {
        order_id: unpaidOnline.id,
        razorpay_payment_id: uniq('pay_CD'),
      });
      expect(error).toBeNull();
      expect((await dashboard()).awaiting_shipment).toBe(before + 2);
      await setStatus(cod.id, 'processing');
      expect((await dashboard()).awaiting_shipment).toBe(before + 2);
      await setStatus(cod.id, 'shipped');
      await setStatus(unpaidOnline.id, 'cancelled');
      expect((await dashboard()).awaiting_shipment).toBe(before);
    });

    it('counts returns waiting, open returns, low stock and pending reviews', async () => {
      const before = await dashboard();
      // A delivered order, reviewed by its buyer (pending moderation) and returned (requested).
      const o = await order(asha, 2500);
      await setStatus(o.id, 'shipped');
      await setStatus(o.id, 'delivered');
      const { rows } = await s.db.query<{ id: string }>(
        'select id::text from public.order_items where order_id = $1',
        [o.id],
      );
      const review = await asha.rpc('submit_review', {
        order_item_id: Number(rows[0]!.id),
        rating: 4,
        title: 'Good value',
        body: 'Sturdy and well finished, delivered on time.',
      });
      expect(review.error).toBeNull();
      const requested = await s.db.query<{ id: string }>(
        `insert into public.returns (order_id, user_id, status, pickup_address)
         select o.id, o.user_id, 'requested', o.shipping_address from public.orders as o where o.id = $1
         returning id`,
        [o.id],
      );
      await s.db.query(
        `insert into public.returns (order_id, user_id, status, pickup_address)
         select o.id, o.user_id, 'approved', o.shipping_address from public.orders as o where o.id = $1`,
        [o.id],
      );
      // Stock falls to the threshold: one open alert.
      const p = await plainProduct(s.db, { price: 999, stock: 20 });
      await setStock(s.db, p.id, 1);

      const after = await dashboard();
      expect(after.pending_reviews - before.pending_reviews).toBe(1);
      expect(after.returns_requested - before.returns_requested).toBe(1);
      expect(after.returns_open - before.returns_open).toBe(2);
      expect(after.low_stock_alerts - before.low_stock_alerts).toBe(1);

      await s.db.query(
        `update public.returns set status = 'rejected', rejection_reason = 'Outside the window' where id = $1`,
        [requested.rows[0]!.id],
      );
      const later = await dashboard();
      expect(later.returns_requested - before.returns_requested).toBe(0);
      expect(later.returns_open - before.returns_open).toBe(1);
    });

    it('answers staff only', async () => {
      for (const client of [asha, anon]) {
        const { data, error } = await client.rpc('admin_dashboard');
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      }
    });
  });

  describe('customers', () => {
    it('lists each customer with e-mail, phone, orders placed and total spent net of processed refunds', async () => {
      const { data: start } = await staff
        .from('customers')
        .select('*')
        .eq('id', PEOPLE.customerA.id)
        .single();
      const delivered = await order(asha, 3000);
      await setStatus(delivered.id, 'shipped');
      await setStatus(delivered.id, 'delivered'); // cash collected: paid
      const unpaid = await order(asha, 5000); // COD not delivered: nothing spent yet
      const cancelled = await order(asha, 7000);
      await setStatus(cancelled.id, 'cancelled');
      const refund = await staff.rpc('admin_create_refund', {
        order_id: delivered.id,
        amount: 500,
        reason: 'Goodwill: delivered late',
        request_key: uniq('cd-refund-'),
        reference: 'UTR123456789012',
      });
      expect(refund.error).toBeNull();
      expect(refund.data).toMatchObject({ status: 'processed' });

      const { data, error } = await staff
        .from('customers')
        .select('*')
        .eq('id', PEOPLE.customerA.id)
        .single();
      expect(error).toBeNull();
      expect(data).toMatchObject({
        full_name: 'Asha Rao',
        email: 'asha@example.in',
        phone: '9845012345',
      });
      expect(data!.order_count - start!.order_count!).toBe(3);
      expect(Number(data!.total_spent) - Number(start!.total_spent)).toBeCloseTo(delivered.total - 500, 2);
      expect(new Date(data!.last_order_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      void unpaid;
    });

    it('sorts by total spent and searches name, e-mail and phone', async () => {
      const big = await order(bilal, 90000, 'razorpay');
      await serviceClient(s).rpc('mark_order_paid', {
        order_id: big.id,
        razorpay_payment_id: uniq('pay_CD'),
      });
      const { data: top } = await staff
        .from('customers')
        .select('id, total_spent')
        .order('total_spent', { ascending: false })
        .limit(1);
      expect(top![0]!.id).toBe(PEOPLE.customerB.id);

      for (const term of ['bilal', 'BILAL@EXAMPLE', '91234']) {
        const { data, error } = await staff
          .from('customers')
          .select('id')
          .or(`full_name.ilike.*${term}*,email.ilike.*${term}*,phone.ilike.*${term}*`);
        expect(error).toBeNull();
        expect(data!.map((c) => c.id)).toEqual([PEOPLE.customerB.id]);
      }
    });

    it('follows a change of e-mail in Auth', async () => {
      await s.db.query(`update auth.users set email = 'bilal.khan@example.in' where id = $1`, [
        PEOPLE.customerB.id,
      ]);
      const { data } = await staff.from('customers').select('email').eq('id', PEOPLE.customerB.id).single();
      expect(data!.email).toBe('bilal.khan@example.in');
      await s.db.query(`update auth.users set email = $2 where id = $1`, [
        PEOPLE.customerB.id,
        PEOPLE.customerB.email,
      ]);
    });

    it('keeps the count right when one customer places orders at the same time', async () => {
      const { data: start } = await staff
        .from('customers')
        .select('order_count')
        .eq('id', PEOPLE.customerB.id)
        .single();
      await Promise.all(Array.from({ length: 6 }, () => order(bilal, 1200)));
      const { data } = await staff
        .from('customers')
        .select('order_count')
        .eq('id', PEOPLE.customerB.id)
        .single();
      expect(data!.order_count - start!.order_count!).toBe(6);
    });

    it('is read by staff only: a customer sees no one (not even themselves), anon is refused', async () => {
      const reads = (client: typeof asha) => [
        client.from('customers').select('*'),
        client.from('customer_stats').select('*'),
      ];
      for (const own of await Promise.all(reads(asha))) {
        expect(own.error).toBeNull();
        expect(own.data).toEqual([]);
      }
      for (const visitor of await Promise.all(reads(anon))) {
        expect(visitor.data).toBeNull();
        expect(visitor.error?.code).toBe('42501');
      }
      const { count } = await staff.from('customers').select('id', { count: 'exact', head: true });
      expect(count).toBeGreaterThanOrEqual(3);
    });
  });
});
