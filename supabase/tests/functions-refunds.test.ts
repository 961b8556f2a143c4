/**
 * The refunds Edge Function and the refund webhooks (issue 19), over HTTP on PGlite (and PostgreSQL
 * when DATABASE_URL is set), with the functions under Deno and supabase-local's Razorpay sandbox
 * sending its signed webhooks to razorpay-webhook (settled by hand, so each test says when Razorpay
 * finishes a refund):
 *
 * - staff refund part of a paid order: Razorpay holds one refund (amount in paise, the row's key in
 *   its notes), refund.processed records the ARN, payment_status partially_refunded; the rest →
 *   refunded. The same refund issued twice at once (staff and the cron) is one Razorpay refund.
 * - Razorpay's 500 and a timeout are retried with the same key: the refund stays pending with the
 *   error, and the cron's next call finishes it, still one refund at Razorpay.
 * - refund.failed fails the refund (shown to staff with the reason); admin_retry_refund and the
 *   function issue it again under a new key.
 * - a webhook that arrives before the API's answer, a replayed webhook, a stale refund.failed after
 *   processed: the refund ends right, once.
 * - a COD return refunded to a UPI ID: a RazorpayX payout, payout.processed records the UTR; the
 *   failure VPA → payout.failed → failed with RazorpayX's words; a bank account payout too.
 * - callers: the order's customer or staff, or the project's secret key (the cron); another
 *   customer gets 404 and Razorpay is never called.
 * - every mail of a return's steps and its refund renders from the outbox payload the database wrote.
 * - the schedule: Vault → the refunds-dispatch pg_cron job → pg_net → the function → Razorpay.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyVaultSecrets, createNetWorker, createScheduler, loadConfig } from 'supabase-local';
import {
  FAILURE_VPA,
  forEachServer,
  functionsSurface,
  LOCAL_RAZORPAY_KEY_ID,
  LOCAL_RAZORPAY_KEYS,
  LOCAL_RAZORPAY_WEBHOOK_SECRET,
  RazorpaySandboxControl,
  razorpaySurface,
  type RazorpayPayout,
  type RazorpayRefund,
  type SandboxFaults,
  type TestServer,
} from 'supabase-local/testing';
import type { Tables } from '../../shared/src/types/database.ts';
import { isOrderEvent, readOrderMailPayload, renderOrderMail } from '../functions/_shared/mail/orders.ts';
import { hsnProduct } from './support/gst.ts';
import { hmac, postFunction, SANDBOX_AUTH } from './support/functions.ts';
import {
  accessToken,
  addPeople,
  expectLedgerBalanced,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
  STORE_PATHS,
  type Person,
} from './support/store.ts';
import { uniq } from './support/variants.ts';

type Refund = Tables<'refunds'>;

const faults: SandboxFaults = { refundOutage: false };
const control = new RazorpaySandboxControl();
/** the function's wait for Razorpay (REFUNDS_TIMEOUT_MS) in these tests */
const TIMEOUT_MS = 1000;
/** how long an accepted refund waits for its webhook before the cron reads it back (REFUNDS_RECONCILE_AFTER_MS) */
const RECONCILE_MS = 1500;

const DAY = 86_400_000;
const istToday = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
/** tomorrow in India, or the day after when tomorrow is a Sunday (no pickups) */
function pickupDate(): string {
  let d = Date.parse(`${istToday()}T00:00:00Z`) + DAY;
  if (new Date(d).getUTCDay() === 0) d += DAY;
  return new Date(d).toISOString().slice(0, 10);
}

