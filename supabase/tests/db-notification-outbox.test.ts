/**
 * The notification outbox (issue 15) through supabase-js over HTTP, on PGlite and PostgreSQL: every
 * order event a customer cares about writes exactly one row in the event's own transaction (none for a
 * rolled-back order, one however often the event repeats), the dispatcher's claim never hands a row to
 * two callers and suppresses a confirmation whose order was cancelled, failures back off and end dead
 * after max_attempts, staff read the outbox and resend, and nobody else reads or drives it. (The
 * return and refund mails of issue 19: db-returns.test.ts and db-refunds.test.ts.)
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json, Tables } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import { sellOut } from './support/variants.ts';
import { applyVaultSecrets, createScheduler } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';

type Client = SupabaseClient<Database>;
type Outbox = Tables<'notification_outbox'>;

let serial = 0;

forEachStoreServer('the notification outbox', ({ server }) => {
  let s: TestServer;
  let asha: Client;
  let bilal: Client;
  let staff: Client;
  let service: Client;
  let anon: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
    staff = storeClient(s, PEOPLE.admin);
    service = serviceClient(s);
    anon = storeClient(s);
  });

  async function product(price = 4999, stock = 50): Promise<number> {
    const { rows } = await s.db.query<{ id: number }>(
      `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
       values ($1, $2::numeric, $2::numeric * 2, 1, $3, '/images/products/outbox.webp') returning id`,
      [`Outbox piece ${++serial}`, price, stock],
    );
    return Number(rows[0]!.id);
  }

  async function place(
    client: Client,
    method: 'cod' | 'razorpay' = 'cod',
    address: { [key: string]: Json | undefined } = {},
  ): Promise<Tables<'orders'>> {
    const { data, error } = await client
      .rpc('place_order', {
        items: [{ product_id: await product(), quantity: 2, selected_color: 'Walnut' }],
        shipping_address: shippingAddress(address),
        payment_method: method,
        idempotency_key: `outbox-${++serial}`,
      })
      .single();
    if (error) throw new Error(error.message);
    return data;
  }

  async function rowsOf(orderId: string): Promise<Outbox[]> {
    const { rows } = await s.db.query<Outbox>(
      'select * from public.notification_outbox where order_id = $1 order by id',
      [orderId],
    );
    return rows;
  }

  describe('one row per event, in the event’s transaction', () => {
    it('a COD order writes one order_placed row with what the mail shows', async () => {
      const order = await place(asha, 'cod', { email: 'Asha.Rao@Example.in', fullName: 'Asha <b>Rao</b>' });
      const rows = await rowsOf(order.id);
      expect(rows.map((r) => [r.event, r.status, r.recipient, r.dedupe_key])).toEqual([
        ['order_placed', 'pending', 'asha.rao@example.in', `order_placed/${order.id}`],
      ]);
      const payload = rows[0]!.payload as Record<string, unknown>;
      expect(payload).toMatchObject({
        order_number: order.order_number,
        payment_method: 'cod',
        total: order.total,
        shipping_address: { fullName: 'Asha <b>Rao</b>', city: 'Bengaluru', pincode: '560038' },
        event_description: 'Your order has been placed. Pay in cash when it is delivered.',
      });
      expect(payload.items).toEqual([
        expect.objectContaining({
          image: '/images/products/outbox.webp',
          quantity: 2,
          unit_price: 4999,
          line_total: 9998,
          selected_color: 'Walnut',
        }),
      ]);
    });

    it('an order rolled back writes nothing', async () => {
      const before = (
        await s.db.query<{ n: number }>('select count(*)::int as n from public.notification_outbox')
      ).rows[0]!.n;
      const id = await product();
      const placed = await s.db.transaction(
        async (tx) => {
          await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: PEOPLE.customerA.id, role: 'authenticated' }),
          ]);
          await tx.query('set local role authenticated');
          const { rows } = await tx.query<{ id: string }>(
            `select (public.place_order($1::jsonb, $2::jsonb, 'cod', null, $3)).id`,
            [
              JSON.stringify([{ product_id: id, quantity: 1 }]),
              JSON.stringify(shippingAddress()),
              `rb-${++serial}`,
            ],
          );
          const inside = await tx.query<{ n: number }>(
            'select count(*)::int as n from public.notification_outbox where order_id = $1',
            [rows[0]!.id],
          );
          return { id: rows[0]!.id, inside: inside.rows[0]!.n };
        },
        { rollback: true },
      );
      expect(placed.inside).toBe(0); // the customer cannot read the outbox, even inside
      const after = (
        await s.db.query<{ n: number }>('select count(*)::int as n from public.notification_outbox')
      ).rows[0]!.n;
      expect(after).toBe(before);
      expect(await rowsOf(placed.id)).toEqual([]);
    });

    it('an online order writes nothing until it is paid, then one order_paid row', async () => {
      const order = await place(bilal, 'razorpay');
      expect(await rowsOf(order.id)).toEqual([]);
      const paid = await service.rpc('mark_order_paid', {
        order_id: order.id,
        razorpay_payment_id: `pay_ob${++serial}`,
      });
      expect(paid.error).toBeNull();
      await service.rpc('mark_order_paid', { order_id: order.id, razorpay_payment_id: `pay_ob${serial}` });
      const rows = await rowsOf(order.id);
      expect(rows.map((r) => r.event)).toEqual(['order_paid']);
      expect(rows[0]!.payload).toMatchObject({ payment_status: 'paid', payment_method: 'razorpay' });
    });

    it('shipped, out for delivery and delivered: one row each, however often staff repeat them', async () => {
      const order = await place(asha);
      const ship = await staff.rpc('admin_set_order_status', {
        order_id: order.id,
        status: 'shipped',
        location: 'Jaipur Hub',
      });
      expect(ship.error).toBeNull();
      for (let i = 0; i < 2; i++) {
        const ev = await staff.rpc('admin_add_order_event', {
          order_id: order.id,
          status: 'Out for Delivery',
          location: 'Indiranagar',
        });
        expect(ev.error).toBeNull();
      }
      expect(
        (await staff.rpc('admin_set_order_status', { order_id: order.id, status: 'delivered' })).error,
      ).toBeNull();
      const rows = await rowsOf(order.id);
      expect(rows.map((r) => r.event)).toEqual(['order_placed', 'shipped', 'out_for_delivery', 'delivered']);
      expect(rows[1]!.payload).toMatchObject({ event_location: 'Jaipur Hub', status: 'shipped' });
      // the dispatch issued the invoice before the Shipped event enqueued the mail (issue 18)
      const invoice = await staff.from('invoices').select('number').eq('order_id', order.id).single();
      expect(invoice.error).toBeNull();
      expect(rows[1]!.payload).toMatchObject({ invoice_number: invoice.data!.number });
      expect(rows[0]!.payload).toMatchObject({ invoice_number: null });
      expect(Number((rows[0]!.payload as { tax_total: number }).tax_total)).toBeGreaterThan(0);
    });

    it('a cancellation writes one cancelled row saying who cancelled', async () => {
      const byCustomer = await place(asha);
      expect((await asha.rpc('cancel_order', { order_id: byCustomer.id })).error).toBeNull();
      const byStaff = await place(bilal);
      expect(
        (await staff.rpc('admin_set_order_status', { order_id: byStaff.id, status: 'cancelled' })).error,
      ).toBeNull();
      const c1 = (await rowsOf(byCustomer.id)).find((r) => r.event === 'cancelled')!;
      const c2 = (await rowsOf(byStaff.id)).find((r) => r.event === 'cancelled')!;
      expect(c1.payload).toMatchObject({
        event_description: 'Cancelled at your request.',
        released_unpaid: false,
      });
      expect(c2.payload).toMatchObject({ event_description: 'Your order has been cancelled by the store.' });
    });

    it('an unpaid online order released by the schedule writes a cancelled row; a late payment then a refund row', async () => {
      const order = await place(bilal, 'razorpay');
      expect((await service.rpc('release_unpaid_orders', { older_than: '0 seconds' })).error).toBeNull();
      const cancelled = (await rowsOf(order.id)).find((r) => r.event === 'cancelled')!;
      expect(cancelled.payload).toMatchObject({ released_unpaid: true });

      // The stock is gone, so the late payment is refunded, not revived.
      const { rows: ordered } = await s.db.query<{ product_id: string }>(
        'select product_id from public.order_items where order_id = $1',
        [order.id],
      );
      await sellOut(
        s.db,
        ordered.map((r) => Number(r.product_id)),
      );
      const payment = `pay_late${++serial}`;
      expect(
        (await service.rpc('mark_order_paid', { order_id: order.id, razorpay_payment_id: payment })).error,
      ).toBeNull();
      // The refunds function issues the full refund the cancellation owes; Razorpay says processed.
      const owed = await service.rpc('due_refunds', { order_id: order.id });
      expect(owed.data?.map((r) => [r.rail, r.amount, r.razorpay_payment_id])).toEqual([
        ['razorpay', order.total, payment],
      ]);
      const refund = await service.rpc('record_refund', {
        idempotency_key: owed.data![0]!.idempotency_key,
        provider_id: `rfnd_ob${serial}`,
        status: 'processed',
        reference: '74512345678901234567890',
      });
      expect(refund.error).toBeNull();
      // A replayed webhook changes nothing and mails nothing more.
      await service.rpc('record_refund', {
        idempotency_key: owed.data![0]!.idempotency_key,
        provider_id: `rfnd_ob${serial}`,
        status: 'processed',
      });
      const rows = await rowsOf(order.id);
      expect(rows.map((r) => r.event)).toEqual(['cancelled', 'refund_initiated', 'refund_processed']);
      expect(rows[1]!.payload).toMatchObject({ refund_amount: order.total, refund_rail: 'razorpay' });
      expect(rows[2]!.payload).toMatchObject({
        refund_amount: order.total,
        refund_reference: '74512345678901234567890',
      });
    });
  });

  describe('who may read and drive it', () => {
    it('staff read it; customers and visitors read nothing and cannot claim or resend', async () => {
      const order = await place(asha);
      expect((await staff.from('notification_outbox').select('event').eq('order_id', order.id)).data).toEqual(
        [{ event: 'order_placed' }],
      );
      expect((await asha.from('notification_outbox').select('id').eq('order_id', order.id)).data).toEqual([]);
      expect((await anon.from('notification_outbox').select('id')).error?.code).toBe('42501');
      for (const client of [anon, asha, staff]) {
        expect((await client.rpc('claim_notifications', {})).error?.code).toBe('42501');
        expect((await client.rpc('fail_notification', { id: 1, error: 'x' })).error?.code).toBe('42501');
        expect((await client.rpc('complete_notification', { id: 1 })).error?.code).toBe('42501');
      }
      expect((await asha.rpc('admin_resend_notification', { id: 1 })).error?.code).toBe('42501');
      const stale = storeClient(s, PEOPLE.staleAdmin);
      expect((await stale.rpc('admin_resend_notification', { id: 1 })).error?.message).toBe(
        'Your admin session has expired. Please sign in again.',
      );
    });
  });

  describe('the dispatcher’s claim, retries and dead letters', () => {
    /** Send everything queued so far, so each test below sees only its own rows. */
    async function drain(): Promise<void> {
      for (;;) {
        const { data, error } = await service.rpc('claim_notifications', { max_rows: 100 });
        if (error) throw new Error(error.message);
        if (!data.length) return;
        for (const row of data)
          await service.rpc('complete_notification', { id: row.id, provider_id: 'drained' });
      }
    }

    it('two dispatchers at once claim each row once', async () => {
      await drain();
      const orders = [];
      for (let i = 0; i < 12; i++) orders.push(await place(i % 2 ? asha : bilal));
      const [a, b] = await Promise.all([
        service.rpc('claim_notifications', { max_rows: 8 }),
        service.rpc('claim_notifications', { max_rows: 8 }),
      ]);
      const ids = [...a.data!, ...b.data!].map((r) => r.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect((await service.rpc('claim_notifications', {})).data).toEqual([]); // leased, not due
      for (const id of ids) {
        const done = await service.rpc('complete_notification', { id, provider_id: `<${id}@smtp.test>` });
        expect(done.data).toMatchObject({ status: 'sent', provider_id: `<${id}@smtp.test>`, attempts: 1 });
      }
      expect((await service.rpc('complete_notification', { id: ids[0]! })).error?.message).toBe(
        `Notification ${ids[0]} is not being sent.`,
      );
    });

    it('a lease that runs out (the dispatcher died) is claimed again', async () => {
      await drain();
      const order = await place(asha);
      const first = (await service.rpc('claim_notifications', { lease_seconds: 10 })).data!;
      expect(first.map((r) => r.order_id)).toEqual([order.id]);
      await s.db.query(
        `update public.notification_outbox set locked_until = now() - interval '1 second' where id = $1`,
        [first[0]!.id],
      );
      const again = (await service.rpc('claim_notifications', {})).data!;
      expect(again.map((r) => [r.id, r.attempts])).toEqual([[first[0]!.id, 2]]);
    });

    it('claims the earliest due rows of both kinds in order, reading only those whatever the backlog', async () => {
      await drain();
      const order = await place(asha);
      // a backlog: 400 due mails of that order, due 400 … 1 minutes ago; two of them leased by a
      // dispatcher that never reported back (their leases ran out)
      await s.db.query(
        `insert into public.notification_outbox (event, order_id, recipient, payload, dedupe_key, next_attempt_at)
         select 'shipped', $1::uuid, 'backlog@example.com', '{}'::jsonb, 'backlog/' || g, now() - make_interval(mins => g)
         from generate_series(1, 400) as g`,
        [order.id],
      );
      await s.db.query(
        `update public.notification_outbox set status = 'sending', locked_until = now() - interval '1 second'
         where dedupe_key in ('backlog/399', 'backlog/5')`,
      );
      // heap and index rows the claim read, counted in its own transaction
      const [claimed, read] = await s.db.transaction(async (tx) => {
        const reads = `select pg_stat_get_xact_tuples_returned('public.notification_outbox'::regclass)
            + pg_stat_get_xact_tuples_fetched('public.notification_outbox'::regclass) as n`;
        const before = Number((await tx.query<{ n: string }>(reads)).rows[0]!.n);
        const rows = await tx.query<{ dedupe_key: string; attempts: number }>(
          'select dedupe_key, attempts from public.claim_notifications(3) order by next_attempt_at',
        );
        const after = Number((await tx.query<{ n: string }>(reads)).rows[0]!.n);
        return [rows.rows, after - before] as const;
      });
      expect(claimed).toEqual([
        { dedupe_key: 'backlog/400', attempts: 1 },
        { dedupe_key: 'backlog/399', attempts: 1 },
        { dedupe_key: 'backlog/398', attempts: 1 },
      ]);
      // all 400 due rows fetched and sorted before the limit, as one OR over both indexes did: 400+
      expect(read).toBeLessThan(60);
      await drain();
    });

    it('a confirmation whose order was cancelled first is suppressed; the cancellation is sent', async () => {
      await drain();
      const order = await place(asha);
      expect((await asha.rpc('cancel_order', { order_id: order.id })).error).toBeNull();
      const claimed = (await service.rpc('claim_notifications', {})).data!;
      expect(claimed.map((r) => r.event)).toEqual(['cancelled']);
      expect((await rowsOf(order.id)).map((r) => [r.event, r.status])).toEqual([
        ['order_placed', 'suppressed'],
        ['cancelled', 'sending'],
      ]);
    });

    it('failures back off 1 min, 5 min, 30 min, 2 h, 12 h, and the 8th is dead; staff resend it', async () => {
      await drain();
      const order = await place(bilal);
      const gaps: number[] = [];
      let last: Outbox | undefined;
      for (let attempt = 1; attempt <= 8; attempt++) {
        await s.db.query(
          'update public.notification_outbox set next_attempt_at = now() where order_id = $1',
          [order.id],
        );
        const claimed = (await service.rpc('claim_notifications', {})).data!;
        expect(claimed.map((r) => [r.order_id, r.attempts])).toEqual([[order.id, attempt]]);
        const failed = await service.rpc('fail_notification', {
          id: claimed[0]!.id,
          error: '421 try again later',
        });
        last = failed.data!;
        gaps.push(Math.round((Date.parse(last.next_attempt_at) - Date.parse(last.updated_at)) / 60_000));
        expect(last.status).toBe(attempt < 8 ? 'failed' : 'dead');
      }
      expect(gaps.slice(0, 6)).toEqual([1, 5, 30, 120, 720, 720]);
      expect(last).toMatchObject({ last_error: '421 try again later', attempts: 8 });
      await s.db.query('update public.notification_outbox set next_attempt_at = now() where order_id = $1', [
        order.id,
      ]);
      expect((await service.rpc('claim_notifications', {})).data).toEqual([]); // dead is not retried

      const dead = await staff
        .from('notification_outbox')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'dead');
      expect(dead.count).toBeGreaterThanOrEqual(1);
      const resent = await staff.rpc('admin_resend_notification', { id: last!.id });
      expect(resent.data).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
      expect((await staff.rpc('admin_resend_notification', { id: last!.id })).error?.message).toBe(
        'Only a failed or dead message can be sent again.',
      );
      expect((await service.rpc('claim_notifications', {})).data!.map((r) => r.id)).toEqual([last!.id]);
    });

    it('refuses silly batch sizes and leases', async () => {
      expect((await service.rpc('claim_notifications', { max_rows: 0 })).error?.message).toBe(
        'max_rows must be between 1 and 100.',
      );
      expect((await service.rpc('claim_notifications', { lease_seconds: 1 })).error?.message).toBe(
        'lease_seconds must be between 10 and 3600.',
      );
    });
  });

  describe('the schedule', () => {
    const queued = async () =>
      (
        await s.db.query<{ url: string; headers: Record<string, string> }>(
          `select url, headers from net.http_request_queue where url like '%/functions/v1/notify-dispatch'`,
        )
      ).rows;

    it('calls notify-dispatch every minute with the URL and key from Vault, and nothing until they exist', async () => {
      const scheduler = createScheduler(s.db, { now: () => new Date('2026-11-24T10:00:30Z'), log: () => {} });
      await s.db.query(`delete from vault.secrets where name in ('project_url', 'secret_key')`);
      const runs = await scheduler.tick(new Date('2026-11-24T10:01:00Z'));
      expect(runs.find((r) => r.jobname === 'notify-dispatch')).toMatchObject({ status: 'succeeded' });
      expect(await queued()).toEqual([]);

      await applyVaultSecrets(
        s.db,
        { project_url: 'http://api.supabase.internal:8000', secret_key: 'sk_test' },
        () => {},
      );
      await scheduler.tick(new Date('2026-11-24T10:02:00Z'));
      expect(await queued()).toEqual([
        {
          url: 'http://api.supabase.internal:8000/functions/v1/notify-dispatch',
          headers: expect.objectContaining({ apikey: 'sk_test', Authorization: 'Bearer sk_test' }),
        },
      ]);
      await s.db.query(`delete from net.http_request_queue`);
    });
  });
});
