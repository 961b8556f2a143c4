/**
 * The Razorpay payment path end to end over HTTP, on PGlite (and PostgreSQL when DATABASE_URL is
 * set): supabase-local's Razorpay sandbox (Orders API, checkout's signed success) and the three
 * payment Edge Functions running under real Deno with the project's config.toml (verify_jwt) and the
 * sandbox's test keys. Prices sent by the browser are ignored; a forged or mismatched signature is
 * refused and the order stays unpaid; a replayed webhook changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFee } from '../../shared/src/pricing/delivery.ts';
import { loadConfig } from 'supabase-local';
import {
  forEachServer,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEY_SECRET,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
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
import { basicAuth, hmac, postFunction, SANDBOX_AUTH } from './support/functions.ts';

let serial = 0;

forEachServer(
  'Razorpay sandbox and payment functions',
  { migrationsDir: STORE_PATHS.migrationsDir, seedPaths: STORE_PATHS.seedPaths, config: loadConfig() },
  ({ server }) => {
    let s: TestServer;
    // The stock ledger holds whatever the payment functions did (stock = sum of movements).
    afterAll(() => expectLedgerBalanced(server().db, 'payment functions'));
    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
      // Asha leaves several online orders unpaid here; the store's hoarding limit (2) is tested in
      // db-place-order.test.ts.
      await s.db.query('update public.store_settings set max_unpaid_online_orders = 100');
    });

    const call = (name: string, body: unknown, token?: string, headers?: Record<string, string>) =>
      postFunction(s, name, body, token, headers);

    /** An online order placed by Asha, with a tampered price and total in the request. */
    const placeOnline = async () => {
      const { data, error } = await storeClient(s, PEOPLE.customerA).rpc('place_order', {
        items: [{ product_id: 1, quantity: 1, price: 1, unit_price: 1 }],
        shipping_address: shippingAddress() as never,
        payment_method: 'razorpay',
        idempotency_key: `rzp-test-${++serial}-${Date.now()}`,
      });
      expect(error).toBeNull();
      return data as unknown as { id: string; total: number; order_number: string };
    };

    interface CreateReply {
      key_id: string;
      razorpay_order_id: string;
      amount: number;
      currency: string;
    }
    const createRzp = async (orderId: string, token: string) =>
      (await (await call('razorpay-create-order', { order_id: orderId }, token)).json()) as CreateReply;

    const sandboxPay = async (orderId: string, outcome: 'success' | 'failure') => {
      const r = await fetch(`${s.url}/razorpay/v1/checkout/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ key_id: LOCAL_RAZORPAY_KEY_ID, order_id: orderId, outcome }),
      });
      return { status: r.status, body: (await r.json()) as Record<string, string> };
    };

    const orderRow = async (id: string) => {
      const { data } = await serviceClient(s)
        .from('orders')
        .select('status,payment_status,payment_id,razorpay_order_id,razorpay_payment_id')
        .eq('id', id)
        .single();
      return data!;
    };

    describe('the sandbox', () => {
      it('answers the Orders API like Razorpay and refuses a wrong secret', async () => {
        const r = await fetch(`${s.url}/razorpay/v1/orders`, {
          method: 'POST',
          headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount: 50000, currency: 'INR', receipt: 'rcpt_1', notes: { a: 'b' } }),
        });
        expect(r.status).toBe(200);
        const order = (await r.json()) as { id: string };
        expect(order).toMatchObject({ entity: 'order', amount: 50000, currency: 'INR', status: 'created' });
        expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
        const again = await fetch(`${s.url}/razorpay/v1/orders/${order.id}`, {
          headers: { Authorization: SANDBOX_AUTH },
        });
        expect(await again.json()).toEqual(order);

        const wrong = await fetch(`${s.url}/razorpay/v1/orders`, {
          method: 'POST',
          headers: {
            Authorization: basicAuth(LOCAL_RAZORPAY_KEY_ID, 'guess'),
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ amount: 50000, currency: 'INR' }),
        });
        expect(wrong.status).toBe(401);
        expect(((await wrong.json()) as { error: { description: string } }).error.description).toBe(
          'Authentication failed',
        );
      });

      it('serves the checkout script and signs a success with the key secret', async () => {
        const js = await fetch(`${s.url}/razorpay/checkout.js`);
        expect(js.headers.get('content-type')).toContain('javascript');
        expect(await js.text()).toContain('window.Razorpay');
        const order = (await (
          await fetch(`${s.url}/razorpay/v1/orders`, {
            method: 'POST',
            headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
            body: JSON.stringify({ amount: 100, currency: 'INR' }),
          })
        ).json()) as { id: string };
        const paid = await sandboxPay(order.id, 'success');
        expect(paid.body.razorpay_signature).toBe(
          hmac(`${order.id}|${paid.body.razorpay_payment_id}`, LOCAL_RAZORPAY_KEY_SECRET),
        );
      });
    });

    describe('the functions under Deno', () => {
      it('create an order for the server total, ignoring the prices sent, and verify a signed payment', async () => {
        const placed = await placeOnline();
        const { data: product } = await serviceClient(s)
          .from('products')
          .select('price')
          .eq('id', 1)
          .single();
        const price = Number(product!.price);
        expect(Number(placed.total)).toBe(price + deliveryFee(price));

        const token = accessToken(s, PEOPLE.customerA);
        const created = await call('razorpay-create-order', { order_id: placed.id, amount: 100 }, token);
        expect(created.status).toBe(200);
        const rzp = (await created.json()) as CreateReply;
        expect(rzp).toMatchObject({ key_id: LOCAL_RAZORPAY_KEY_ID, currency: 'INR' });
        expect(rzp.amount).toBe(Math.round(Number(placed.total) * 100));
        expect((await orderRow(placed.id)).razorpay_order_id).toBe(rzp.razorpay_order_id);
        // a retry gets the same Razorpay order
        const retry = await createRzp(placed.id, token);
        expect(retry.razorpay_order_id).toBe(rzp.razorpay_order_id);

        const pay = await sandboxPay(rzp.razorpay_order_id, 'success');
        const verified = await call('razorpay-verify-payment', { order_id: placed.id, ...pay.body }, token);
        expect(verified.status).toBe(200);
        expect(await verified.json()).toMatchObject({ payment_status: 'paid', status: 'processing' });
        expect(await orderRow(placed.id)).toMatchObject({
          payment_status: 'paid',
          razorpay_payment_id: pay.body.razorpay_payment_id,
        });
      });

      it("refuse someone else's order and calls without a JWT", async () => {
        const placed = await placeOnline();
        const other = await call(
          'razorpay-create-order',
          { order_id: placed.id },
          accessToken(s, PEOPLE.customerB),
        );
        expect(other.status).toBe(404);
        const anonymous = await fetch(`${s.url}/functions/v1/razorpay-create-order`, {
          method: 'POST',
          body: JSON.stringify({ order_id: placed.id }),
        });
        expect(anonymous.status).toBe(401);
      });

      it('refuse a forged or mismatched signature and leave the order unpaid', async () => {
        const token = accessToken(s, PEOPLE.customerA);
        const a = await placeOnline();
        const b = await placeOnline();
        const rzpA = await createRzp(a.id, token);
        const rzpB = await createRzp(b.id, token);

        const forged = await call(
          'razorpay-verify-payment',
          {
            order_id: a.id,
            razorpay_order_id: rzpA.razorpay_order_id,
            razorpay_payment_id: 'pay_forged0000001',
            razorpay_signature: hmac(`${rzpA.razorpay_order_id}|pay_forged0000001`, 'not-the-secret'),
          },
          token,
        );
        expect(forged.status).toBe(400);

        // a genuine payment of order B presented for order A
        const payB = await sandboxPay(rzpB.razorpay_order_id, 'success');
        const swapped = await call('razorpay-verify-payment', { order_id: a.id, ...payB.body }, token);
        expect(swapped.status).toBe(400);
        const claimed = await call(
          'razorpay-verify-payment',
          { order_id: a.id, ...payB.body, razorpay_order_id: rzpA.razorpay_order_id },
          token,
        );
        expect(claimed.status).toBe(400);
        expect(await orderRow(a.id)).toMatchObject({ payment_status: 'pending', status: 'pending' });

        const failed = await sandboxPay(rzpA.razorpay_order_id, 'failure');
        expect(failed.status).toBe(400);
        expect(await orderRow(a.id)).toMatchObject({ payment_status: 'pending' });
      });

      it('take a signed webhook once, refuse an unsigned one, and ignore replays', async () => {
        const token = accessToken(s, PEOPLE.customerA);
        const placed = await placeOnline();
        const rzp = await createRzp(placed.id, token);
        const event = (paymentId: string) =>
          JSON.stringify({
            entity: 'event',
            event: 'payment.captured',
            payload: {
              payment: { entity: { id: paymentId, order_id: rzp.razorpay_order_id, status: 'captured' } },
            },
          });
        const send = (body: string, signature: string, eventId: string) =>
          fetch(`${s.url}/functions/v1/razorpay-webhook`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Razorpay-Signature': signature,
              'x-razorpay-event-id': eventId,
            },
            body,
          });

        const unsigned = event('pay_unsigned00001');
        expect((await send(unsigned, hmac(unsigned, LOCAL_RAZORPAY_KEY_SECRET), 'evt_1')).status).toBe(400);
        expect((await orderRow(placed.id)).payment_status).toBe('pending');

        const body = event('pay_webhook000001');
        const first = await send(body, hmac(body, LOCAL_RAZORPAY_WEBHOOK_SECRET), 'evt_2');
        expect(await first.json()).toEqual({ status: 'paid' });
        const after = await orderRow(placed.id);
        expect(after).toMatchObject({ payment_status: 'paid', razorpay_payment_id: 'pay_webhook000001' });

        const replay = await send(body, hmac(body, LOCAL_RAZORPAY_WEBHOOK_SECRET), 'evt_2');
        expect(await replay.json()).toEqual({ status: 'duplicate' });
        // a second, different event for the same order moves nothing either
        const late = event('pay_webhook000002');
        expect((await send(late, hmac(late, LOCAL_RAZORPAY_WEBHOOK_SECRET), 'evt_3')).status).toBe(200);
        expect(await orderRow(placed.id)).toEqual(after);
        // the event log is in the database: a fresh worker (a restart, another instance) drops it too
        const { data: seen } = await serviceClient(s).rpc('payment_event_seen', { event_id: 'evt_2' });
        expect(seen).toBe(true);
        const { error: denied } = await storeClient(s, PEOPLE.customerA).rpc('payment_event_seen', {
          event_id: 'evt_2',
        });
        expect(denied).not.toBeNull();
        const { data: events } = await serviceClient(s)
          .from('order_events')
          .select('status')
          .eq('order_id', placed.id);
        expect(events!.filter((e) => e.status === 'Order Confirmed')).toHaveLength(1);
      });
    });
  },
);
