/**
 * admin_dashboard()'s order figures from kept sums (issue 22): private.order_day_totals holds the
 * orders and their totals per IST day, status, payment method, payment status and writer slot, kept by
 * triggers on orders (replication mode too), so the dashboard no longer reads every order. Through
 * supabase-js over HTTP against the real migrations and seed, on PGlite and PostgreSQL: after orders
 * (COD and online), payments, status moves, cancellations (a paid online one refunded), a processed
 * refund, concurrent checkouts, backdating (replication mode) and a deleted order, the kept sums equal
 * a group-by of the orders and every order figure of the dashboard equals the brute-force count it
 * made before (all-time totals, per status, awaiting shipment, today, yesterday, the 30 days). The
 * nightly fold (private.fold_order_day_totals, pg_cron) leaves one row per key of each past day and
 * the same figures.
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
import { plainProduct, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type OrderStatus = Database['public']['Enums']['order_status'];

/** The order figures of admin_dashboard() (jsonb), numbers as numbers. */
interface OrderFigures {
  total_orders: number;
  revenue: number;
  average_order_value: number;
  pending_orders: number;
  orders_by_status: Record<string, number>;
  today: { orders: number; revenue: number };
  yesterday: { orders: number; revenue: number };
  awaiting_shipment: number;
  sales_last_30_days: { date: string; orders: number; revenue: number }[];
}

/** The same figures counted from every order, as admin_dashboard() counted them before issue 22. */
async function bruteForce(db: Queryable): Promise<OrderFigures> {
  const { rows } = await db.query<{ f: OrderFigures }>(
    `with d as (select (now() at time zone 'Asia/Kolkata')::date as today),
     b as (
       select d.today, (d.today::timestamp at time zone 'Asia/Kolkata') as today_start,
         ((d.today - 1)::timestamp at time zone 'Asia/Kolkata') as yesterday_start,
         ((d.today + 1)::timestamp at time zone 'Asia/Kolkata') as tomorrow_start
       from d
     ),
     t as (
       select count(*) as total_orders, count(*) filter (where o.status <> 'cancelled') as valid_orders,
         coalesce(sum(o.total) filter (where o.status <> 'cancelled'), 0) as revenue,
         count(*) filter (where o.status = 'pending') as pending_orders
       from public.orders as o
     )
     select jsonb_build_object(
       'total_orders', t.total_orders,
       'revenue', t.revenue,
       'average_order_value', case when t.valid_orders > 0 then round(t.revenue / t.valid_orders, 2) else 0 end,
       'pending_orders', t.pending_orders,
       'orders_by_status', (
         select jsonb_object_agg(s.status, (select count(*) from public.orders as o where o.status = s.status))
         from unnest(enum_range(null::public.order_status)) as s (status)
       ),
       'today', (
         select jsonb_build_object('orders', count(*), 'revenue', coalesce(sum(o.total), 0))
         from public.orders as o
         where o.created_at >= b.today_start and o.created_at < b.tomorrow_start and o.status <> 'cancelled'
       ),
       'yesterday', (
         select jsonb_build_object('orders', count(*), 'revenue', coalesce(sum(o.total), 0))
         from public.orders as o
         where o.created_at >= b.yesterday_start and o.created_at < b.today_start and o.status <> 'cancelled'
       ),
       'awaiting_shipment', (
         select count(*) from public.orders as o
         where o.status in ('pending', 'processing')
           and 'shipped' = any (private.order_allowed_transitions(o.status, o.payment_method, o.payment_status))
       ),
       'sales_last_30_days', (
         select jsonb_agg(jsonb_build_object(
           'date', to_char(g.day, 'YYYY-MM-DD'), 'orders', coalesce(s.orders, 0), 'revenue', coalesce(s.revenue, 0)
         ) order by g.day)
         from (select b.today - n as day from generate_series(0, 29) as n) as g
         left join (
           select (o.created_at at time zone 'Asia/Kolkata')::date as day, count(*) as orders, sum(o.total) as revenue
           from public.orders as o
           where o.status <> 'cancelled' and o.created_at >= ((b.today - 29)::timestamp at time zone 'Asia/Kolkata')
           group by 1
         ) as s on s.day = g.day
       )
     ) as f
     from t cross join b`,
  );
  return rows[0]!.f;
}

/** The kept sums that differ from a group-by of the orders (empty when they agree). */
async function totalsMismatches(db: Queryable): Promise<unknown[]> {
  const { rows } = await db.query(
    `select coalesce(k.day, o.day) as day, coalesce(k.status, o.status) as status,
       coalesce(k.payment_method, o.payment_method) as payment_method,
       coalesce(k.payment_status, o.payment_status) as payment_status,
       k.orders as kept_orders, o.orders as want_orders, k.revenue as kept_revenue, o.revenue as want_revenue
     from (
       select t.day, t.status, t.payment_method, t.payment_status, sum(t.orders) as orders, sum(t.revenue) as revenue
       from private.order_day_totals as t group by 1, 2, 3, 4
     ) as k
     full join (
       select (x.created_at at time zone 'Asia/Kolkata')::date as day, x.status, x.payment_method, x.payment_status,
         count(*) as orders, sum(x.total) as revenue
       from public.orders as x group by 1, 2, 3, 4
     ) as o
       on o.day = k.day and o.status = k.status and o.payment_method = k.payment_method and o.payment_status = k.payment_status
     where coalesce(k.orders, 0) <> coalesce(o.orders, 0) or coalesce(k.revenue, 0) <> coalesce(o.revenue, 0)`,
  );
  return rows;
}

