/**
 * A Razorpay payment that arrives after its order was released (the 30-minute job) is never lost,
 * over HTTP on PGlite (and PostgreSQL when DATABASE_URL is set), with the payment functions under
 * Deno and supabase-local's Razorpay sandbox: the order is revived once when its stock is still there
 * (stock taken once), otherwise the database owes a full refund (public.refunds) and the functions
 * issue it once (the sandbox holds exactly one refund), whatever order and however often
 * verify-payment and the webhook arrive; Razorpay's refund.processed (the sandbox's webhook, settled
 * by the test) finishes it. A refund call that fails (the sandbox answering Razorpay's 500) leaves
 * the refund pending, and the refunds function (the cron, or staff) issues it exactly once.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from 'supabase-local';
import {
  forEachServer,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEYS,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  RazorpaySandboxControl,
  razorpaySurface,
  type SandboxFaults,
  type TestServer,
} from 'supabase-local/testing';
import {
  accessToken,
  addPeople,
  expectLedgerBalanced,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
  STORE_PATHS,
} from './support/store.ts';
import { postFunction, SANDBOX_AUTH } from './support/functions.ts';
import { productStockOf, sellOut } from './support/variants.ts';

const faults: SandboxFaults = { refundOutage: false };
const control = new RazorpaySandboxControl();

interface RefundRow {
  status: string;
  provider_id: string | null;
  amount: string;
  attempts: number;
  last_error: string | null;
}
interface SandboxRefund {
  id: string;
  entity: string;
  amount: number;
  payment_id: string;
  status: string;
}

let serial = 0;

forEachServer(
  'a payment after the order was released',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
    config: loadConfig(),
    surfaces: {
      razorpay: razorpaySurface(LOCAL_RAZORPAY_KEYS, faults, {
        webhookUrl: '/functions/v1/razorpay-webhook',
        settleMs: 'manual',
        webhookRetryDelaysMs: [100, 300],
        control,
      }),
    },
  },
  ({ server }) => {
    let s: TestServer;
    // The stock ledger holds whatever the payment functions did (stock = sum of movements).
    afterAll(() => expectLedgerBalanced(server().db, 'payment functions'));
    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
      // These tests leave many online orders unpaid on purpose (the hoarding limit is tested elsewhere).
      await s.db.query('update public.store_settings set max_unpaid_online_orders = 1000');
    });

    const fn = (name: string, body: unknown, token?: string, headers?: Record<string, string>) =>
      postFunction(s, name, body, token, headers);

    /** A product of our own, so tests do not share stock. */
    const product = async (stock: number) => {
      const { rows } = await s.db.query<{ id: number }>(
        `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
         values ($1, 4999, 9999, 1, $2, '/images/products/test.webp') returning id`,
        [`Late piece ${++serial}`, stock],
      );
      return Number(rows[0]!.id);
    };
    /** The product's stock total once the refresh-product-stock job has folded the sales in. */
    const stockOf = async (id: number) => (await productStockOf(s.db, id)).stock_quantity;

    /**
     * Asha places an online order and opens Razorpay's checkout; then the release job runs before
     * she pays (the sandbox still takes her payment, as Razorpay would).
     */
    const releasedCheckout = async (productId: number, quantity: number) => {
      const token = accessToken(s, PEOPLE.customerA);
      const { data, error } = await storeClient(s, PEOPLE.customerA).rpc('place_order', {
        items: [{ product_id: productId, quantity }],
        shipping_address: shippingAddress() as never,
        payment_method: 'razorpay',
        idempotency_key: `late-${++serial}-${Date.now()}`,
      });
      expect(error).toBeNull();
      const order = data as unknown as { id: string; total: number };
      const created = await fn('razorpay-create-order', { order_id: order.id }, token);
      expect(created.status).toBe(200);
      const rzpOrderId = ((await created.json()) as { razorpay_order_id: string }).razorpay_order_id;
      const released = await serviceClient(s).rpc('release_unpaid_orders', { older_than: '0 seconds' });
      expect(released.error).toBeNull();
      expect((await orderRow(order.id)).status).toBe('cancelled');
      const pay = await fetch(`${s.url}/razorpay/v1/checkout/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: LOCAL_RAZORPAY_KEY_ID, order_id: rzpOrderId, outcome: 'success' }),
      });
      expect(pay.status).toBe(200);
      const paid = (await pay.json()) as Record<string, string>;
      return { order, token, rzpOrderId, paymentId: paid.razorpay_payment_id!, paid };
    };

    const orderRow = async (id: string) =>
      (
        await s.db.query<{ status: string; payment_status: string; razorpay_payment_id: string | null }>(
          'select status::text, payment_status::text, razorpay_payment_id from public.orders where id = $1',
          [id],
        )
      ).rows[0]!;
    const refundRows = async (orderId: string) =>
      (
        await s.db.query<RefundRow>(
          `select status, provider_id, amount::text, attempts, last_error
           from public.refunds where order_id = $1`,
          [orderId],
        )
      ).rows;
    const timeline = async (orderId: string) =>
      (
        await s.db.query<{ status: string; description: string }>(
          'select status, description from public.order_events where order_id = $1 order by id',
          [orderId],
        )
      ).rows;
    const sandboxRefunds = async (paymentId: string) => {
      const r = await fetch(`${s.url}/razorpay/v1/payments/${paymentId}/refunds`, {
        headers: { Authorization: SANDBOX_AUTH },
      });
      expect(r.status).toBe(200);
      return (await r.json()) as { entity: string; count: number; items: SandboxRefund[] };
    };

    /** Razorpay finishes its pending refunds now (refund.processed to the webhook, answered). */
    const settle = async () => {
      control.settle();
      await control.idle();
    };
    /** The refunds function as the cron calls it (the project's secret key). */
    const cron = () =>
      fetch(`${s.url}/functions/v1/refunds`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          apikey: s.secretKey,
          Authorization: `Bearer ${s.secretKey}`,
        },
        body: '{}',
      });

    const verify = (c: Awaited<ReturnType<typeof releasedCheckout>>) =>
      fn('razorpay-verify-payment', { order_id: c.order.id, ...c.paid }, c.token);
    const webhook = (
      c: Awaited<ReturnType<typeof releasedCheckout>>,
      eventId: string,
      event = 'payment.captured',
    ) => {
      const body = JSON.stringify({
        entity: 'event',
        event,
        payload: {
          payment: { entity: { id: c.paymentId, order_id: c.rzpOrderId, status: 'captured' } },
          ...(event === 'order.paid' ? { order: { entity: { id: c.rzpOrderId, status: 'paid' } } } : {}),
        },
      });
      return fn('razorpay-webhook', body, undefined, {
        'X-Razorpay-Signature': createHmac('sha256', LOCAL_RAZORPAY_WEBHOOK_SECRET)
          .update(body)
          .digest('hex'),
        'x-razorpay-event-id': eventId,
      });
    };

    describe('the sandbox', () => {
      it('answers the Refunds API like Razorpay: idempotent by key, never beyond what was captured', async () => {
        const order = (await (
          await fetch(`${s.url}/razorpay/v1/orders`, {
            method: 'POST',
            headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
            body: JSON.stringify({ amount: 50000, currency: 'INR' }),
          })
        ).json()) as { id: string };
        const pay = await fetch(`${s.url}/razorpay/v1/checkout/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ key_id: LOCAL_RAZORPAY_KEY_ID, order_id: order.id, outcome: 'success' }),
        });
        const paymentId = ((await pay.json()) as { razorpay_payment_id: string }).razorpay_payment_id;
        const refund = (body: unknown, key?: string, auth = SANDBOX_AUTH) =>
          fetch(`${s.url}/razorpay/v1/payments/${paymentId}/refund`, {
            method: 'POST',
            headers: {
              Authorization: auth,
              'Content-Type': 'application/json',
              ...(key ? { 'X-Refund-Idempotency': key } : {}),
            },
            body: JSON.stringify(body),
          });

        const first = await refund({ amount: 20000, notes: { why: 'test' } }, 'sandbox-key-0001');
        expect(first.status).toBe(200);
        const r1 = (await first.json()) as SandboxRefund & Record<string, unknown>;
        expect(r1).toMatchObject({
          entity: 'refund',
          amount: 20000,
          currency: 'INR',
          payment_id: paymentId,
          status: 'pending',
          speed_processed: 'normal',
          notes: { why: 'test' },
        });
        expect(r1.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
        const again = (await (
          await refund({ amount: 20000, notes: { why: 'test' } }, 'sandbox-key-0001')
        ).json()) as SandboxRefund;
        expect(again.id).toBe(r1.id);
        const other = await refund({ amount: 10000 }, 'sandbox-key-0001');
        expect(other.status).toBe(400);
        expect(await other.json()).toMatchObject({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Different request with the same idempotency key has already been processed.',
          },
        });
        const over = await refund({ amount: 30001 });
        expect(over.status).toBe(400);
        expect(((await over.json()) as { error: { description: string } }).error.description).toBe(
          'The refund amount provided is greater than amount captured',
        );
        expect((await refund({}, undefined, 'Basic eDp5')).status).toBe(401);
        const rest = (await (await refund({})).json()) as SandboxRefund;
        expect(rest.amount).toBe(30000);
        const done = await refund({ amount: 100 });
        expect(((await done.json()) as { error: { description: string } }).error.description).toBe(
          'The payment has been fully refunded already',
        );
        const list = await sandboxRefunds(paymentId);
        expect(list).toMatchObject({ entity: 'collection', count: 2 });
        const payment = await (
          await fetch(`${s.url}/razorpay/v1/payments/${paymentId}`, {
            headers: { Authorization: SANDBOX_AUTH },
          })
        ).json();
        expect(payment).toMatchObject({
          entity: 'payment',
          amount: 50000,
          amount_refunded: 50000,
          refund_status: 'full',
          status: 'refunded',
        });
        const one = await fetch(`${s.url}/razorpay/v1/refunds/${r1.id}`, {
          headers: { Authorization: SANDBOX_AUTH },
        });
        expect(await one.json()).toEqual(r1);
      });
    });

    it('revives a released order once when its stock is still there, taking the stock once', async () => {
      const id = await product(3);
      const c = await releasedCheckout(id, 2);
      expect(await stockOf(id)).toBe(3);

      // verify-payment and the webhook at once, then replays of both
      const [v1, w1, v2] = await Promise.all([verify(c), webhook(c, `evt_rv_${serial}_1`), verify(c)]);
      for (const r of [v1, w1, v2]) expect(r.status).toBe(200);
      expect(await v1.json()).toMatchObject({ status: 'processing', payment_status: 'paid' });
      expect((await webhook(c, `evt_rv_${serial}_1`)).status).toBe(200);
      expect((await webhook(c, `evt_rv_${serial}_2`, 'order.paid')).status).toBe(200);
      expect((await verify(c)).status).toBe(200);

      expect(await orderRow(c.order.id)).toEqual({
        status: 'processing',
        payment_status: 'paid',
        razorpay_payment_id: c.paymentId,
      });
      expect(await stockOf(id)).toBe(1);
      const revived = (await timeline(c.order.id)).filter((e) => e.description.includes('order revived'));
      expect(revived).toEqual([
        {
          status: 'Order Confirmed',
          description:
            'Payment arrived after the order was released; order revived. Your order is confirmed and is being prepared.',
        },
      ]);
      expect(await refundRows(c.order.id)).toEqual([]);
      expect((await sandboxRefunds(c.paymentId)).count).toBe(0);
      // staff can now ship it like any paid order
      const { data: allowed } = await storeClient(s, PEOPLE.admin)
        .from('orders')
        .select('status')
        .eq('id', c.order.id)
        .single();
      expect(allowed).toEqual({ status: 'processing' });
    });

    it('never oversells: a late payment and a new order racing for the last piece, one of them gets it', async () => {
      const id = await product(1);
      const c = await releasedCheckout(id, 1);
      const [v, placed] = await Promise.all([
        verify(c),
        storeClient(s, PEOPLE.customerB).rpc('place_order', {
          items: [{ product_id: id, quantity: 1 }],
          shipping_address: shippingAddress({ fullName: 'Bilal Khan', email: 'bilal@example.in' }),
          payment_method: 'cod',
          idempotency_key: `late-race-${++serial}`,
        }),
      ]);
      expect(v.status).toBe(200);
      const revived = (await orderRow(c.order.id)).status === 'processing';
      expect(placed.error === null).toBe(!revived);
      expect(await stockOf(id)).toBe(0);
      expect((await sandboxRefunds(c.paymentId)).count).toBe(revived ? 0 : 1);
    });

    for (const first of ['verify', 'webhook'] as const) {
      it(`refunds a released order whose stock is gone exactly once (${first} first, then replays)`, async () => {
        const id = await product(1);
        const c = await releasedCheckout(id, 1);
        // Bilal buys the last piece meanwhile.
        const { error } = await storeClient(s, PEOPLE.customerB).rpc('place_order', {
          items: [{ product_id: id, quantity: 1 }],
          shipping_address: shippingAddress({ fullName: 'Bilal Khan', email: 'bilal@example.in' }),
          payment_method: 'cod',
          idempotency_key: `late-b-${++serial}`,
        });
        expect(error).toBeNull();
        expect(await stockOf(id)).toBe(0);

        const ev = `evt_rf_${first}_${serial}`;
        if (first === 'verify') {
          const v = await verify(c);
          expect(v.status).toBe(200);
          // Razorpay accepted the refund (pending); the money is on its way
          expect(await v.json()).toMatchObject({
            status: 'cancelled',
            payment_status: 'paid',
            refunds: [{ status: 'pending', amount: Number(c.order.total), rail: 'razorpay' }],
          });
          expect(await (await webhook(c, ev)).json()).toEqual({ status: 'paid' });
        } else {
          expect(await (await webhook(c, ev)).json()).toEqual({ status: 'refunded' });
          const v = await verify(c);
          expect(await v.json()).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
        }
        expect(await (await webhook(c, ev)).json()).toEqual({ status: 'duplicate' });
        await Promise.all([verify(c), webhook(c, `${ev}_again`, 'order.paid'), verify(c)]);
        // Razorpay finishes the refund: refund.processed reaches the webhook
        await settle();

        const atRazorpay = await sandboxRefunds(c.paymentId);
        expect(atRazorpay.count).toBe(1);
        expect(atRazorpay.items[0]).toMatchObject({
          amount: Math.round(Number(c.order.total) * 100),
          status: 'processed',
        });
        expect(await refundRows(c.order.id)).toEqual([
          {
            status: 'processed',
            provider_id: atRazorpay.items[0]!.id,
            amount: Number(c.order.total).toFixed(2),
            attempts: 0,
            last_error: null,
          },
        ]);
        expect(await orderRow(c.order.id)).toEqual({
          status: 'cancelled',
          payment_status: 'refunded',
          razorpay_payment_id: c.paymentId,
        });
        expect(await stockOf(id)).toBe(0);
        // Asha sees the refund on her order; Bilal does not.
        const mine = await storeClient(s, PEOPLE.customerA)
          .from('refunds')
          .select('status,amount')
          .eq('order_id', c.order.id);
        expect(mine.data).toEqual([{ status: 'processed', amount: Number(c.order.total) }]);
        const theirs = await storeClient(s, PEOPLE.customerB)
          .from('refunds')
          .select('id')
          .eq('order_id', c.order.id);
        expect(theirs.data).toEqual([]);
        const write = await storeClient(s, PEOPLE.customerA)
          .from('refunds')
          .update({ status: 'pending' })
          .eq('order_id', c.order.id)
          .select();
        expect(write.error).not.toBeNull();
      });
    }

    it('keeps the refund pending when Razorpay fails, and the refunds cron issues it exactly once', async () => {
      const id = await product(1);
      const c = await releasedCheckout(id, 1);
      await sellOut(s.db, [id]);

      faults.refundOutage = true;
      const ev = `evt_out_${serial}`;
      try {
        const v = await verify(c);
        expect(v.status).toBe(200);
        expect(await v.json()).toMatchObject({
          status: 'cancelled',
          payment_status: 'paid',
          refunds: [{ status: 'pending', provider_id: null }],
        });
        // the webhook too: the refund stays pending for the cron, and the event is done with
        const w = await webhook(c, ev);
        expect(w.status).toBe(200);
        expect(await w.json()).toEqual({ status: 'refund pending' });
        expect((await serviceClient(s).rpc('payment_event_seen', { event_id: ev })).data).toBe(true);
        const [due] = await refundRows(c.order.id);
        expect(due).toMatchObject({ status: 'pending', provider_id: null, attempts: 2 });
        expect(due!.last_error).toContain('500');
        expect(await orderRow(c.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
        expect((await sandboxRefunds(c.paymentId)).count).toBe(0);
      } finally {
        faults.refundOutage = false;
      }
      expect(await (await webhook(c, ev)).json()).toEqual({ status: 'duplicate' });
      const [r1, r2] = await Promise.all([cron(), cron()]);
      expect([r1.status, r2.status]).toEqual([200, 200]);
      await settle();
      const atRazorpay = await sandboxRefunds(c.paymentId);
      expect(atRazorpay.count).toBe(1);
      expect(await refundRows(c.order.id)).toMatchObject([
        { status: 'processed', provider_id: atRazorpay.items[0]!.id },
      ]);
      expect(await orderRow(c.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
      // nothing left for staff to issue
      const staff = await fn('refunds', { order_id: c.order.id }, accessToken(s, PEOPLE.admin));
      expect(staff.status).toBe(200);
      expect(await staff.json()).toEqual({ refunds: [] });
      expect((await sandboxRefunds(c.paymentId)).count).toBe(1);
    });

    it('adopts a refund Razorpay already holds with the refund’s key (an answer lost on the way) instead of refunding twice, and reads refund.* webhooks', async () => {
      const id = await product(1);
      const c = await releasedCheckout(id, 1);
      await sellOut(s.db, [id]);
      faults.refundOutage = true;
      try {
        expect((await verify(c)).status).toBe(200);
      } finally {
        faults.refundOutage = false;
      }
      const { rows } = await s.db.query<{ idempotency_key: string }>(
        'select idempotency_key from public.refunds where order_id = $1',
        [c.order.id],
      );
      const key = rows[0]!.idempotency_key;
      // Razorpay made the refund (its notes carry the key), but its answer never reached the store,
      // and Razorpay no longer remembers the idempotency key.
      const made = await fetch(`${s.url}/razorpay/v1/payments/${c.paymentId}/refund`, {
        method: 'POST',
        headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify({ notes: { order_id: c.order.id, refund_key: key } }),
      });
      const lost = (await made.json()) as SandboxRefund;
      expect(lost.status).toBe('pending');

      expect(await (await webhook(c, `evt_lost_${serial}`)).json()).toEqual({ status: 'refunded' });
      expect((await sandboxRefunds(c.paymentId)).count).toBe(1);
      expect(await refundRows(c.order.id)).toMatchObject([{ status: 'pending', provider_id: lost.id }]);

      const refundEvent = (event: string, refundId: string, eventId: string) => {
        const body = JSON.stringify({
          entity: 'event',
          event,
          payload: {
            refund: { entity: { id: refundId, payment_id: c.paymentId, amount: lost.amount, notes: [] } },
          },
        });
        return fn('razorpay-webhook', body, undefined, {
          'X-Razorpay-Signature': createHmac('sha256', LOCAL_RAZORPAY_WEBHOOK_SECRET)
            .update(body)
            .digest('hex'),
          'x-razorpay-event-id': eventId,
        });
      };
      // matched by Razorpay's refund id (no key in these notes)
      expect(await (await refundEvent('refund.processed', lost.id, `evt_rp_${serial}`)).json()).toEqual({
        status: 'refund processed',
      });
      // a processed refund never goes back
      expect(await (await refundEvent('refund.failed', lost.id, `evt_rf_${serial}`)).json()).toEqual({
        status: 'refund processed',
      });
      expect(
        await (await refundEvent('refund.processed', 'rfnd_notours0000001', `evt_ro_${serial}`)).json(),
      ).toEqual({ status: 'unknown refund' });
      expect(await refundRows(c.order.id)).toMatchObject([{ status: 'processed', provider_id: lost.id }]);
      expect(await orderRow(c.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
      await settle();
      expect((await sandboxRefunds(c.paymentId)).count).toBe(1);
    });

    it('fails a refund Razorpay refuses (400) for staff to see, without making Razorpay redeliver', async () => {
      const id = await product(1);
      const c = await releasedCheckout(id, 1);
      await sellOut(s.db, [id]);
      // a payment id Razorpay does not know: every refund call is refused with a 400
      const unknown = { ...c, paymentId: 'pay_NotAtRazorpay01' };
      const ev = `evt_4xx_${serial}`;
      const w = await webhook(unknown, ev);
      expect(w.status).toBe(200);
      expect(await w.json()).toEqual({ status: 'refund failed' });
      expect((await serviceClient(s).rpc('payment_event_seen', { event_id: ev })).data).toBe(true);
      const [failed] = await refundRows(c.order.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 0 });
      const { rows } = await s.db.query<{ failure_reason: string }>(
        'select failure_reason from public.refunds where order_id = $1',
        [c.order.id],
      );
      expect(rows[0]!.failure_reason).toBe('The id provided does not exist');
    });

    it('lets staff or the order’s customer issue a pending refund, once; other customers cannot', async () => {
      const id = await product(1);
      const c = await releasedCheckout(id, 1);
      await sellOut(s.db, [id]);
      faults.refundOutage = true;
      try {
        expect((await verify(c)).status).toBe(200);
      } finally {
        faults.refundOutage = false;
      }
      expect(await refundRows(c.order.id)).toMatchObject([{ status: 'pending', attempts: 1 }]);

      const bilal = await fn('refunds', { order_id: c.order.id }, accessToken(s, PEOPLE.customerB));
      expect(bilal.status).toBe(404);
      expect((await sandboxRefunds(c.paymentId)).count).toBe(0);

      const admin = accessToken(s, PEOPLE.admin);
      const answers = await Promise.all([
        fn('refunds', { order_id: c.order.id }, admin),
        fn('refunds', { order_id: c.order.id }, admin),
        fn('refunds', { order_id: c.order.id }, c.token),
      ]);
      expect(answers.map((a) => a.status)).toContain(200);
      await settle();
      const atRazorpay = await sandboxRefunds(c.paymentId);
      expect(atRazorpay.count).toBe(1);
      expect(await refundRows(c.order.id)).toMatchObject([
        { status: 'processed', provider_id: atRazorpay.items[0]!.id },
      ]);
      expect(await orderRow(c.order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    });
  },
);
