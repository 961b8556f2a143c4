/**
 * Refunds (issue 19) through supabase-js over HTTP against the real migrations and seed, on PGlite and
 * PostgreSQL: staff refund what was captured and never more (20 concurrent refunds with different
 * keys included; failed refunds do not count), a double-clicked refund makes one row, online payments
 * are refunded on Razorpay and COD returns paid out to the customer's UPI ID or bank account, a
 * transfer staff record with its reference is processed at once, a return's refund issues its credit
 * note and moves the return on, payment_status follows the processed refunds (paid →
 * partially_refunded → refunded). record_refund (the refunds functions and the webhook) is
 * order-independent and replay-safe; a failed refund is retried with a new idempotency key.
 * Cancelling a paid online order refunds it in full, once. Customers read the refunds of their own
 * orders, staff all, nobody writes them from a client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from 'supabase-local/testing';
import { addPeople, forEachStoreServer, liftRateLimits, PEOPLE } from './support/store.ts';
import { ADDRESS, gstClient, gstService, hsnProduct, paise } from './support/gst.ts';
import { sellOut, uniq } from './support/variants.ts';

interface RpcError {
  message: string;
  details: string;
  code: string;
}
interface Rpc<T> {
  data: T | null;
  error: RpcError | null;
}

interface RefundRow {
  id: string;
  order_id: string;
  return_id: string | null;
  amount: number;
  rail: string;
  razorpay_payment_id: string | null;
  destination: Record<string, string> | null;
  provider_id: string | null;
  idempotency_key: string;
  request_key: string | null;
  status: string;
  reference: string | null;
  reason: string;
  generation: number;
  attempts: number;
  last_error: string | null;
  failure_reason: string | null;
  created_by: string | null;
  processed_at: string | null;
  failed_at: string | null;
}

interface ReturnRow {
  id: string;
  return_number: string;
  status: string;
  refunded_at: string | null;
  closed_at: string | null;
}

interface Quote {
  amount: number;
  goods: number;
  delivery: number;
  refunded: number;
}

interface Line {
  id: number;
  quantity: number;
  productId: number;
  charged: number;
}
interface PlacedOrder {
  id: string;
  total: number;
  paymentId: string | null;
  lines: Line[];
}

async function rpc<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<Rpc<T>> {
  const { data, error } = await client.rpc(fn, args);
  return {
    data: error ? null : data,
    error: error ? { message: error.message, details: error.details, code: error.code } : null,
  };
}

const DAY = 86_400_000;
const istToday = (): string => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
function firstPickupDate(): string {
  let d = Date.parse(`${istToday()}T00:00:00Z`) + DAY;
  if (new Date(d).getUTCDay() === 0) d += DAY;
  return new Date(d).toISOString().slice(0, 10);
}
const rupees = (p: number) => p / 100;

forEachStoreServer('refunds', ({ server }) => {
  let s: TestServer;
  let asha: SupabaseClient;
  let bilal: SupabaseClient;
  let staff: SupabaseClient;
  let stale: SupabaseClient;
  let anon: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = gstClient(s, PEOPLE.customerA);
    bilal = gstClient(s, PEOPLE.customerB);
    staff = gstClient(s, PEOPLE.admin);
    stale = gstClient(s, PEOPLE.staleAdmin);
    anon = gstClient(s);
    service = gstService(s);
  });

  const setStatus = (orderId: string, status: string) =>
    rpc<{ status: string; payment_status: string }>(staff, 'admin_set_order_status', {
      order_id: orderId,
      status,
    });

  /**
   * An order of one product per line, paid online (Razorpay, marked paid by the service role) unless
   * `pay` is false, or cash on delivery; delivered by staff when `deliver` (a delivered COD order is paid).
   */
  async function order(
    lines: { price: number; quantity: number }[],
    {
      client = asha,
      method = 'razorpay',
      pay = true,
      deliver = false,
    }: { client?: SupabaseClient; method?: 'cod' | 'razorpay'; pay?: boolean; deliver?: boolean } = {},
  ): Promise<PlacedOrder> {
    const products = [];
    for (const l of lines) products.push(await hsnProduct(s.db, l.price, '9403', 100));
    const placed = await rpc<{ id: string }>(client, 'place_order', {
      items: products.map((p, i) => ({ product_id: p.id, quantity: lines[i]!.quantity })),
      shipping_address: ADDRESS.KA,
      payment_method: method,
      idempotency_key: uniq('rf-'),
    });
    expect(placed.error).toBeNull();
    const id = placed.data!.id;
    let paymentId: string | null = null;
    if (method === 'razorpay' && pay) {
      paymentId = uniq('pay_RF');
      expect(
        (await rpc(service, 'mark_order_paid', { order_id: id, razorpay_payment_id: paymentId })).error,
      ).toBeNull();
    }
    if (deliver) {
      expect((await setStatus(id, 'shipped')).error).toBeNull();
      expect((await setStatus(id, 'delivered')).error).toBeNull();
    }
    const o = await s.db.query<{ total: string }>('select total::text from public.orders where id = $1', [
      id,
    ]);
    const items = await s.db.query<{ id: string; product_id: string; quantity: number; charged: string }>(
      `select id::text, product_id::text, quantity, (taxable_value + cgst + sgst + utgst + igst)::text as charged
       from public.order_items where order_id = $1`,
      [id],
    );
    return {
      id,
      total: paise(o.rows[0]!.total),
      paymentId,
      lines: products.map((p) => {
        const r = items.rows.find((x) => Number(x.product_id) === p.id)!;
        return { id: Number(r.id), quantity: r.quantity, productId: p.id, charged: paise(r.charged) };
      }),
    };
  }

  const createRefund = (
    o: PlacedOrder | string,
    amount: number,
    extra: Record<string, unknown> = {},
    client: SupabaseClient = staff,
  ) =>
    rpc<RefundRow>(client, 'admin_create_refund', {
      order_id: typeof o === 'string' ? o : o.id,
      amount,
      reason: 'Goodwill: delivered late',
      request_key: uniq('dbl-click-'),
      ...extra,
    });

  async function refunded(
    o: PlacedOrder,
    amount: number,
    extra: Record<string, unknown> = {},
  ): Promise<RefundRow> {
    const r = await createRefund(o, amount, extra);
    expect(r.error).toBeNull();
    return r.data!;
  }

  const record = (
    key: string,
    providerId: string,
    status: string,
    reference: string | null = null,
    failureReason: string | null = null,
  ) =>
    rpc<RefundRow | null>(service, 'record_refund', {
      idempotency_key: key,
      provider_id: providerId,
      status,
      reference,
      failure_reason: failureReason,
    });

  async function refundsOf(orderId: string): Promise<RefundRow[]> {
    const { data, error } = await staff
      .from('refunds')
      .select('*')
      .eq('order_id', orderId)
      .order('created_at');
    expect(error).toBeNull();
    return data ?? [];
  }
  const paymentStatus = async (orderId: string) =>
    (
      await s.db.query<{ p: string }>('select payment_status::text as p from public.orders where id = $1', [
        orderId,
      ])
    ).rows[0]!.p;

  /** A delivered order's return of every unit of its lines (changed_mind), picked up and received. */
  async function receivedReturn(
    o: PlacedOrder,
    extra: Record<string, unknown> = {},
    lines: Line[] = o.lines,
  ): Promise<ReturnRow> {
    const r = await rpc<ReturnRow>(asha, 'request_return', {
      order_id: o.id,
      items: lines.map((l) => ({ order_item_id: l.id, quantity: l.quantity, reason: 'changed_mind' })),
      resolution: 'refund',
      pickup_date: firstPickupDate(),
      pickup_window: '13-17',
      ...extra,
    });
    expect(r.error).toBeNull();
    const id = r.data!.id;
    expect((await rpc(staff, 'admin_decide_return', { return_id: id, approve: true })).error).toBeNull();
    expect(
      (
        await rpc(staff, 'admin_schedule_return_pickup', {
          return_id: id,
          pickup_date: firstPickupDate(),
          pickup_window: '09-13',
        })
      ).error,
    ).toBeNull();
    expect((await rpc(staff, 'admin_mark_return_picked_up', { return_id: id })).error).toBeNull();
    const { data: items } = await staff.from('return_items').select('id, quantity').eq('return_id', id);
    const got = await rpc<ReturnRow>(staff, 'admin_receive_return', {
      return_id: id,
      items: (items ?? []).map((i: { id: number; quantity: number }) => ({
        return_item_id: i.id,
        received: i.quantity,
        damaged: 0,
      })),
    });
    expect(got.error).toBeNull();
    return got.data!;
  }

  describe('admin_create_refund', () => {
    it('refunds an online payment on Razorpay, pending, and a double click makes one refund', async () => {
      const o = await order([{ price: 3200, quantity: 1 }]);
      const key = uniq('refund-click-');
      const first = await createRefund(o, 500, { request_key: key });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({
        order_id: o.id,
        return_id: null,
        amount: 500,
        rail: 'razorpay',
        razorpay_payment_id: o.paymentId,
        status: 'pending',
        provider_id: null,
        reason: 'Goodwill: delivered late',
        created_by: PEOPLE.admin.id,
        request_key: key,
      });
      expect(first.data!.idempotency_key.length).toBeLessThanOrEqual(36);
      const again = await createRefund(o, 500, { request_key: key });
      expect(again.data?.id).toBe(first.data!.id);
      const racing = await Promise.all(
        Array.from({ length: 5 }, () => createRefund(o, 700, { request_key: `${key}-race` })),
      );
      expect(racing.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
      expect(new Set(racing.map((r) => r.data!.id)).size).toBe(1);
      expect((await refundsOf(o.id)).map((r) => Number(r.amount))).toEqual([500, 700]);
      // Due for the refunds function (pending, not yet accepted by Razorpay).
      const due = await rpc<RefundRow[]>(service, 'due_refunds', { order_id: o.id });
      expect(due.error).toBeNull();
      expect(due.data!.map((r) => r.id).sort()).toEqual([first.data!.id, racing[0]!.data!.id].sort());
      expect(await paymentStatus(o.id)).toBe('paid');
    });

    it('refuses more than was captured, an unpaid order, and bad amounts or reasons', async () => {
      const o = await order([{ price: 3200, quantity: 1 }]);
      expect((await createRefund(o, rupees(o.total + 1))).error).toMatchObject({
        details: 'refund_exceeds_captured',
      });
      await refunded(o, 500);
      expect((await createRefund(o, rupees(o.total - 50_000 + 1))).error).toMatchObject({
        details: 'refund_exceeds_captured',
      });
      expect((await createRefund(o, rupees(o.total - 50_000))).error).toBeNull();
      expect((await createRefund(o, 0.01)).error).toMatchObject({ details: 'refund_exceeds_captured' });

      const unpaidOnline = await order([{ price: 1200, quantity: 1 }], { pay: false });
      const unpaidCod = await order([{ price: 1200, quantity: 1 }], { method: 'cod' });
      for (const u of [unpaidOnline, unpaidCod])
        expect((await createRefund(u, 100)).error).toMatchObject({ details: 'order_not_paid' });

      const p = await order([{ price: 3200, quantity: 1 }]);
      for (const amount of [0, -5, 1.005])
        expect((await createRefund(p, amount)).error, String(amount)).toMatchObject({
          details: 'invalid_refund_amount',
        });
      for (const reason of ['', '   '])
        expect((await createRefund(p, 100, { reason })).error).toMatchObject({
          details: 'refund_reason_required',
        });
      expect(await refundsOf(p.id)).toEqual([]);
      expect((await createRefund('00000000-0000-4000-8000-000000000000', 100)).error).not.toBeNull();
    });

    it('10 refunds of one return at once (different keys): one refund, one credit note, never beyond the return’s value', async () => {
      const o = await order(
        [
          { price: 3100, quantity: 1 },
          { price: 3300, quantity: 1 },
        ],
        { deliver: true },
      );
      // A return of the first line only: each refund could fit on its own.
      const r = await rpc<ReturnRow>(asha, 'request_return', {
        order_id: o.id,
        items: [{ order_item_id: o.lines[0]!.id, quantity: 1, reason: 'changed_mind' }],
        resolution: 'refund',
        pickup_date: firstPickupDate(),
        pickup_window: '13-17',
      });
      expect(r.error).toBeNull();
      const id = r.data!.id;
      await rpc(staff, 'admin_decide_return', { return_id: id, approve: true });
      await rpc(staff, 'admin_schedule_return_pickup', {
        return_id: id,
        pickup_date: firstPickupDate(),
        pickup_window: '09-13',
      });
      await rpc(staff, 'admin_mark_return_picked_up', { return_id: id });
      const { data: items } = await staff.from('return_items').select('id').eq('return_id', id);
      expect(
        (
          await rpc(staff, 'admin_receive_return', {
            return_id: id,
            items: (items ?? []).map((i: { id: number }) => ({
              return_item_id: i.id,
              received: 1,
              damaged: 0,
            })),
          })
        ).error,
      ).toBeNull();
      const quote = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: id })).data!;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => createRefund(o, quote.amount, { return_id: id })),
      );
      // The order's capture would fit two; the return's value fits one.
      expect(results.filter((x) => x.error === null)).toHaveLength(1);
      for (const x of results.filter((y) => y.error !== null))
        expect(x.error).toMatchObject({ details: 'refund_exceeds_return' });
      const after = (
        await rpc<Quote & { value: number; return_refunded: number }>(staff, 'return_refund_quote', {
          return_id: id,
        })
      ).data!;
      expect(paise(after.value)).toBe(paise(quote.amount));
      expect(paise(after.return_refunded)).toBe(paise(quote.amount));
      expect(after.amount).toBe(0);
      const notes = await s.db.query<{ n: number }>(
        'select count(*)::int as n from public.credit_notes where return_id = $1',
        [id],
      );
      expect(notes.rows[0]!.n).toBe(1);
      expect((await staff.from('returns').select('status').eq('id', id).single()).data).toEqual({
        status: 'refunded',
      });
      // Processed: the return closes; a closed return takes no refund (a goodwill refund on the order still can).
      const made = results.find((x) => x.error === null)!.data!;
      expect((await record(made.idempotency_key, uniq('rfnd_'), 'processed', 'ARN-RT')).error).toBeNull();
      expect((await staff.from('returns').select('status').eq('id', id).single()).data).toEqual({
        status: 'closed',
      });
      expect((await createRefund(o, 1, { return_id: id })).error).toMatchObject({ details: 'return_closed' });
      expect((await createRefund(o, 1)).error).toBeNull();
    }, 60_000);

    it('20 refunds at once with different keys never add up to more than was captured', async () => {
      const o = await order([{ price: 4999, quantity: 2 }]);
      const quarter = Math.floor(o.total / 4);
      const results = await Promise.all(Array.from({ length: 20 }, () => createRefund(o, rupees(quarter))));
      const ok = results.filter((r) => r.error === null);
      expect(ok).toHaveLength(4);
      for (const r of results.filter((x) => x.error !== null))
        expect(r.error).toMatchObject({ details: 'refund_exceeds_captured' });
      const { rows } = await s.db.query<{ n: number; sum: string }>(
        `select count(*)::int as n, coalesce(sum(amount), 0)::text as sum from public.refunds
         where order_id = $1 and status <> 'failed'`,
        [o.id],
      );
      expect(rows[0]!.n).toBe(4);
      expect(paise(rows[0]!.sum)).toBeLessThanOrEqual(o.total);
    }, 60_000);

    it('moves payment_status paid → partially_refunded → refunded as refunds are processed', async () => {
      const o = await order([{ price: 3300, quantity: 1 }]);
      const part = await refunded(o, 1000);
      expect(await paymentStatus(o.id)).toBe('paid');
      expect((await record(part.idempotency_key, uniq('rfnd_'), 'processed', 'ARN0001')).data).toMatchObject({
        status: 'processed',
        reference: 'ARN0001',
      });
      expect(await paymentStatus(o.id)).toBe('partially_refunded');
      const rest = await refunded(o, rupees(o.total - 100_000));
      expect(await paymentStatus(o.id)).toBe('partially_refunded');
      expect((await record(rest.idempotency_key, uniq('rfnd_'), 'processed', 'ARN0002')).error).toBeNull();
      expect(await paymentStatus(o.id)).toBe('refunded');
      // Nothing is left to refund (order_not_paid or refund_exceeds_captured).
      expect((await createRefund(o, 1)).error).not.toBeNull();
    });

    it('a goodwill refund of a COD order needs the transfer’s reference (there is no account to pay out to)', async () => {
      const o = await order([{ price: 2500, quantity: 1 }], { method: 'cod', deliver: true });
      expect((await createRefund(o, 100)).error).toMatchObject({ details: 'refund_account_required' });
      expect(await refundsOf(o.id)).toEqual([]);
    });

    it('records a transfer staff made, with its reference, as processed at once (manual)', async () => {
      const o = await order([{ price: 2500, quantity: 1 }], { method: 'cod', deliver: true });
      expect(await paymentStatus(o.id)).toBe('paid');
      const r = await refunded(o, rupees(o.total), { reference: 'UTR123456789012' });
      expect(r).toMatchObject({ rail: 'manual', status: 'processed', reference: 'UTR123456789012' });
      expect(r.processed_at).not.toBeNull();
      expect(await paymentStatus(o.id)).toBe('refunded');
      // One mail: the money was already sent (no 'initiated' before it).
      const mails = await s.db.query<{ event: string; payload: Record<string, unknown> }>(
        `select event, payload from public.notification_outbox where order_id = $1 and event like 'refund%' order by id`,
        [o.id],
      );
      expect(mails.rows.map((m) => m.event)).toEqual(['refund_processed']);
      expect(mails.rows[0]!.payload).toMatchObject({
        refund_rail: 'manual',
        refund_reference: 'UTR123456789012',
      });
      const due = await rpc<RefundRow[]>(service, 'due_refunds', { order_id: o.id });
      expect(due.data).toEqual([]);
    });

    it('is for a fresh admin only; the service-role functions are for the service role only', async () => {
      const o = await order([{ price: 3200, quantity: 1 }]);
      for (const client of [asha, bilal, anon, stale])
        expect((await createRefund(o, 100, {}, client)).error).not.toBeNull();
      expect((await createRefund(o, 100, {}, asha)).error?.code).toBe('42501');
      const r = await refunded(o, 100);
      for (const client of [asha, bilal, anon, stale]) {
        expect((await rpc(client, 'admin_retry_refund', { refund_id: r.id })).error).not.toBeNull();
      }
      for (const client of [anon, asha, staff]) {
        expect((await rpc(client, 'due_refunds', {})).error?.code).toBe('42501');
        expect(
          (
            await rpc(client, 'record_refund', {
              idempotency_key: r.idempotency_key,
              provider_id: 'rfnd_evil',
              status: 'processed',
            })
          ).error?.code,
        ).toBe('42501');
        expect((await rpc(client, 'record_refund_error', { refund_id: r.id, error: 'x' })).error?.code).toBe(
          '42501',
        );
      }
      expect((await refundsOf(o.id)).map((x) => x.status)).toEqual(['pending']);
    });
  });

  describe('refunds of returns', () => {
    it('refunds a received return online, issues its credit note and moves the return to refunded, then closed', async () => {
      // Above the free-delivery threshold, no promo: each line's charged value is its price.
      const o = await order(
        [
          { price: 3100, quantity: 2 },
          { price: 4100, quantity: 1 },
        ],
        { deliver: true },
      );
      const r = await rpc<ReturnRow>(asha, 'request_return', {
        order_id: o.id,
        items: o.lines.map((l) => ({ order_item_id: l.id, quantity: l.quantity, reason: 'changed_mind' })),
        resolution: 'refund',
        pickup_date: firstPickupDate(),
        pickup_window: '13-17',
      });
      expect(r.error).toBeNull();
      // Not before it is received.
      expect((await createRefund(o, 100, { return_id: r.data!.id })).error).toMatchObject({
        details: 'return_not_received',
      });
      await rpc(asha, 'cancel_return', { return_id: r.data!.id });
      const ret = await receivedReturn(o);
      const quote = await rpc<Quote>(staff, 'return_refund_quote', { return_id: ret.id });
      expect(quote.error).toBeNull();
      const charged = o.lines.reduce((t, l) => t + l.charged, 0);
      expect(paise(quote.data!.amount)).toBe(charged);

      const refund = await refunded(o, quote.data!.amount, {
        return_id: ret.id,
        reason: 'Return ' + ret.return_number,
      });
      expect(refund).toMatchObject({ return_id: ret.id, rail: 'razorpay', status: 'pending' });
      const initiated = await s.db.query<{ payload: Record<string, unknown> }>(
        `select payload from public.notification_outbox where order_id = $1 and event = 'refund_initiated'`,
        [o.id],
      );
      expect(initiated.rows.map((m) => m.payload)).toEqual([
        expect.objectContaining({ return_number: ret.return_number, refund_rail: 'razorpay' }),
      ]);
      const after = (await staff.from('returns').select('status, refunded_at').eq('id', ret.id).single())
        .data;
      expect(after).toMatchObject({ status: 'refunded' });
      expect(after!.refunded_at).not.toBeNull();

      const notes = await s.db.query<{ id: string; total: string }>(
        'select id::text, total::text from public.credit_notes where return_id = $1',
        [ret.id],
      );
      expect(notes.rows).toHaveLength(1);
      expect(paise(notes.rows[0]!.total)).toBe(charged);
      const noteItems = await s.db.query<{ order_item_id: string; quantity: number; amount: string }>(
        'select order_item_id::text, quantity, amount::text from public.credit_note_items where credit_note_id = $1',
        [notes.rows[0]!.id],
      );
      expect(
        noteItems.rows.map((i) => [Number(i.order_item_id), i.quantity]).sort((a, b) => a[0]! - b[0]!),
      ).toEqual(o.lines.map((l) => [l.id, l.quantity]).sort((a, b) => a[0]! - b[0]!));
      expect(noteItems.rows.reduce((t, i) => t + paise(i.amount), 0)).toBe(charged);

      // The quote now says it was refunded, and proposes nothing more; a second refund is refused.
      const q2 = await rpc<Quote>(staff, 'return_refund_quote', { return_id: ret.id });
      expect(paise(q2.data!.refunded)).toBe(charged);
      expect(q2.data!.amount).toBe(0);
      // (Both limits are reached here: the return's value and the order's capture.)
      expect(['refund_exceeds_return', 'refund_exceeds_captured']).toContain(
        (await createRefund(o, 1, { return_id: ret.id })).error?.details,
      );

      expect((await record(refund.idempotency_key, uniq('rfnd_'), 'processed', 'ARN77')).error).toBeNull();
      const closed = (await staff.from('returns').select('status, closed_at').eq('id', ret.id).single()).data;
      expect(closed).toMatchObject({ status: 'closed' });
      expect(await paymentStatus(o.id)).toBe('refunded');
      // Fully refunded: nothing more, for the return or the order.
      expect((await createRefund(o, 1, { return_id: ret.id })).error).not.toBeNull();
    });

    it('pays a COD return out to the UPI ID or bank account the customer gave', async () => {
      const viaUpi = await order([{ price: 3400, quantity: 1 }], { method: 'cod', deliver: true });
      const r1 = await receivedReturn(viaUpi, { refund_upi_id: 'asha.rao@okicici' });
      const q1 = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: r1.id })).data!;
      const upi = await refunded(viaUpi, q1.amount, { return_id: r1.id });
      expect(upi).toMatchObject({
        rail: 'upi_payout',
        status: 'pending',
        razorpay_payment_id: null,
        destination: { vpa: 'asha.rao@okicici' },
      });

      const bank = { account_name: 'Asha Rao', account_number: '50100123456789', ifsc: 'HDFC0001234' };
      const viaBank = await order([{ price: 3500, quantity: 1 }], { method: 'cod', deliver: true });
      const r2 = await receivedReturn(viaBank, { refund_bank: bank });
      const q2 = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: r2.id })).data!;
      const payout = await refunded(viaBank, q2.amount, { return_id: r2.id });
      expect(payout).toMatchObject({ rail: 'bank_payout', status: 'pending', destination: bank });

      const due = (await rpc<RefundRow[]>(service, 'due_refunds', {})).data!.map((r) => r.id);
      expect(due).toEqual(expect.arrayContaining([upi.id, payout.id]));
      const done = await record(payout.idempotency_key, uniq('pout_'), 'processed', 'HDFCN52026112500001');
      expect(done.data).toMatchObject({ status: 'processed', reference: 'HDFCN52026112500001' });
      expect(await paymentStatus(viaBank.id)).toBe('refunded');
    });
  });

  describe('refunds of returns, the edges', () => {
    it('a COD return without an account is refunded by a transfer staff record, which closes it at once', async () => {
      const o = await order([{ price: 3600, quantity: 1 }], { method: 'cod', deliver: true });
      const ret = await receivedReturn(o, { resolution: 'replacement' });
      expect((await createRefund(o, 100, { return_id: ret.id })).error).toMatchObject({
        details: 'refund_account_required',
      });
      const quote = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: ret.id })).data!;
      const manual = await refunded(o, quote.amount, { return_id: ret.id, reference: 'NEFT-UTR-000123' });
      expect(manual).toMatchObject({ rail: 'manual', status: 'processed', reference: 'NEFT-UTR-000123' });
      expect((await staff.from('returns').select('status').eq('id', ret.id).single()).data).toEqual({
        status: 'closed',
      });
      const notes = await s.db.query('select 1 from public.credit_notes where return_id = $1', [ret.id]);
      expect(notes.rows).toHaveLength(1);
    });

    it('a retried refund of a return still stays within the return’s value', async () => {
      const o = await order(
        [
          { price: 3100, quantity: 1 },
          { price: 3300, quantity: 1 },
        ],
        { deliver: true },
      );
      const ret = await receivedReturn(o, {}, [o.lines[0]!]);
      const value = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: ret.id })).data!.amount;
      const first = await refunded(o, value, { return_id: ret.id });
      expect(
        (await record(first.idempotency_key, uniq('rfnd_'), 'failed', null, 'Card blocked')).error,
      ).toBeNull();
      // The failed one no longer counts: staff refund the return again (another way, say).
      await refunded(o, value, { return_id: ret.id });
      // Retrying the failed one now would refund the return twice (the order's capture would allow it).
      const retry = await rpc<RefundRow>(staff, 'admin_retry_refund', { refund_id: first.id });
      expect(retry.error).not.toBeNull();
      const { rows } = await s.db.query<{ sum: string }>(
        `select coalesce(sum(amount), 0)::text as sum from public.refunds where return_id = $1 and status <> 'failed'`,
        [ret.id],
      );
      expect(paise(rows[0]!.sum)).toBe(paise(value));
    });

    it('caps the quote at what the order can still refund, and refuses a return of another order', async () => {
      const o = await order([{ price: 3700, quantity: 1 }], { deliver: true });
      const other = await order([{ price: 3800, quantity: 1 }], { deliver: true });
      const ret = await receivedReturn(o);
      await refunded(o, rupees(o.total - 100_000)); // a goodwill refund first: ₹1,000 left
      const quote = (await rpc<Quote>(staff, 'return_refund_quote', { return_id: ret.id })).data!;
      expect(paise(quote.amount)).toBe(100_000);
      expect(paise(quote.refunded)).toBe(o.total - 100_000);
      expect((await createRefund(other, 10, { return_id: ret.id })).error).not.toBeNull();
      expect((await createRefund(o, rupees(100_001), { return_id: ret.id })).error).toMatchObject({
        details: 'refund_exceeds_captured',
      });
      // Refused, so the return is still received and no credit note was issued.
      expect((await staff.from('returns').select('status').eq('id', ret.id).single()).data).toEqual({
        status: 'received',
      });
      expect(
        (await s.db.query('select 1 from public.credit_notes where return_id = $1', [ret.id])).rows,
      ).toEqual([]);
    });
  });

  describe('record_refund', () => {
    it('keeps processed when a pending answer arrives after it, and a replay changes nothing', async () => {
      const o = await order([{ price: 2800, quantity: 1 }]);
      const r = await refunded(o, 900);
      const provider = uniq('rfnd_');
      const processed = await record(r.idempotency_key, provider, 'processed', 'ARN9001');
      expect(processed.data).toMatchObject({
        id: r.id,
        status: 'processed',
        provider_id: provider,
        reference: 'ARN9001',
      });
      const late = await record(r.idempotency_key, provider, 'pending');
      expect(late.error).toBeNull();
      expect(late.data).toMatchObject({ status: 'processed', reference: 'ARN9001' });
      const replay = await record(r.idempotency_key, provider, 'processed', 'ARN9001');
      expect(replay.data).toMatchObject({ status: 'processed', processed_at: processed.data!.processed_at });
      // A failure reported after it was processed does not undo it.
      expect((await record(r.idempotency_key, provider, 'failed', null, 'late failure')).data).toMatchObject({
        status: 'processed',
      });
      const events = await s.db.query<{ event: string; payload: Record<string, unknown> }>(
        `select event, payload from public.notification_outbox where order_id = $1 and event like 'refund%' order by id`,
        [o.id],
      );
      expect(events.rows.map((e) => e.event)).toEqual(['refund_initiated', 'refund_processed']);
      expect(events.rows[1]!.payload).toMatchObject({ refund_amount: 900, refund_reference: 'ARN9001' });
      expect(await paymentStatus(o.id)).toBe('partially_refunded');
    });

    it('answers null for a key that is not ours', async () => {
      for (const key of ['0123456789abcdef0123456789abcdef-1', 'someone-elses-refund']) {
        const got = await record(key, uniq('rfnd_nobody'), 'processed');
        expect(got.error).toBeNull();
        // null (PostgREST may show a null composite as an object of nulls)
        expect(got.data?.id ?? null).toBeNull();
      }
      expect(
        (await s.db.query(`select 1 from public.refunds where provider_id like 'rfnd_nobody%'`)).rows,
      ).toEqual([]);
    });

    it('matches by the provider id when the key is missing (a webhook without notes), and refuses an unknown status', async () => {
      const o = await order([{ price: 2800, quantity: 1 }]);
      const r = await refunded(o, 450);
      const provider = uniq('rfnd_');
      expect((await record(r.idempotency_key, provider, 'pending')).error).toBeNull();
      expect((await record('', provider, 'processed', 'ARN-BY-ID')).data).toMatchObject({
        id: r.id,
        status: 'processed',
        reference: 'ARN-BY-ID',
      });
      expect((await record(r.idempotency_key, provider, 'refunded')).error).not.toBeNull();
      // A failed call on a processed refund changes nothing.
      const err = await rpc<RefundRow>(service, 'record_refund_error', {
        refund_id: r.id,
        error: 'late timeout',
      });
      expect(err.error).toBeNull();
      expect((await refundsOf(o.id))[0]).toMatchObject({ status: 'processed', attempts: 0 });
    });

    it('a pending answer takes it off the due list; a failed call counts its attempts and stays due', async () => {
      const o = await order([{ price: 2800, quantity: 1 }]);
      const r = await refunded(o, 400);
      const err = await rpc<RefundRow>(service, 'record_refund_error', {
        refund_id: r.id,
        error: 'Razorpay 502',
      });
      expect(err.data).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'Razorpay 502',
        provider_id: null,
      });
      expect(
        (await rpc<RefundRow[]>(service, 'due_refunds', { order_id: o.id })).data!.map((x) => x.id),
      ).toEqual([r.id]);
      const provider = uniq('rfnd_');
      expect((await record(r.idempotency_key, provider, 'pending')).data).toMatchObject({
        status: 'pending',
        provider_id: provider,
      });
      expect((await rpc<RefundRow[]>(service, 'due_refunds', { order_id: o.id })).data).toEqual([]);
    });

    it('a failed refund stops counting; staff retry it with a new key, within what was captured', async () => {
      const o = await order([{ price: 2900, quantity: 1 }]);
      const full = rupees(o.total);
      const r = await refunded(o, full);
      expect((await rpc(staff, 'admin_retry_refund', { refund_id: r.id })).error).not.toBeNull(); // not failed
      const failed = await record(r.idempotency_key, uniq('rfnd_'), 'failed', null, 'The card was closed');
      expect(failed.data).toMatchObject({ status: 'failed', failure_reason: 'The card was closed' });
      expect(failed.data!.failed_at).not.toBeNull();
      // A late pending does not revive it.
      expect(
        (await record(r.idempotency_key, failed.data!.provider_id ?? 'x', 'pending')).data,
      ).toMatchObject({
        status: 'failed',
      });
      // The failed one no longer holds the money: another full refund fits, and then the retry does not.
      const other = await refunded(o, full);
      expect((await rpc(staff, 'admin_retry_refund', { refund_id: r.id })).error).toMatchObject({
        details: 'refund_exceeds_captured',
      });
      expect(
        (await record(other.idempotency_key, uniq('rfnd_'), 'failed', null, 'Bank down')).error,
      ).toBeNull();
      const retried = await rpc<RefundRow>(staff, 'admin_retry_refund', { refund_id: r.id });
      expect(retried.error).toBeNull();
      expect(retried.data).toMatchObject({ id: r.id, status: 'pending', generation: r.generation + 1 });
      expect(retried.data!.idempotency_key).not.toBe(r.idempotency_key);
      expect(retried.data).toMatchObject({ provider_id: null, failure_reason: null });
      // A late answer for the first attempt's key changes nothing.
      expect((await record(r.idempotency_key, uniq('rfnd_'), 'processed', 'ARN-OLD')).data).toMatchObject({
        id: r.id,
        status: 'pending',
      });
      expect(
        (await rpc<RefundRow[]>(service, 'due_refunds', { order_id: o.id })).data!.map((x) => x.id),
      ).toEqual([r.id]);
      // The new key is answered; the refund completes.
      expect(
        (await record(retried.data!.idempotency_key, uniq('rfnd_'), 'processed', 'ARN5')).data,
      ).toMatchObject({
        status: 'processed',
      });
      expect(await paymentStatus(o.id)).toBe('refunded');
    });
  });

  describe('cancelling a paid order', () => {
    const autoRefunds = async (orderId: string) =>
      (
        await s.db.query<{
          rail: string;
          status: string;
          amount: string;
          razorpay_payment_id: string | null;
          reason: string;
        }>(
          'select rail, status, amount::text, razorpay_payment_id, reason from public.refunds where order_id = $1',
          [orderId],
        )
      ).rows;

    it('the customer cancelling a paid online order gets one full refund on Razorpay', async () => {
      const o = await order([{ price: 2700, quantity: 1 }]);
      expect((await rpc(asha, 'cancel_order', { order_id: o.id })).error).toBeNull();
      await rpc(asha, 'cancel_order', { order_id: o.id });
      const rows = await autoRefunds(o.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        rail: 'razorpay',
        status: 'pending',
        razorpay_payment_id: o.paymentId,
      });
      expect(paise(rows[0]!.amount)).toBe(o.total);
      expect(rows[0]!.reason.length).toBeGreaterThan(0);
    });

    it('staff cancelling a paid online order refund it in full once', async () => {
      const o = await order([{ price: 2700, quantity: 2 }], { client: bilal });
      expect((await setStatus(o.id, 'cancelled')).error).toBeNull();
      await setStatus(o.id, 'cancelled');
      const rows = await autoRefunds(o.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rail: 'razorpay', status: 'pending' });
      expect(paise(rows[0]!.amount)).toBe(o.total);
    });

    it('refunds only what an earlier goodwill refund left', async () => {
      const o = await order([{ price: 2700, quantity: 1 }]);
      await refunded(o, 500);
      expect((await rpc(asha, 'cancel_order', { order_id: o.id })).error).toBeNull();
      const rows = await autoRefunds(o.id);
      expect(rows.map((r) => paise(r.amount)).sort((a, b) => a - b)).toEqual(
        [50_000, o.total - 50_000].sort((a, b) => a - b),
      );
    });

    it('a payment arriving after the customer cancelled is refunded in full; one that revives a released order is not', async () => {
      const cancelled = await order([{ price: 2750, quantity: 1 }], { pay: false });
      expect((await rpc(asha, 'cancel_order', { order_id: cancelled.id })).error).toBeNull();
      const payment = uniq('pay_after_cancel');
      expect(
        (await rpc(service, 'mark_order_paid', { order_id: cancelled.id, razorpay_payment_id: payment }))
          .error,
      ).toBeNull();
      const rows = await autoRefunds(cancelled.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rail: 'razorpay', status: 'pending', razorpay_payment_id: payment });
      expect(paise(rows[0]!.amount)).toBe(cancelled.total);

      const released = await order([{ price: 2760, quantity: 1 }], { pay: false, client: bilal });
      expect((await rpc(service, 'release_unpaid_orders', { older_than: '0 seconds' })).error).toBeNull();
      const revived = await rpc<{ status: string }>(service, 'mark_order_paid', {
        order_id: released.id,
        razorpay_payment_id: uniq('pay_revive'),
      });
      expect(revived.data).toMatchObject({ status: 'processing' });
      expect(await autoRefunds(released.id)).toEqual([]);
    });

    it('a cancellation racing a goodwill refund refunds exactly what was paid, whichever comes first', async () => {
      const orders = [];
      for (let i = 0; i < 4; i++) orders.push(await order([{ price: 2900 + i, quantity: 1 }]));
      const raced = await Promise.all(
        orders.map((o) =>
          Promise.all([rpc(asha, 'cancel_order', { order_id: o.id }), createRefund(o, 1000)]),
        ),
      );
      for (const [i, [cancel, goodwill]] of raced.entries()) {
        expect(cancel.error).toBeNull();
        if (goodwill.error) expect(goodwill.error).toMatchObject({ details: 'refund_exceeds_captured' });
        const rows = await autoRefunds(orders[i]!.id);
        expect(rows.reduce((t, r) => t + paise(r.amount), 0)).toBe(orders[i]!.total);
      }
    }, 60_000);

    it('cash on delivery and unpaid online orders are cancelled without a refund', async () => {
      const cod = await order([{ price: 2700, quantity: 1 }], { method: 'cod' });
      expect((await rpc(asha, 'cancel_order', { order_id: cod.id })).error).toBeNull();
      const cod2 = await order([{ price: 2700, quantity: 1 }], { method: 'cod' });
      expect((await setStatus(cod2.id, 'cancelled')).error).toBeNull();
      const unpaid = await order([{ price: 2700, quantity: 1 }], { pay: false });
      expect((await rpc(asha, 'cancel_order', { order_id: unpaid.id })).error).toBeNull();
      for (const o of [cod, cod2, unpaid]) expect(await autoRefunds(o.id)).toEqual([]);
    });

    it('a late payment that finds the stock gone is refunded in full once, however often it is reported', async () => {
      const o = await order([{ price: 2700, quantity: 1 }], { pay: false, client: bilal });
      expect((await rpc(service, 'release_unpaid_orders', { older_than: '0 seconds' })).error).toBeNull();
      await sellOut(
        s.db,
        o.lines.map((l) => l.productId),
      );
      const payment = uniq('pay_late');
      for (let i = 0; i < 2; i++)
        expect(
          (await rpc(service, 'mark_order_paid', { order_id: o.id, razorpay_payment_id: payment })).error,
        ).toBeNull();
      const rows = await autoRefunds(o.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rail: 'razorpay', status: 'pending', razorpay_payment_id: payment });
      expect(paise(rows[0]!.amount)).toBe(o.total);
    });
  });

  describe('who reads refunds', () => {
    it('the customer reads the refunds of their own orders, staff all, visitors none; no client writes them', async () => {
      const o = await order([{ price: 2600, quantity: 1 }]);
      const r = await refunded(o, 300);
      const seen = async (c: SupabaseClient) =>
        ((await c.from('refunds').select('id').eq('order_id', o.id)).data ?? []).length;
      expect(await seen(asha)).toBe(1);
      expect(await seen(staff)).toBe(1);
      expect(await seen(bilal)).toBe(0);
      expect(await seen(anon)).toBe(0);
      for (const c of [asha, staff]) {
        const ins = await c.from('refunds').insert({
          order_id: o.id,
          amount: 1,
          rail: 'manual',
          idempotency_key: uniq('evil-'),
          status: 'processed',
          reason: 'mine',
        });
        expect(ins.error).not.toBeNull();
        await c.from('refunds').update({ status: 'processed', amount: 1 }).eq('id', r.id);
        await c.from('refunds').delete().eq('id', r.id);
      }
      const { rows } = await s.db.query<{ status: string; amount: string }>(
        'select status, amount::text from public.refunds where order_id = $1',
        [o.id],
      );
      expect(rows).toEqual([{ status: 'pending', amount: '300.00' }]);
    });
  });
});