/** Every number of the figures as a number (jsonb numerics arrive as numbers, kept sums as well). */
function normalise(f: OrderFigures): OrderFigures {
  const n = (x: unknown) => Number(x);
  return {
    total_orders: n(f.total_orders),
    revenue: n(f.revenue),
    average_order_value: n(f.average_order_value),
    pending_orders: n(f.pending_orders),
    orders_by_status: Object.fromEntries(Object.entries(f.orders_by_status).map(([k, v]) => [k, n(v)])),
    today: { orders: n(f.today.orders), revenue: n(f.today.revenue) },
    yesterday: { orders: n(f.yesterday.orders), revenue: n(f.yesterday.revenue) },
    awaiting_shipment: n(f.awaiting_shipment),
    sales_last_30_days: f.sales_last_30_days.map((d) => ({
      date: d.date,
      orders: n(d.orders),
      revenue: n(d.revenue),
    })),
  };
}

forEachStoreServer('dashboard order figures kept', ({ kind, server }) => {
  let s: TestServer;
  let staff: Client;
  let asha: Client;
  let bilal: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await s.db.query(
      `insert into public.staff_members (user_id, email, roles) values ($1, $2, '{owner}') on conflict (user_id) do nothing`,
      [PEOPLE.admin.id, PEOPLE.admin.email],
    );
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    staff = storeClient(s, PEOPLE.admin);
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
  });

  afterAll(async () => {
    expect(await totalsMismatches(s.db), `order_day_totals [${kind}]`).toEqual([]);
  });

  const dashboard = async (): Promise<OrderFigures> => {
    const { data, error } = await staff.rpc('admin_dashboard');
    expect(error).toBeNull();
    return data as unknown as OrderFigures;
  };
  /** The dashboard's order figures equal the brute-force count, and the kept sums a group-by. */
  const expectRecount = async () => {
    expect(await totalsMismatches(s.db)).toEqual([]);
    const got = normalise(await dashboard());
    const want = normalise(await bruteForce(s.db));
    expect(got).toEqual(want);
    return got;
  };
  const setStatus = async (orderId: string, status: OrderStatus) => {
    const { error } = await staff.rpc('admin_set_order_status', { order_id: orderId, status });
    expect(error).toBeNull();
  };
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
      idempotency_key: uniq('dt-'),
    });
    expect(error).toBeNull();
    return { id: data!.id, total: Number(data!.total) };
  }
  const paid = async (orderId: string) => {
    const { error } = await serviceClient(s).rpc('mark_order_paid', {
      order_id: orderId,
      razorpay_payment_id: uniq('pay_DT'),
    });
    expect(error).toBeNull();
  };
  /** A fixture write as the superuser in replication mode (user triggers off; the kept sums' are always on). */
  async function replica(sql: string, params: unknown[]): Promise<void> {
    await s.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(sql, params);
    });
  }

  describe('admin_dashboard', () => {
    it('equals a recount of the orders after orders, payments, moves, cancellations and refunds', async () => {
      const before = await expectRecount();

      const cod = await order(asha, 1200);
      const online = await order(bilal, 3400, 'razorpay');
      const unpaid = await order(bilal, 5600, 'razorpay');
      const delivered = await order(asha, 7800);
      const cancelledPaid = await order(asha, 9100, 'razorpay');
      let now = await expectRecount();
      expect(now.total_orders - before.total_orders).toBe(5);
      expect(now.orders_by_status['pending']! - before.orders_by_status['pending']!).toBe(5);
      // COD ships now; an unpaid online order does not.
      expect(now.awaiting_shipment - before.awaiting_shipment).toBe(2);

      await paid(online.id);
      await paid(cancelledPaid.id);
      await setStatus(cod.id, 'processing');
      await setStatus(delivered.id, 'shipped');
      await setStatus(delivered.id, 'delivered');
      now = await expectRecount();
      expect(now.awaiting_shipment - before.awaiting_shipment).toBe(3);

      // Cancelling a paid online order refunds it; a delivered COD order refunded by transfer.
      await setStatus(cancelledPaid.id, 'cancelled');
      await setStatus(unpaid.id, 'cancelled');
      const refund = await staff.rpc('admin_create_refund', {
        order_id: delivered.id,
        amount: 500,
        reason: 'Goodwill: delivered late',
        request_key: uniq('dt-refund-'),
        reference: 'UTR998877665544',
      });
      expect(refund.error).toBeNull();
      now = await expectRecount();
      expect(now.orders_by_status['cancelled']! - before.orders_by_status['cancelled']!).toBe(2);
      expect(now.today.orders - before.today.orders).toBe(3);
      expect(now.today.revenue - before.today.revenue).toBeCloseTo(
        cod.total + online.total + delivered.total,
        2,
      );
    });

    it('follows an order moved to another day, its total changed and an order deleted, in replication mode too', async () => {
      const before = await expectRecount();
      const a = await order(bilal, 2100);
      const b = await order(bilal, 4300);
      const c = await order(asha, 6500);
      // Backdated: yesterday, 40 days ago (outside the chart, still in the all-time figures).
      await replica("update public.orders set created_at = now() - interval '1 day' where id = $1", [a.id]);
      await replica("update public.orders set created_at = now() - interval '40 days' where id = $1", [b.id]);
      await replica(
        'update public.orders set delivery_fee = delivery_fee + 100, total = total + 100 where id = $1',
        [c.id],
      );
      let now = await expectRecount();
      expect(now.total_orders - before.total_orders).toBe(3);
      expect(now.revenue - before.revenue).toBeCloseTo(a.total + b.total + c.total + 100, 2);

      // A deleted order (the superuser; its lines and ledger rows go with it in replication mode).
      await replica('delete from public.orders where id = $1', [c.id]);
      now = await expectRecount();
      expect(now.total_orders - before.total_orders).toBe(2);
    });

    it('folds the slot rows of past days into one row per key every night, the figures unchanged', async () => {
      const a = await order(asha, 2300);
      const b = await order(bilal, 4500);
      const c = await order(bilal, 6700);
      await replica("update public.orders set created_at = now() - interval '3 days' where id in ($1, $2)", [
        a.id,
        b.id,
      ]);
      await replica("update public.orders set created_at = now() - interval '5 days' where id = $1", [c.id]);
      // An order placed through one backend's slot and moved through another's: rows that cancel out.
      await s.db.query(
        `insert into private.order_day_totals (day, status, payment_method, payment_status, slot, orders, revenue)
         values ((now() at time zone 'Asia/Kolkata')::date - 4, 'cancelled', 'cod', 'pending', 111, 1, 990),
                ((now() at time zone 'Asia/Kolkata')::date - 4, 'cancelled', 'cod', 'pending', 222, -1, -990),
                ((now() at time zone 'Asia/Kolkata')::date - 3, 'pending', 'cod', 'pending', 333, 2, 100),
                ((now() at time zone 'Asia/Kolkata')::date - 3, 'pending', 'cod', 'pending', 444, -2, -100)`,
      );
      const rowsOf = async (where: string) =>
        (
          await s.db.query<{ slot: number; n: string }>(
            `select t.slot, count(*)::text as n from private.order_day_totals as t
             where ${where} group by 1 order by 1`,
          )
        ).rows;
      const past = "day < (now() at time zone 'Asia/Kolkata')::date";
      const todayRows = await rowsOf(`not (${past})`);
      expect((await rowsOf(`${past} and slot <> 0`)).length).toBeGreaterThanOrEqual(4);
      const before = await expectRecount();

      const { rows } = await s.db.query<{ folded: number }>(
        'select private.fold_order_day_totals() as folded',
      );
      expect(rows[0]!.folded).toBeGreaterThanOrEqual(6);
      expect(await rowsOf(`${past} and slot <> 0`)).toEqual([]);
      // one row per key, none for a key that came to nothing
      const { rows: perKey } = await s.db.query<{ n: string }>(
        `select count(*)::text as n from private.order_day_totals as t where t.${past}
         group by t.day, t.status, t.payment_method, t.payment_status having count(*) > 1`,
      );
      expect(perKey).toEqual([]);
      const { rows: zero } = await s.db.query(
        `select 1 from private.order_day_totals as t where t.${past} and t.orders = 0 and t.revenue = 0`,
      );
      expect(zero).toEqual([]);
      // today's rows are left to their writers
      expect(await rowsOf(`not (${past})`)).toEqual(todayRows);
      expect(await expectRecount()).toEqual(before);
      // a second fold finds nothing to do
      const again = await s.db.query<{ folded: number }>('select private.fold_order_day_totals() as folded');
      expect(again.rows[0]!.folded).toBe(0);
    });

    it('folds nightly: the pg_cron job the migrations schedule', async () => {
      const { rows } = await s.db.query<{ schedule: string; command: string; active: boolean }>(
        `select schedule, command, active from cron.job where jobname = 'fold-order-day-totals'`,
      );
      expect(rows).toEqual([
        { schedule: '30 20 * * *', command: 'select private.fold_order_day_totals()', active: true },
      ]);
    });

    it('keeps the sums right when customers check out at the same time', async () => {
      const before = await expectRecount();
      const placed = await Promise.all(
        Array.from({ length: 8 }, (_, i) => order(i % 2 ? asha : bilal, 1000 + i * 100)),
      );
      const now = await expectRecount();
      expect(now.total_orders - before.total_orders).toBe(placed.length);
      expect(now.today.revenue - before.today.revenue).toBeCloseTo(
        placed.reduce((sum, o) => sum + o.total, 0),
        2,
      );
    });
  });
});