forEachServer(
  'the refunds function and the refund webhooks',
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
      functions: functionsSurface({
        env: { REFUNDS_TIMEOUT_MS: String(TIMEOUT_MS), REFUNDS_RECONCILE_AFTER_MS: String(RECONCILE_MS) },
      }),
    },
  },
  ({ server }) => {
    let s: TestServer;
    afterAll(() => expectLedgerBalanced(server().db, 'refunds functions'));
    beforeAll(async () => {
      s = server();
      await addPeople(s.db);
      await s.db.query(
        'update public.store_settings set max_unpaid_online_orders = 1000, cod_max_order_total = 9999999',
      );
    });
    beforeEach(() => {
      Object.assign(faults, {
        refundOutage: false,
        refundFailure: false,
        refundTimeoutMs: 0,
        payoutOutage: false,
        payoutFailure: false,
        payoutTimeoutMs: 0,
      });
    });

    const staff = () => storeClient(s, PEOPLE.admin);
    const staffToken = () => accessToken(s, PEOPLE.admin);
    /** the refunds function as the admin app calls it (a user's session) */
    const issue = (orderId: string, person: Person = PEOPLE.admin) =>
      postFunction(s, 'refunds', { order_id: orderId }, accessToken(s, person));
    /** the refunds function as the cron calls it (the project's secret key) */
    const cron = (body: unknown = {}) =>
      fetch(`${s.url}/functions/v1/refunds`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          apikey: s.secretKey,
          Authorization: `Bearer ${s.secretKey}`,
        },
        body: JSON.stringify(body),
      });
    /** Razorpay finishes every pending refund and payout now; its webhooks have been answered after. */
    const settle = async () => {
      control.settle();
      await control.idle();
    };

    const refundsOf = async (orderId: string): Promise<Refund[]> => {
      const { data, error } = await serviceClient(s)
        .from('refunds')
        .select('*')
        .eq('order_id', orderId)
        .order('created_at');
      expect(error).toBeNull();
      return data ?? [];
    };
    const paymentStatus = async (orderId: string) =>
      (
        await s.db.query<{ p: string }>('select payment_status::text as p from public.orders where id = $1', [
          orderId,
        ])
      ).rows[0]!.p;
    const sandboxRefunds = async (paymentId: string) => {
      const r = await fetch(`${s.url}/razorpay/v1/payments/${paymentId}/refunds`, {
        headers: { Authorization: SANDBOX_AUTH },
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { items: RazorpayRefund[] }).items;
    };
    const sandboxPayout = async (id: string) =>
      (await (
        await fetch(`${s.url}/razorpay/v1/payouts/${id}`, { headers: { Authorization: SANDBOX_AUTH } })
      ).json()) as RazorpayPayout;

    const setStatus = async (orderId: string, status: 'shipped' | 'delivered') => {
      const { error } = await staff().rpc('admin_set_order_status', { order_id: orderId, status });
      expect(error).toBeNull();
    };

    /**
     * Asha's order of `quantity` × a ₹`price` piece: paid online through the sandbox's checkout and
     * verify-payment (so Razorpay holds the payment), or cash on delivery; delivered when asked.
     */
    async function order(
      price: number,
      quantity = 1,
      { method = 'razorpay', deliver = false }: { method?: 'razorpay' | 'cod'; deliver?: boolean } = {},
    ) {
      const product = await hsnProduct(s.db, price);
      const { data, error } = await storeClient(s, PEOPLE.customerA).rpc('place_order', {
        items: [{ product_id: product.id, quantity }],
        shipping_address: shippingAddress(),
        payment_method: method,
        idempotency_key: uniq('fn-refund-'),
      });
      expect(error).toBeNull();
      const placed = data!;
      let paymentId = '';
      if (method === 'razorpay') {
        const token = accessToken(s, PEOPLE.customerA);
        const created = await postFunction(s, 'razorpay-create-order', { order_id: placed.id }, token);
        expect(created.status).toBe(200);
        const { razorpay_order_id } = (await created.json()) as { razorpay_order_id: string };
        const pay = await fetch(`${s.url}/razorpay/v1/checkout/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            key_id: LOCAL_RAZORPAY_KEY_ID,
            order_id: razorpay_order_id,
            outcome: 'success',
          }),
        });
        const paid = (await pay.json()) as Record<string, string>;
        paymentId = paid.razorpay_payment_id!;
        const verified = await postFunction(
          s,
          'razorpay-verify-payment',
          { order_id: placed.id, ...paid },
          token,
        );
        expect(verified.status).toBe(200);
        expect(await paymentStatus(placed.id)).toBe('paid');
      }
      if (deliver) {
        await setStatus(placed.id, 'shipped');
        await setStatus(placed.id, 'delivered');
      }
      return { id: placed.id, number: placed.order_number, total: Number(placed.total), paymentId };
    }

    /** Staff refund ₹amount of the order (one click of the Refund dialog). */
    async function createRefund(orderId: string, amount: number, extra: { return_id?: string } = {}) {
      const { data, error } = await staff().rpc('admin_create_refund', {
        order_id: orderId,
        amount,
        reason: 'Goodwill: delivered late',
        request_key: uniq('dialog-'),
        ...extra,
      });
      expect(error).toBeNull();
      return data!;
    }

    it('refunds part of a paid order, then the rest: one Razorpay refund each, the ARN, partially_refunded → refunded', async () => {
      const o = await order(4000, 2);
      const part = await createRefund(o.id, 1500);
      expect(part).toMatchObject({ rail: 'razorpay', status: 'pending', provider_id: null });

      const r = await issue(o.id);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { refunds: Partial<Refund>[] };
      expect(body.refunds).toHaveLength(1);
      expect(body.refunds[0]).toMatchObject({
        id: part.id,
        status: 'pending',
        amount: 1500,
        rail: 'razorpay',
      });

      const [held] = await sandboxRefunds(o.paymentId);
      expect(held).toMatchObject({
        amount: 150000,
        status: 'pending',
        notes: { order_id: o.id, refund_key: part.idempotency_key },
      });
      expect((await refundsOf(o.id))[0]).toMatchObject({ status: 'pending', provider_id: held!.id });
      expect(await paymentStatus(o.id)).toBe('paid');

      await settle();
      const [processed] = await refundsOf(o.id);
      const arn = (await sandboxRefunds(o.paymentId))[0]!.acquirer_data.arn;
      expect(arn).toMatch(/^\d{23}$/);
      expect(processed).toMatchObject({ status: 'processed', provider_id: held!.id, reference: arn });
      expect(processed!.processed_at).not.toBeNull();
      expect(await paymentStatus(o.id)).toBe('partially_refunded');

      const rest = await createRefund(o.id, o.total - 1500);
      expect((await cron()).status).toBe(200);
      await settle();
      expect((await sandboxRefunds(o.paymentId)).map((x) => x.amount)).toEqual([
        Math.round((o.total - 1500) * 100),
        150000,
      ]);
      expect((await refundsOf(o.id)).map((x) => [x.id, x.status])).toEqual([
        [part.id, 'processed'],
        [rest.id, 'processed'],
      ]);
      expect(await paymentStatus(o.id)).toBe('refunded');
      // the customer sees both, with their references; another customer sees none
      const mine = await storeClient(s, PEOPLE.customerA)
        .from('refunds')
        .select('status, reference')
        .eq('order_id', o.id);
      expect(mine.data).toHaveLength(2);
      expect(mine.data!.every((x) => x.status === 'processed' && x.reference)).toBe(true);
      const theirs = await storeClient(s, PEOPLE.customerB).from('refunds').select('id').eq('order_id', o.id);
      expect(theirs.data).toEqual([]);
    });

    it('issues a refund once however often it is asked at once (staff twice, the cron, the customer)', async () => {
      const o = await order(2500);
      const refund = await createRefund(o.id, 1000);
      const answers = await Promise.all([
        issue(o.id),
        issue(o.id),
        cron(),
        cron({ order_id: o.id }),
        issue(o.id, PEOPLE.customerA),
      ]);
      for (const a of answers) expect([200, 502]).toContain(a.status);
      // afterwards nothing is due, and Razorpay holds one refund with the row's key
      expect(await (await issue(o.id)).json()).toEqual({ refunds: [] });
      const held = await sandboxRefunds(o.paymentId);
      expect(held).toHaveLength(1);
      expect(held[0]!.notes).toMatchObject({ refund_key: refund.idempotency_key });
      await settle();
      expect(await refundsOf(o.id)).toMatchObject([
        { id: refund.id, status: 'processed', provider_id: held[0]!.id },
      ]);
    });

    it('retries Razorpay’s 500 with the same key, keeps the refund pending with the error, and the cron finishes it once', async () => {
      const o = await order(3000);
      const refund = await createRefund(o.id, o.total);
      faults.refundOutage = true;
      const failed = await issue(o.id);
      expect(failed.status).toBe(502);
      expect(((await failed.json()) as { error: string }).error).toContain('500');
      const [pending] = await refundsOf(o.id);
      expect(pending).toMatchObject({ status: 'pending', provider_id: null, attempts: 1 });
      expect(pending!.last_error).toContain('Razorpay answered 500');
      expect(await sandboxRefunds(o.paymentId)).toEqual([]);

      faults.refundOutage = false;
      const again = await cron();
      expect(again.status).toBe(200);
      const held = await sandboxRefunds(o.paymentId);
      expect(held).toHaveLength(1);
      expect(held[0]!.notes).toMatchObject({ refund_key: refund.idempotency_key });
      await settle();
      expect(await refundsOf(o.id)).toMatchObject([
        {
          status: 'processed',
          provider_id: held[0]!.id,
          idempotency_key: refund.idempotency_key,
          generation: 1,
        },
      ]);
      expect(await paymentStatus(o.id)).toBe('refunded');
    });

    it('gives up waiting after REFUNDS_TIMEOUT_MS (Razorpay made the refund, the answer was lost) and adopts it on the next call', async () => {
      const o = await order(1800);
      const refund = await createRefund(o.id, 800);
      faults.refundTimeoutMs = TIMEOUT_MS + 500;
      const slow = await issue(o.id);
      expect(slow.status).toBe(502);
      const [pending] = await refundsOf(o.id);
      expect(pending).toMatchObject({ status: 'pending', provider_id: null, attempts: 1 });
      expect(pending!.last_error).toBe(`Razorpay did not answer within ${TIMEOUT_MS / 1000} s.`);
      // every attempt carried the same key: Razorpay holds one refund
      expect(await sandboxRefunds(o.paymentId)).toHaveLength(1);

      faults.refundTimeoutMs = 0;
      expect((await cron()).status).toBe(200);
      const held = await sandboxRefunds(o.paymentId);
      expect(held).toHaveLength(1);
      expect(await refundsOf(o.id)).toMatchObject([
        { id: refund.id, status: 'pending', provider_id: held[0]!.id },
      ]);
      await settle();
      expect(await refundsOf(o.id)).toMatchObject([{ status: 'processed', provider_id: held[0]!.id }]);
    });

    it('ends right when refund.processed arrives before the API’s answer', async () => {
      const o = await order(2200);
      const refund = await createRefund(o.id, o.total);
      faults.refundTimeoutMs = TIMEOUT_MS * 0.8; // slow, but within the function's wait
      const call = issue(o.id);
      // Razorpay has made the refund; its answer is still on the way when it settles and says so
      let held: RazorpayRefund[] = [];
      for (let i = 0; i < 100 && !held.length; i++) {
        held = await sandboxRefunds(o.paymentId);
        if (!held.length) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(held).toHaveLength(1);
      await settle();
      expect(await refundsOf(o.id)).toMatchObject([{ status: 'processed', provider_id: held[0]!.id }]);
      // then the answer (status pending) is recorded: it changes nothing
      const answer = await call;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { refunds: Partial<Refund>[] }).refunds).toMatchObject([
        { id: refund.id, status: 'processed' },
      ]);
      const [done] = await refundsOf(o.id);
      expect(done).toMatchObject({ status: 'processed', reference: expect.stringMatching(/^\d{23}$/) });
      expect(await paymentStatus(o.id)).toBe('refunded');
    });

    it('drops a replayed webhook, and a stale refund.failed never undoes a processed refund', async () => {
      const o = await order(1500);
      const refund = await createRefund(o.id, 500);
      expect((await issue(o.id)).status).toBe(200);
      await settle();
      const delivery = control.deliveries.find(
        (d) => d.event === 'refund.processed' && d.body.includes(refund.idempotency_key),
      );
      expect(delivery).toMatchObject({ status: 200 });
      const post = (body: string, eventId: string) =>
        postFunction(s, 'razorpay-webhook', body, undefined, {
          'X-Razorpay-Signature': hmac(body, LOCAL_RAZORPAY_WEBHOOK_SECRET),
          'x-razorpay-event-id': eventId,
        });
      // Razorpay's redelivery: the same event id
      expect(await (await post(delivery!.body, delivery!.eventId)).json()).toEqual({ status: 'duplicate' });
      // a later, contradicting event for the same refund
      const stale = delivery!.body
        .replace('"refund.processed"', '"refund.failed"')
        .replace('"processed"', '"failed"');
      expect(await (await post(stale, uniq('evt_stale_'))).json()).toEqual({ status: 'refund processed' });
      // forged: not signed with the webhook secret
      const forged = await postFunction(s, 'razorpay-webhook', stale, undefined, {
        'X-Razorpay-Signature': hmac(stale, 'not the secret'),
        'x-razorpay-event-id': uniq('evt_forged_'),
      });
      expect(forged.status).toBe(400);
      // a refund that is not ours (made in Razorpay's dashboard)
      const foreign = JSON.stringify({
        entity: 'event',
        event: 'refund.processed',
        payload: { refund: { entity: { id: 'rfnd_NotOurs000001', payment_id: o.paymentId, notes: [] } } },
      });
      expect(await (await post(foreign, uniq('evt_foreign_'))).json()).toEqual({ status: 'unknown refund' });
      expect(await refundsOf(o.id)).toMatchObject([
        { id: refund.id, status: 'processed', failure_reason: null },
      ]);
    });

    it('the cron reads back a refund whose webhook never came, and records its end with the ARN', async () => {
      const o = await order(1700);
      const refund = await createRefund(o.id, 700);
      // Razorpay accepted it (the API's answer was recorded) but its refund.processed was lost: here the
      // refund is made without the key in its notes, so its webhook cannot be matched before the answer
      const made = await fetch(`${s.url}/razorpay/v1/payments/${o.paymentId}/refund`, {
        method: 'POST',
        headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 70000 }),
      });
      const held = (await made.json()) as RazorpayRefund;
      await settle();
      expect(control.deliveries.filter((d) => d.body.includes(held.id)).map((d) => d.status)).toEqual([200]);
      await s.db.query('update public.refunds set provider_id = $2 where id = $1', [refund.id, held.id]);
      expect((await cron()).status).toBe(200);
      expect((await refundsOf(o.id))[0]).toMatchObject({ status: 'pending' }); // not yet stale
      await new Promise((resolve) => setTimeout(resolve, RECONCILE_MS + 100));
      const r = await cron();
      expect(r.status).toBe(200);
      const arn = (await sandboxRefunds(o.paymentId))[0]!.acquirer_data.arn;
      expect(await r.json()).toMatchObject({
        reconciled: [{ id: refund.id, status: 'processed', reference: arn }],
      });
      expect((await refundsOf(o.id))[0]).toMatchObject({
        status: 'processed',
        provider_id: held.id,
        reference: arn,
      });
      expect(await paymentStatus(o.id)).toBe('partially_refunded');
    });

    it('a refund Razorpay fails is shown failed with the reason; staff retry it under a new key and it is issued again', async () => {
      const o = await order(2600);
      const refund = await createRefund(o.id, o.total);
      faults.refundFailure = true;
      expect((await issue(o.id)).status).toBe(200);
      faults.refundFailure = false;
      await settle();
      const [failed] = await refundsOf(o.id);
      expect(failed).toMatchObject({ status: 'failed', generation: 1 });
      expect(failed!.failure_reason).toBeTruthy();
      expect(failed!.failed_at).not.toBeNull();
      expect(await paymentStatus(o.id)).toBe('paid');
      // nothing is due until staff retry
      expect(await (await issue(o.id)).json()).toEqual({ refunds: [] });

      const { data: retried, error } = await staff().rpc('admin_retry_refund', { refund_id: refund.id });
      expect(error).toBeNull();
      expect(retried).toMatchObject({ status: 'pending', generation: 2 });
      expect(retried!.idempotency_key).not.toBe(refund.idempotency_key);
      expect((await issue(o.id)).status).toBe(200);
      await settle();
      const held = await sandboxRefunds(o.paymentId);
      expect(held.map((x) => [x.status, x.notes])).toEqual([
        ['processed', expect.objectContaining({ refund_key: retried!.idempotency_key })],
        ['failed', expect.objectContaining({ refund_key: refund.idempotency_key })],
      ]);
      expect(await refundsOf(o.id)).toMatchObject([
        { id: refund.id, status: 'processed', provider_id: held[0]!.id },
      ]);
      expect(await paymentStatus(o.id)).toBe('refunded');
    });

    it('fails a refund Razorpay refuses (400) with Razorpay’s words, without retrying it', async () => {
      const o = await order(1200);
      const refund = await createRefund(o.id, o.total);
      // Razorpay's dashboard refunded the whole payment meanwhile
      const manual = await fetch(`${s.url}/razorpay/v1/payments/${o.paymentId}/refund`, {
        method: 'POST',
        headers: { Authorization: SANDBOX_AUTH, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(manual.status).toBe(200);
      const r = await issue(o.id);
      expect(r.status).toBe(502);
      expect(await refundsOf(o.id)).toMatchObject([
        {
          id: refund.id,
          status: 'failed',
          provider_id: null,
          failure_reason: 'The payment has been fully refunded already',
        },
      ]);
      expect(await sandboxRefunds(o.paymentId)).toHaveLength(1);
    });

    it('the schedule: Vault → the refunds-dispatch job → pg_net → the refunds function → Razorpay', async () => {
      const o = await order(1900);
      const refund = await createRefund(o.id, 900);
      await applyVaultSecrets(s.db, { project_url: s.url, secret_key: s.secretKey }, () => {});
      await s.db.query('delete from net.http_request_queue');
      const scheduler = createScheduler(s.db, { now: () => new Date('2026-11-24T10:00:30Z'), log: () => {} });
      const runs = await scheduler.tick(new Date('2026-11-24T10:01:00Z'));
      expect(runs.find((r) => r.jobname === 'refunds-dispatch')).toMatchObject({ status: 'succeeded' });
      const queued = await s.db.query<{ id: string; url: string }>(
        'select id::text, url from net.http_request_queue',
      );
      const call = queued.rows.find((q) => q.url.endsWith('/functions/v1/refunds'));
      expect(call).toBeDefined();
      const responses = await createNetWorker(s.db, { apiUrl: s.url, log: () => {} }).tick();
      expect(responses.find((r) => String(r.id) === call!.id)).toMatchObject({ status_code: 200 });
      const held = await sandboxRefunds(o.paymentId);
      expect(held).toHaveLength(1);
      expect(held[0]!.notes).toMatchObject({ refund_key: refund.idempotency_key });
      await settle();
      expect(await refundsOf(o.id)).toMatchObject([{ status: 'processed' }]);

      // with nothing due, the job calls nobody
      const { data: due } = await serviceClient(s).rpc('due_refunds', {});
      expect(due).toEqual([]);
      await s.db.query('delete from net.http_request_queue');
      await scheduler.tick(new Date('2026-11-24T10:02:00Z'));
      const after = await s.db.query<{ url: string }>('select url from net.http_request_queue');
      expect(after.rows.filter((q) => q.url.endsWith('/functions/v1/refunds'))).toEqual([]);
    });

    describe('callers', () => {
      it('the order’s customer or staff, or the secret key; another customer gets 404 and Razorpay is not called', async () => {
        const o = await order(1400);
        await createRefund(o.id, 400);
        const bilal = await issue(o.id, PEOPLE.customerB);
        expect(bilal.status).toBe(404);
        expect(await bilal.json()).toEqual({ error: 'Order not found.' });
        expect((await postFunction(s, 'refunds', { order_id: o.id })).status).toBe(401);
        expect((await postFunction(s, 'refunds', { order_id: o.id }, s.anonKey)).status).toBe(401);
        expect((await postFunction(s, 'refunds', {}, staffToken())).status).toBe(400);
        expect((await postFunction(s, 'refunds', { order_id: 'x' }, staffToken())).status).toBe(400);
        expect(await sandboxRefunds(o.paymentId)).toEqual([]);
        expect((await refundsOf(o.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });

        const asha = await issue(o.id, PEOPLE.customerA);
        expect(asha.status).toBe(200);
        expect(await sandboxRefunds(o.paymentId)).toHaveLength(1);
        await settle();
      });
    });

    describe('COD returns: RazorpayX payouts', () => {
      /** A delivered COD order's return (refund to `account`), approved, picked up and received. */
      async function receivedReturn(
        account: { refund_upi_id: string } | { refund_bank: Record<string, string> },
      ) {
        const o = await order(3500, 1, { method: 'cod', deliver: true });
        const { data: lines } = await serviceClient(s)
          .from('order_items')
          .select('id, quantity')
          .eq('order_id', o.id);
        const asha = storeClient(s, PEOPLE.customerA);
        const requested = await asha.rpc('request_return', {
          order_id: o.id,
          items: lines!.map((l) => ({ order_item_id: l.id, quantity: l.quantity, reason: 'changed_mind' })),
          resolution: 'refund',
          pickup_date: pickupDate(),
          pickup_window: '09-13',
          ...account,
        });
        expect(requested.error).toBeNull();
        const id = requested.data!.id;
        const db = staff();
        expect((await db.rpc('admin_decide_return', { return_id: id, approve: true })).error).toBeNull();
        expect(
          (
            await db.rpc('admin_schedule_return_pickup', {
              return_id: id,
              pickup_date: pickupDate(),
              pickup_window: '13-17',
            })
          ).error,
        ).toBeNull();
        expect((await db.rpc('admin_mark_return_picked_up', { return_id: id })).error).toBeNull();
        const { data: items } = await db.from('return_items').select('id, quantity').eq('return_id', id);
        const received = await db.rpc('admin_receive_return', {
          return_id: id,
          items: items!.map((i) => ({ return_item_id: i.id, received: i.quantity, damaged: 0 })),
        });
        expect(received.error).toBeNull();
        const quote = await db.rpc('return_refund_quote', { return_id: id });
        expect(quote.error).toBeNull();
        const q = quote.data;
        const amount = typeof q === 'object' && q !== null && !Array.isArray(q) ? Number(q.amount) : NaN;
        expect(amount).toBeGreaterThan(0);
        return { order: o, returnId: id, returnNumber: requested.data!.return_number, amount };
      }

      it('refunds a COD return to the customer’s UPI ID: a payout, then payout.processed with the UTR', async () => {
        const r = await receivedReturn({ refund_upi_id: 'asha.rao@okaxis' });
        const refund = await createRefund(r.order.id, r.amount, { return_id: r.returnId });
        expect(refund).toMatchObject({
          rail: 'upi_payout',
          destination: { vpa: 'asha.rao@okaxis' },
          status: 'pending',
        });

        const answer = await issue(r.order.id);
        expect(answer.status).toBe(200);
        const [pending] = await refundsOf(r.order.id);
        expect(pending).toMatchObject({ status: 'pending', provider_id: expect.stringMatching(/^pout_/) });
        const payout = await sandboxPayout(pending!.provider_id!);
        expect(payout).toMatchObject({
          amount: Math.round(r.amount * 100),
          currency: 'INR',
          mode: 'UPI',
          purpose: 'refund',
          status: 'processing',
          notes: { order_id: r.order.id, refund_key: refund.idempotency_key },
          fund_account: { account_type: 'vpa', vpa: { address: 'asha.rao@okaxis' } },
        });
        expect(payout.reference_id!.length).toBeLessThanOrEqual(40);

        await settle();
        const utr = (await sandboxPayout(pending!.provider_id!)).utr;
        expect(utr).toMatch(/^\d{12}$/);
        expect(await refundsOf(r.order.id)).toMatchObject([{ status: 'processed', reference: utr }]);
        expect(await paymentStatus(r.order.id)).toBe('refunded');
        const { data: ret } = await serviceClient(s)
          .from('returns')
          .select('status')
          .eq('id', r.returnId)
          .single();
        expect(ret).toEqual({ status: 'closed' });

        // every mail of the return's steps and its refund renders from what the database queued
        const { data: rows } = await serviceClient(s)
          .from('notification_outbox')
          .select('event, payload')
          .eq('order_id', r.order.id)
          .order('id');
        const mails = rows!
          .filter((m) => isOrderEvent(m.event))
          .map((m) => {
            if (!isOrderEvent(m.event)) throw new Error(m.event);
            return {
              event: m.event,
              mail: renderOrderMail(m.event, readOrderMailPayload(m.payload), {
                siteUrl: 'https://furnicraft.in',
              }),
            };
          });
        const subjects = Object.fromEntries(mails.map((m) => [m.event, m.mail.subject]));
        expect(subjects).toMatchObject({
          return_requested: `Return ${r.returnNumber} requested for order ${r.order.number}`,
          return_approved: `Return ${r.returnNumber} approved`,
          return_pickup_scheduled: expect.stringMatching(
            new RegExp(`^Pickup for return ${r.returnNumber}: \\w{3}, \\d{1,2} \\w{3}, 1–5 pm$`),
          ),
          return_picked_up: `Return ${r.returnNumber} picked up`,
          return_received: `Return ${r.returnNumber} received at our warehouse`,
        });
        const initiated = mails.find((m) => m.event === 'refund_initiated')!.mail.text;
        expect(initiated).toContain('to your UPI ID as***@okaxis');
        expect(initiated).not.toContain('asha.rao@okaxis');
        expect(initiated).toContain(`Return: ${r.returnNumber}`);
        const processed = mails.find((m) => m.event === 'refund_processed')!.mail.text;
        expect(processed).toContain('has been credited to your UPI ID as***@okaxis');
        expect(processed).toContain(`Bank reference (UTR): ${utr}`);
        expect(processed).toMatch(/₹3,\d{3}\.\d{2}/);
      });

      it('fails a payout to RazorpayX’s failure VPA with its reason (retryable by staff)', async () => {
        const r = await receivedReturn({ refund_upi_id: FAILURE_VPA });
        const refund = await createRefund(r.order.id, r.amount, { return_id: r.returnId });
        expect((await issue(r.order.id)).status).toBe(200);
        await settle();
        const [failed] = await refundsOf(r.order.id);
        expect(failed).toMatchObject({ id: refund.id, status: 'failed', reference: null });
        expect(failed!.failure_reason).toContain('VPA is invalid');
        expect(await paymentStatus(r.order.id)).toBe('paid');
      });

      it('pays a bank account by IMPS; a reversed payout fails the refund', async () => {
        const ok = await receivedReturn({
          refund_bank: { account_name: 'Asha Rao', account_number: '50100012345678', ifsc: 'HDFC0001234' },
        });
        const refund = await createRefund(ok.order.id, ok.amount, { return_id: ok.returnId });
        expect(refund.rail).toBe('bank_payout');
        expect((await issue(ok.order.id)).status).toBe(200);
        const [pending] = await refundsOf(ok.order.id);
        expect(await sandboxPayout(pending!.provider_id!)).toMatchObject({
          mode: 'IMPS',
          fund_account: {
            account_type: 'bank_account',
            bank_account: { name: 'Asha Rao', ifsc: 'HDFC0001234', account_number: '50100012345678' },
          },
        });
        await settle();
        expect(await refundsOf(ok.order.id)).toMatchObject([
          { status: 'processed', reference: expect.stringMatching(/^\d{12}$/) },
        ]);

        const bad = await receivedReturn({
          refund_bank: { account_name: 'Asha Rao', account_number: '0000000000', ifsc: 'HDFC0001234' },
        });
        await createRefund(bad.order.id, bad.amount, { return_id: bad.returnId });
        expect((await cron({ order_id: bad.order.id })).status).toBe(200);
        await settle();
        const [reversed] = await refundsOf(bad.order.id);
        expect(reversed).toMatchObject({ status: 'failed' });
        expect(reversed!.failure_reason).toContain('reversed');
      });

      it('retries a payout outage with the same key: one payout', async () => {
        const r = await receivedReturn({ refund_upi_id: 'asha.rao@oksbi' });
        const refund = await createRefund(r.order.id, r.amount, { return_id: r.returnId });
        faults.payoutOutage = true;
        expect((await issue(r.order.id)).status).toBe(502);
        expect(await refundsOf(r.order.id)).toMatchObject([
          { status: 'pending', provider_id: null, attempts: 1 },
        ]);
        faults.payoutOutage = false;
        faults.payoutTimeoutMs = TIMEOUT_MS + 300; // the payout is made, the answer lost
        expect((await issue(r.order.id)).status).toBe(502);
        faults.payoutTimeoutMs = 0;
        expect((await cron()).status).toBe(200);
        const [row] = await refundsOf(r.order.id);
        expect(row).toMatchObject({ id: refund.id, status: 'pending', attempts: 2 });
        await settle();
        const payouts = control.deliveries.filter(
          (d) => d.event === 'payout.processed' && d.body.includes(refund.idempotency_key),
        );
        expect(new Set(payouts.map((d) => d.eventId)).size).toBe(1);
        expect(await refundsOf(r.order.id)).toMatchObject([{ status: 'processed' }]);
      });
    });
  },
);
