/**
 * Returns (issue 19) through supabase-js over HTTP against the real migrations and seed, on PGlite and
 * PostgreSQL, with the Storage surface for the return photos. Every limit of request_return (the
 * window by the day in India, delivered orders only, quantities across live returns, photos for the
 * reasons that need them and only from the caller's own folder, the pickup slot, the COD refund
 * account, other customers' orders, non-returnable lines), the returned-quantity invariant under 10
 * concurrent requests, the status machine (each admin_ step only from its states, staff only, a
 * reason to reject, the customer's cancel while nothing was picked up), the reception putting
 * resellable units back through the stock ledger and writing damaged ones off, the refund quote per
 * the delivery_fee_refund setting, who reads what (and the private photo bucket), and one mail per step.
 * (Refunds themselves: db-refunds.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachServer, storageSurface, type TestServer } from 'supabase-local/testing';
import {
  addPeople,
  expectLedgerBalanced,
  liftRateLimits,
  PEOPLE,
  STORE_PATHS,
  type Person,
} from './support/store.ts';
import { ADDRESS, gstClient, gstService, hsnProduct, paise } from './support/gst.ts';
import { movementsOf, stockOf, uniq } from './support/variants.ts';

const root = mkdtempSync(join(tmpdir(), 'fc-returns-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A 1x1 WebP.
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');

interface RpcError {
  message: string;
  details: string;
  code: string;
}
interface Rpc<T> {
  data: T | null;
  error: RpcError | null;
}

interface ReturnRow {
  id: string;
  return_number: string;
  order_id: string;
  user_id: string;
  status: string;
  resolution: string;
  note: string | null;
  photos: string[];
  pickup_address: Record<string, unknown>;
  pickup_date: string | null;
  pickup_window: string | null;
  refund_upi_id: string | null;
  refund_bank: Record<string, string> | null;
  rejection_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  pickup_scheduled_at: string | null;
  picked_up_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  closed_at: string | null;
}

interface ReturnItemRow {
  id: number;
  return_id: string;
  order_item_id: number;
  quantity: number;
  reason: string;
  received_quantity: number | null;
  damaged_quantity: number | null;
  resellable_quantity: number | null;
}

interface ReturnOption {
  order_item_id: number;
  product_name: string;
  quantity: number;
  returned_quantity: number;
  returnable_quantity: number;
  returnable: boolean;
  window_closes_at: string;
  eligible: boolean;
  ineligible_reason: string | null;
}

interface Quote {
  items: {
    return_item_id: number;
    order_item_id: number;
    quantity: number;
    goods: number;
    delivery: number;
  }[];
  goods: number;
  delivery: number;
  amount: number;
  refunded: number;
  refundable: number;
  delivery_included: boolean;
}

interface Line {
  id: number;
  productId: number;
  variantId: number;
  quantity: number;
  lineTotal: number;
  discountShare: number;
  deliveryShare: number;
}
interface PlacedOrder {
  id: string;
  total: number;
  deliveryFee: number;
  lines: Line[];
}

/** An RPC whose answer the suite types itself (the client has no generated types for the new functions). */
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
/** Today's date in India (YYYY-MM-DD). */
const istToday = (): string => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isSunday = (date: string): boolean => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
/** The first pickup date a customer may book: tomorrow in India, or Monday when tomorrow is a Sunday. */
function firstPickupDate(): string {
  let d = addDays(istToday(), 1);
  while (isSunday(d)) d = addDays(d, 1);
  return d;
}

let serverNo = 0;
forEachServer(
  'returns',
  {
    migrationsDir: STORE_PATHS.migrationsDir,
    seedPaths: STORE_PATHS.seedPaths,
    surfaces: { storage: (ctx) => storageSurface({ root: join(root, String(++serverNo)) })(ctx) },
  },
  ({ kind, server }) => {
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

    afterAll(async () => {
      await expectLedgerBalanced(s.db, `returns [${kind}]`);
    });

    /**
     * An order of the given lines (a product of its own each), paid online by default (Razorpay,
     * marked paid by the service role) or cash on delivery, shipped and delivered by staff.
     */
    async function order(
      lines: { price: number; quantity: number; returnable?: boolean; windowDays?: number }[],
      {
        client = asha,
        method = 'razorpay',
        promo,
        deliver = true,
      }: { client?: SupabaseClient; method?: 'cod' | 'razorpay'; promo?: string; deliver?: boolean } = {},
    ): Promise<PlacedOrder> {
      const products = [];
      for (const l of lines) {
        const p = await hsnProduct(s.db, l.price, '9403', 100);
        if (l.returnable === false)
          await s.db.query('update public.products set returnable = false where id = $1', [p.id]);
        if (l.windowDays !== undefined)
          await s.db.query('update public.products set return_window_days = $2 where id = $1', [
            p.id,
            l.windowDays,
          ]);
        products.push(p);
      }
      const placed = await rpc<{ id: string }>(client, 'place_order', {
        items: products.map((p, i) => ({ product_id: p.id, quantity: lines[i]!.quantity })),
        shipping_address: ADDRESS.KA,
        payment_method: method,
        idempotency_key: uniq('ret-'),
        ...(promo ? { promo_code: promo } : {}),
      });
      expect(placed.error).toBeNull();
      const id = placed.data!.id;
      if (method === 'razorpay') {
        const paid = await rpc(service, 'mark_order_paid', {
          order_id: id,
          razorpay_payment_id: uniq('pay_RT'),
        });
        expect(paid.error).toBeNull();
      }
      if (deliver) {
        expect((await setStatus(id, 'shipped')).error).toBeNull();
        expect((await setStatus(id, 'delivered')).error).toBeNull();
      }
      const o = await s.db.query<{ total: string; delivery_fee: string }>(
        'select total::text, delivery_fee::text from public.orders where id = $1',
        [id],
      );
      const items = await s.db.query<Record<string, string>>(
        `select id::text, product_id::text, variant_id::text, quantity::text, line_total::text,
           discount_share::text, delivery_share::text
         from public.order_items where order_id = $1`,
        [id],
      );
      return {
        id,
        total: paise(o.rows[0]!.total),
        deliveryFee: paise(o.rows[0]!.delivery_fee),
        lines: products.map((p) => {
          const r = items.rows.find((x) => Number(x.product_id) === p.id)!;
          return {
            id: Number(r.id),
            productId: p.id,
            variantId: Number(r.variant_id),
            quantity: Number(r.quantity),
            lineTotal: paise(r.line_total!),
            discountShare: paise(r.discount_share!),
            deliveryShare: paise(r.delivery_share!),
          };
        }),
      };
    }

    const setStatus = (orderId: string, status: string) =>
      rpc<{ status: string }>(staff, 'admin_set_order_status', { order_id: orderId, status });

    /** Moves the delivery back: delivered `daysAgo` days ago (by the date in India) at `time` IST. */
    async function deliveredDaysAgo(orderId: string, daysAgo: number, time = '10:00'): Promise<void> {
      await s.db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(
          `update public.orders
           set delivered_at = ((((now() at time zone 'Asia/Kolkata')::date - $2::int) + $3::time) at time zone 'Asia/Kolkata')
           where id = $1`,
          [orderId, daysAgo, time],
        );
      });
    }

    /** A picture in the caller's own folder of return-photos (or `folder`). */
    async function photo(client: SupabaseClient, person: Person, folder = person.id): Promise<string> {
      const path = `${folder}/${uniq('damage-')}.webp`;
      const up = await client.storage.from('return-photos').upload(path, WEBP, { contentType: 'image/webp' });
      expect(up.error).toBeNull();
      return path;
    }

    type Item = { order_item_id: number; quantity: number; reason: string };
    const item = (line: Line, quantity = line.quantity, reason = 'changed_mind'): Item => ({
      order_item_id: line.id,
      quantity,
      reason,
    });

    function requestReturn(
      o: PlacedOrder | string,
      items: Item[],
      extra: Record<string, unknown> = {},
      client: SupabaseClient = asha,
    ): Promise<Rpc<ReturnRow>> {
      return rpc<ReturnRow>(client, 'request_return', {
        order_id: typeof o === 'string' ? o : o.id,
        items,
        resolution: 'refund',
        pickup_date: firstPickupDate(),
        pickup_window: '09-13',
        ...extra,
      });
    }

    async function requested(
      o: PlacedOrder,
      items: Item[],
      extra: Record<string, unknown> = {},
    ): Promise<ReturnRow> {
      const r = await requestReturn(o, items, extra);
      expect(r.error).toBeNull();
      return r.data!;
    }

    const decide = (id: string, approve: boolean, reason?: string, client = staff) =>
      rpc<ReturnRow>(client, 'admin_decide_return', {
        return_id: id,
        approve,
        ...(reason ? { reason } : {}),
      });
    const schedule = (id: string, date = firstPickupDate(), window = '13-17', client = staff) =>
      rpc<ReturnRow>(client, 'admin_schedule_return_pickup', {
        return_id: id,
        pickup_date: date,
        pickup_window: window,
      });
    const pickedUp = (id: string, client = staff) =>
      rpc<ReturnRow>(client, 'admin_mark_return_picked_up', { return_id: id });
    const receive = (id: string, items: { return_item_id: number; received: number; damaged: number }[]) =>
      rpc<ReturnRow>(staff, 'admin_receive_return', { return_id: id, items });
    const cancelReturn = (id: string, client = asha) =>
      rpc<ReturnRow>(client, 'cancel_return', { return_id: id });

    async function itemsOf(returnId: string): Promise<ReturnItemRow[]> {
      const { data, error } = await staff
        .from('return_items')
        .select('*')
        .eq('return_id', returnId)
        .order('id');
      expect(error).toBeNull();
      return data ?? [];
    }

    /** requested → approved → pickup_scheduled → picked_up. */
    async function pickedUpReturn(o: PlacedOrder, items: Item[], extra: Record<string, unknown> = {}) {
      const r = await requested(o, items, extra);
      expect((await decide(r.id, true)).error).toBeNull();
      expect((await schedule(r.id)).error).toBeNull();
      expect((await pickedUp(r.id)).error).toBeNull();
      return r;
    }

    /** The whole return received as asked, nothing damaged. */
    async function receivedReturn(o: PlacedOrder, items: Item[], extra: Record<string, unknown> = {}) {
      const r = await pickedUpReturn(o, items, extra);
      const its = await itemsOf(r.id);
      const got = await receive(
        r.id,
        its.map((i) => ({ return_item_id: i.id, received: i.quantity, damaged: 0 })),
      );
      expect(got.error).toBeNull();
      return r;
    }

    describe('asking for a return', () => {
      it('offers each delivered line with what is left to return and the window closing at the end of the day in India', async () => {
        const o = await order([
          { price: 2100, quantity: 2 },
          { price: 900, quantity: 1, returnable: false },
        ]);
        await deliveredDaysAgo(o.id, 3);
        const { data, error } = await rpc<ReturnOption[]>(asha, 'order_return_options', { order_id: o.id });
        expect(error).toBeNull();
        const byLine = new Map((data ?? []).map((r) => [Number(r.order_item_id), r]));
        expect(byLine.get(o.lines[0]!.id)).toMatchObject({
          quantity: 2,
          returned_quantity: 0,
          returnable_quantity: 2,
          returnable: true,
          eligible: true,
        });
        // Not returnable, still eligible (the form offers store-fault reasons only).
        expect(byLine.get(o.lines[1]!.id)).toMatchObject({ returnable: false, eligible: true });
        // Delivered 3 days ago → closes at the end of (that day + 30) in India.
        const lastDay = addDays(istToday(), 27);
        const closes = Date.parse(byLine.get(o.lines[0]!.id)!.window_closes_at);
        expect(closes).toBeGreaterThan(Date.parse(`${lastDay}T23:59:00+05:30`));
        expect(closes).toBeLessThanOrEqual(Date.parse(`${addDays(lastDay, 1)}T00:00:00+05:30`));

        // Staff see them too; another customer nothing.
        expect(
          (await rpc<ReturnOption[]>(staff, 'order_return_options', { order_id: o.id })).data,
        ).toHaveLength(2);
        const other = await rpc<ReturnOption[]>(bilal, 'order_return_options', { order_id: o.id });
        expect(other.data ?? []).toEqual([]);

        // After a return of one unit, one is left.
        await requested(o, [item(o.lines[0]!, 1)]);
        const after = await rpc<ReturnOption[]>(asha, 'order_return_options', { order_id: o.id });
        expect(after.data!.find((r) => Number(r.order_item_id) === o.lines[0]!.id)).toMatchObject({
          returned_quantity: 1,
          returnable_quantity: 1,
          eligible: true,
        });
      });

      it('makes a return RT-nnnnnn, requested, picking up from the delivery address', async () => {
        const o = await order([{ price: 1800, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)], { note: 'The colour does not suit the room.' });
        expect(r.return_number).toMatch(/^RT-\d{6,}$/);
        expect(r).toMatchObject({
          order_id: o.id,
          user_id: PEOPLE.customerA.id,
          status: 'requested',
          resolution: 'refund',
          note: 'The colour does not suit the room.',
          pickup_date: firstPickupDate(),
          pickup_window: '09-13',
          photos: [],
        });
        expect(r.pickup_address).toMatchObject({ pincode: ADDRESS.KA.pincode, city: ADDRESS.KA.city });
        expect(await itemsOf(r.id)).toEqual([
          expect.objectContaining({
            order_item_id: o.lines[0]!.id,
            quantity: 1,
            reason: 'changed_mind',
            received_quantity: null,
            damaged_quantity: null,
          }),
        ]);
      });

      it('takes a return on day 30 until the end of that day in India, and refuses day 31', async () => {
        // Delivered 30 days ago just after midnight: more than 30×24 hours ago, still inside the window.
        const day30 = await order([{ price: 1500, quantity: 1 }]);
        await deliveredDaysAgo(day30.id, 30, '00:05');
        expect((await requestReturn(day30, [item(day30.lines[0]!)])).error).toBeNull();

        // Delivered 31 days ago late in the evening: closed at the end of yesterday.
        const day31 = await order([{ price: 1500, quantity: 1 }]);
        await deliveredDaysAgo(day31.id, 31, '23:55');
        const late = await requestReturn(day31, [item(day31.lines[0]!, 1, 'defective')], {
          photos: [await photo(asha, PEOPLE.customerA)],
        });
        expect(late.error).toMatchObject({ details: 'return_window_closed' });
        const options = await rpc<ReturnOption[]>(asha, 'order_return_options', { order_id: day31.id });
        expect(options.data![0]).toMatchObject({ eligible: false });
      });

      it("keeps a product's own window (7 days), snapshotted on the order line", async () => {
        const o = await order([
          { price: 1200, quantity: 1, windowDays: 7 },
          { price: 1300, quantity: 1, windowDays: 7 },
        ]);
        const { rows } = await s.db.query<{ return_window_days: number; returnable: boolean }>(
          'select return_window_days, returnable from public.order_items where order_id = $1',
          [o.id],
        );
        expect(rows).toEqual([
          { return_window_days: 7, returnable: true },
          { return_window_days: 7, returnable: true },
        ]);
        // The product changing later does not change the order.
        await s.db.query('update public.products set return_window_days = 60 where id = $1', [
          o.lines[0]!.productId,
        ]);
        await deliveredDaysAgo(o.id, 8);
        expect((await requestReturn(o, [item(o.lines[0]!)])).error).toMatchObject({
          details: 'return_window_closed',
        });
        await deliveredDaysAgo(o.id, 7);
        expect((await requestReturn(o, [item(o.lines[1]!)])).error).toBeNull();
      });

      it('refuses an order that is not delivered yet', async () => {
        const o = await order([{ price: 1500, quantity: 1 }], { deliver: false });
        expect((await requestReturn(o, [item(o.lines[0]!)])).error).toMatchObject({
          details: 'order_not_delivered',
        });
        expect((await setStatus(o.id, 'shipped')).error).toBeNull();
        expect((await requestReturn(o, [item(o.lines[0]!)])).error).toMatchObject({
          details: 'order_not_delivered',
        });
        const options = await rpc<ReturnOption[]>(asha, 'order_return_options', { order_id: o.id });
        expect(options.data).toEqual([
          expect.objectContaining({
            eligible: false,
            ineligible_reason: 'not_delivered',
            returnable_quantity: 1,
          }),
        ]);
      });

      it('refuses another customer’s order as not found, and visitors altogether', async () => {
        const o = await order([{ price: 1500, quantity: 1 }]);
        expect((await requestReturn(o, [item(o.lines[0]!)], {}, bilal)).error).toMatchObject({
          details: 'order_not_found',
        });
        expect((await requestReturn(o, [item(o.lines[0]!)], {}, anon)).error).not.toBeNull();
        expect(
          (await requestReturn('00000000-0000-4000-8000-000000000000', [item(o.lines[0]!)])).error,
        ).toMatchObject({ details: 'order_not_found' });
        expect((await staff.from('returns').select('id').eq('order_id', o.id)).data).toEqual([]);
      });

      it('refuses the same line twice in one request, a note over 1,000 characters and a photo named twice', async () => {
        const o = await order([{ price: 1500, quantity: 3 }]);
        const line = o.lines[0]!;
        expect((await requestReturn(o, [item(line, 1), item(line, 1)])).error).toMatchObject({
          details: 'invalid_return_items',
        });
        expect((await requestReturn(o, [item(line, 1)], { note: 'x'.repeat(1001) })).error).not.toBeNull();
        const p = await photo(asha, PEOPLE.customerA);
        expect(
          (await requestReturn(o, [item(line, 1, 'defective')], { photos: [p, p] })).error,
        ).toMatchObject({ details: 'invalid_photo_path' });
        // A path in the right folder that was never uploaded.
        expect(
          (
            await requestReturn(o, [item(line, 1, 'defective')], {
              photos: [`${PEOPLE.customerA.id}/never-uploaded.webp`],
            })
          ).error,
        ).toMatchObject({ details: 'invalid_photo_path' });
        expect((await staff.from('returns').select('id').eq('order_id', o.id)).data).toEqual([]);
      });

      it('refuses quantities above what was ordered and items that are not lines of the order', async () => {
        const o = await order([{ price: 1500, quantity: 2 }]);
        const other = await order([{ price: 1600, quantity: 1 }]);
        expect((await requestReturn(o, [item(o.lines[0]!, 3)])).error).toMatchObject({
          details: 'return_quantity_exceeded',
        });
        for (const bad of [
          [],
          [item(o.lines[0]!, 0)],
          [item(o.lines[0]!, -1)],
          [item(other.lines[0]!, 1)],
          [{ order_item_id: o.lines[0]!.id, reason: 'changed_mind' }],
        ])
          expect((await requestReturn(o, bad as Item[])).error, JSON.stringify(bad)).toMatchObject({
            details: 'invalid_return_items',
          });
        expect((await requestReturn(o, [item(o.lines[0]!, 1, 'bored_of_it')])).error).toMatchObject({
          details: 'invalid_return_reason',
        });
        expect((await requestReturn(o, [item(o.lines[0]!)], { resolution: 'exchange' })).error).toMatchObject(
          {
            details: 'invalid_resolution',
          },
        );
        expect((await staff.from('returns').select('id').eq('order_id', o.id)).data).toEqual([]);
      });

      it('refuses a second return of the same units; a rejected or cancelled return frees them', async () => {
        const o = await order([{ price: 1500, quantity: 3 }]);
        const line = o.lines[0]!;
        const first = await requested(o, [item(line, 2)]);
        expect((await requestReturn(o, [item(line, 2)])).error).toMatchObject({
          details: 'return_quantity_exceeded',
        });
        const second = await requested(o, [item(line, 1)]);
        expect((await requestReturn(o, [item(line, 1)])).error).toMatchObject({
          details: 'return_quantity_exceeded',
        });
        // Rejecting the first frees 2 units, cancelling the second 1 more.
        expect((await decide(first.id, false, 'Used beyond normal inspection.')).error).toBeNull();
        expect((await requestReturn(o, [item(line, 3)])).error).toMatchObject({
          details: 'return_quantity_exceeded',
        });
        expect((await requestReturn(o, [item(line, 2)])).error).toBeNull();
        expect((await cancelReturn(second.id)).error).toBeNull();
        expect((await requestReturn(o, [item(line, 1)])).error).toBeNull();
        expect((await requestReturn(o, [item(line, 1)])).error).toMatchObject({
          details: 'return_quantity_exceeded',
        });
      });

      it('wants photos, from the customer’s own folder, for the reasons that need them', async () => {
        const o = await order([{ price: 2500, quantity: 4 }]);
        const line = o.lines[0]!;
        for (const reason of ['damaged_in_transit', 'defective', 'not_as_described', 'wrong_item'])
          expect((await requestReturn(o, [item(line, 1, reason)])).error, reason).toMatchObject({
            details: 'photos_required',
          });
        const bilalsPhoto = await photo(bilal, PEOPLE.customerB);
        expect(
          (await requestReturn(o, [item(line, 1, 'damaged_in_transit')], { photos: [bilalsPhoto] })).error,
        ).toMatchObject({ details: 'invalid_photo_path' });
        for (const path of [
          'damage.webp',
          `${PEOPLE.customerA.id}`,
          `../${PEOPLE.customerA.id}/x.webp`,
          `other/${PEOPLE.customerA.id}/x.webp`,
        ])
          expect(
            (await requestReturn(o, [item(line, 1, 'damaged_in_transit')], { photos: [path] })).error,
            path,
          ).toMatchObject({ details: 'invalid_photo_path' });
        const seven = Array.from({ length: 7 }, (_, i) => `${PEOPLE.customerA.id}/p${i}.webp`);
        expect(
          (await requestReturn(o, [item(line, 1, 'damaged_in_transit')], { photos: seven })).error,
        ).not.toBeNull();

        const mine = [await photo(asha, PEOPLE.customerA), await photo(asha, PEOPLE.customerA)];
        const ok = await requestReturn(o, [item(line, 1, 'damaged_in_transit')], { photos: mine });
        expect(ok.error).toBeNull();
        expect(ok.data!.photos).toEqual(mine);
        // Reasons without photos need none.
        expect((await requestReturn(o, [item(line, 1, 'does_not_fit')])).error).toBeNull();
      });

      it('books a pickup from tomorrow for return_pickup_days, never on a Sunday, in the three windows', async () => {
        const o = await order([{ price: 1500, quantity: 6 }]);
        const line = o.lines[0]!;
        const today = istToday();
        const slot = (pickup_date: string, pickup_window = '09-13') =>
          requestReturn(o, [item(line, 1)], { pickup_date, pickup_window });
        expect((await slot(today)).error).toMatchObject({ details: 'invalid_pickup_slot' });
        expect((await slot(addDays(today, -1))).error).toMatchObject({ details: 'invalid_pickup_slot' });
        expect((await slot(addDays(today, 8))).error).toMatchObject({ details: 'invalid_pickup_slot' });
        let sunday = addDays(today, 1);
        while (!isSunday(sunday)) sunday = addDays(sunday, 1);
        expect((await slot(sunday)).error).toMatchObject({ details: 'invalid_pickup_slot' });
        expect((await slot(firstPickupDate(), '08-12')).error).toMatchObject({
          details: 'invalid_pickup_slot',
        });
        expect((await slot(firstPickupDate(), '')).error).toMatchObject({ details: 'invalid_pickup_slot' });

        // The last day of the default 7: tomorrow + 6 (if not a Sunday, else the day before).
        let last = addDays(today, 7);
        if (isSunday(last)) last = addDays(last, -1);
        for (const w of ['09-13', '13-17', '17-20']) expect((await slot(last, w)).error, w).toBeNull();

        // A shorter setting is honoured.
        await s.db.query('update public.store_settings set return_pickup_days = 2');
        try {
          let third = addDays(today, 3);
          if (isSunday(third)) third = addDays(third, 1);
          expect((await slot(third)).error).toMatchObject({ details: 'invalid_pickup_slot' });
        } finally {
          await s.db.query('update public.store_settings set return_pickup_days = 7');
        }
      });

      it('asks a COD refund for one valid UPI ID or bank account, and keeps it', async () => {
        const o = await order([{ price: 1500, quantity: 8 }], { method: 'cod' });
        const line = o.lines[0]!;
        const ask = (extra: Record<string, unknown>) => requestReturn(o, [item(line, 1)], extra);
        expect((await ask({})).error).toMatchObject({ details: 'refund_account_required' });
        for (const vpa of ['asha', 'asha@', '@okicici', 'asha rao@okicici', 'asha@1bank', 'a@okicici'])
          expect((await ask({ refund_upi_id: vpa })).error, vpa).toMatchObject({ details: 'invalid_upi_id' });
        const bank = { account_name: 'Asha Rao', account_number: '50100123456789', ifsc: 'HDFC0001234' };
        for (const bad of [
          { ...bank, ifsc: 'HDFC1001234' },
          { ...bank, ifsc: 'HDFC000123' },
          { ...bank, account_number: '12345678' },
          { ...bank, account_number: '1234567890123456789' },
          { ...bank, account_number: '5010012345678A' },
          { ...bank, account_name: '' },
        ])
          expect((await ask({ refund_bank: bad })).error, JSON.stringify(bad)).toMatchObject({
            details: 'invalid_bank_account',
          });
        // Exactly one of the two.
        expect((await ask({ refund_upi_id: 'asha.rao@okicici', refund_bank: bank })).error).not.toBeNull();

        const upi = await ask({ refund_upi_id: 'asha.rao-1@okicici' });
        expect(upi.error).toBeNull();
        expect(upi.data).toMatchObject({ refund_upi_id: 'asha.rao-1@okicici', refund_bank: null });
        const acct = await ask({ refund_bank: bank });
        expect(acct.error).toBeNull();
        expect(acct.data!.refund_bank).toMatchObject(bank);
        // A replacement needs no account.
        expect((await ask({ resolution: 'replacement' })).error).toBeNull();
      });

      it('takes a non-returnable line back only for a store fault (defective, damaged…)', async () => {
        const o = await order([{ price: 4200, quantity: 2, returnable: false }]);
        const line = o.lines[0]!;
        for (const reason of ['changed_mind', 'does_not_fit'])
          expect((await requestReturn(o, [item(line, 1, reason)])).error, reason).toMatchObject({
            details: 'not_returnable',
          });
        const ok = await requestReturn(o, [item(line, 1, 'defective')], {
          photos: [await photo(asha, PEOPLE.customerA)],
        });
        expect(ok.error).toBeNull();
        // …and inside the window only.
        await deliveredDaysAgo(o.id, 31);
        expect(
          (
            await requestReturn(o, [item(line, 1, 'defective')], {
              photos: [await photo(asha, PEOPLE.customerA)],
            })
          ).error,
        ).toMatchObject({ details: 'return_window_closed' });
      });

      it('snapshots a made-to-order variant as not returnable', async () => {
        const p = await hsnProduct(s.db, 9999, '9403', 10);
        await s.db.query('update public.product_variants set made_to_order = true where id = $1', [
          p.variantId,
        ]);
        const placed = await rpc<{ id: string }>(asha, 'place_order', {
          items: [{ product_id: p.id, quantity: 1 }],
          shipping_address: ADDRESS.KA,
          payment_method: 'cod',
          idempotency_key: uniq('mto-'),
        });
        expect(placed.error).toBeNull();
        const { rows } = await s.db.query<{ returnable: boolean }>(
          'select returnable from public.order_items where order_id = $1',
          [placed.data!.id],
        );
        expect(rows).toEqual([{ returnable: false }]);
      });
    });

    describe('the returned quantity under concurrency', () => {
      it('10 requests at once for a 3-unit line: 3 returns, the rest return_quantity_exceeded', async () => {
        const o = await order([
          { price: 1400, quantity: 3 },
          { price: 1450, quantity: 5 },
        ]);
        const [a, b] = o.lines as [Line, Line];
        const results = await Promise.all([
          ...Array.from({ length: 10 }, () => requestReturn(o, [item(a, 1)])),
          ...Array.from({ length: 10 }, () => requestReturn(o, [item(b, 2)])),
        ]);
        for (const r of results.filter((x) => x.error !== null))
          expect(r.error).toMatchObject({ details: 'return_quantity_exceeded' });
        const { rows } = await s.db.query<{ order_item_id: string; n: number; units: number }>(
          `select ri.order_item_id::text, count(*)::int as n, sum(ri.quantity)::int as units
           from public.return_items as ri join public.returns as r on r.id = ri.return_id
           where r.order_id = $1 and r.status not in ('rejected', 'cancelled')
           group by ri.order_item_id`,
          [o.id],
        );
        const byLine = Object.fromEntries(rows.map((r) => [Number(r.order_item_id), r]));
        expect(byLine[a.id]).toMatchObject({ n: 3, units: 3 });
        expect(byLine[b.id]).toMatchObject({ n: 2, units: 4 });
        expect(results.filter((r) => r.error === null)).toHaveLength(5);
      }, 60_000);

      it('5 receptions of the same return at once move the stock once', async () => {
        const o = await order([{ price: 1700, quantity: 3 }]);
        const line = o.lines[0]!;
        const before = await stockOf(s.db, line.variantId);
        const r = await pickedUpReturn(o, [item(line, 3)]);
        const [ri] = await itemsOf(r.id);
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            receive(r.id, [{ return_item_id: ri!.id, received: 3, damaged: 1 }]),
          ),
        );
        expect(results.filter((x) => x.error === null)).toHaveLength(1);
        for (const x of results.filter((y) => y.error !== null))
          expect(x.error).toMatchObject({ details: 'invalid_return_transition' });
        expect((await stockOf(s.db, line.variantId)).stock_quantity).toBe(before.stock_quantity + 2);
      });

      it('the database keeps the invariant even for a write that skips request_return', async () => {
        const o = await order([{ price: 1400, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        const err = await s.db
          .query(
            `insert into public.return_items (return_id, order_item_id, quantity, reason) values ($1, $2, 1, 'changed_mind')`,
            [r.id, o.lines[0]!.id],
          )
          .then(
            () => null,
            (e: Error) => e,
          );
        expect(err).not.toBeNull();
      });
    });

    describe('the status machine', () => {
      it('goes requested → approved → pickup_scheduled → picked_up → received, stamping who and when', async () => {
        const o = await order([{ price: 2000, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        const approved = await decide(r.id, true);
        expect(approved.error).toBeNull();
        expect(approved.data).toMatchObject({ status: 'approved', decided_by: PEOPLE.admin.id });
        expect(approved.data!.decided_at).not.toBeNull();
        const later = addDays(firstPickupDate(), 1);
        const pickupDay = isSunday(later) ? addDays(later, 1) : later;
        const scheduled = await schedule(r.id, pickupDay, '17-20');
        expect(scheduled.data).toMatchObject({
          status: 'pickup_scheduled',
          pickup_date: pickupDay,
          pickup_window: '17-20',
        });
        expect(scheduled.data!.pickup_scheduled_at).not.toBeNull();
        // Rescheduling stays pickup_scheduled.
        expect((await schedule(r.id, firstPickupDate(), '09-13')).data).toMatchObject({
          status: 'pickup_scheduled',
          pickup_date: firstPickupDate(),
        });
        // Staff may book from today (a same-day pickup) up to 30 days ahead; never in the past.
        for (const [date, window] of [
          [addDays(istToday(), -1), '09-13'],
          [addDays(istToday(), 31), '09-13'],
          [firstPickupDate(), '20-22'],
        ] as const)
          expect((await schedule(r.id, date, window)).error, `${date} ${window}`).toMatchObject({
            details: 'invalid_pickup_slot',
          });
        const picked = await pickedUp(r.id);
        expect(picked.data).toMatchObject({ status: 'picked_up' });
        expect(picked.data!.picked_up_at).not.toBeNull();
        const [ri] = await itemsOf(r.id);
        const got = await receive(r.id, [{ return_item_id: ri!.id, received: 1, damaged: 0 }]);
        expect(got.error).toBeNull();
        expect(got.data).toMatchObject({ status: 'received' });
        expect(got.data!.received_at).not.toBeNull();
      });

      it('refuses each step from the wrong state (invalid_return_transition)', async () => {
        const o = await order([{ price: 2000, quantity: 4 }]);
        const line = o.lines[0]!;
        const transition = { details: 'invalid_return_transition' };

        const r = await requested(o, [item(line, 1)]);
        expect((await schedule(r.id)).error).toMatchObject(transition);
        expect((await pickedUp(r.id)).error).toMatchObject(transition);
        const [ri] = await itemsOf(r.id);
        expect(
          (await receive(r.id, [{ return_item_id: ri!.id, received: 1, damaged: 0 }])).error,
        ).toMatchObject(transition);
        expect((await decide(r.id, true)).error).toBeNull();
        expect((await decide(r.id, true)).error).toMatchObject(transition);
        expect((await decide(r.id, false, 'Changed our mind')).error).toMatchObject(transition);
        expect((await pickedUp(r.id)).error).toMatchObject(transition);
        expect((await schedule(r.id)).error).toBeNull();
        expect(
          (await receive(r.id, [{ return_item_id: ri!.id, received: 1, damaged: 0 }])).error,
        ).toMatchObject(transition);
        expect((await pickedUp(r.id)).error).toBeNull();
        expect((await schedule(r.id)).error).toMatchObject(transition);
        expect((await pickedUp(r.id)).error).toMatchObject(transition);
        expect((await decide(r.id, true)).error).toMatchObject(transition);

        // A rejected return goes nowhere; a cancelled one neither.
        const rejected = await requested(o, [item(line, 1)]);
        expect((await decide(rejected.id, false, 'Outside the policy')).data).toMatchObject({
          status: 'rejected',
          rejection_reason: 'Outside the policy',
        });
        expect((await decide(rejected.id, true)).error).toMatchObject(transition);
        expect((await schedule(rejected.id)).error).toMatchObject(transition);
        expect((await cancelReturn(rejected.id)).error).toMatchObject({ details: 'return_not_cancellable' });
        const cancelled = await requested(o, [item(line, 1)]);
        expect((await cancelReturn(cancelled.id)).error).toBeNull();
        expect((await decide(cancelled.id, true)).error).toMatchObject(transition);

        // A refund return is not closed by hand after reception; a replacement is.
        const refundReturn = await receivedReturn(o, [item(line, 1)]);
        expect((await rpc(staff, 'admin_close_return', { return_id: refundReturn.id })).error).toMatchObject(
          transition,
        );
        const replacement = await receivedReturn(o, [item(line, 1)], { resolution: 'replacement' });
        const closed = await rpc<ReturnRow>(staff, 'admin_close_return', {
          return_id: replacement.id,
          note: 'Replacement delivered with order FC-REPL',
        });
        expect(closed.error).toBeNull();
        expect(closed.data).toMatchObject({ status: 'closed' });
        expect(closed.data!.closed_at).not.toBeNull();
        expect((await rpc(staff, 'admin_close_return', { return_id: replacement.id })).error).toMatchObject(
          transition,
        );
      }, 60_000);

      it('rejects only with a reason of 3 characters or more', async () => {
        const o = await order([{ price: 2000, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        for (const reason of [undefined, '', '  ', 'no'])
          expect((await decide(r.id, false, reason)).error, String(reason)).toMatchObject({
            details: 'rejection_reason_required',
          });
        const rej = await decide(r.id, false, 'Item shows wear');
        expect(rej.data).toMatchObject({
          status: 'rejected',
          rejection_reason: 'Item shows wear',
          decided_by: PEOPLE.admin.id,
        });
      });

      it('lets only a fresh admin drive a return', async () => {
        const o = await order([{ price: 2000, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        for (const client of [asha, bilal, anon]) {
          expect((await decide(r.id, true, undefined, client)).error).not.toBeNull();
          expect((await rpc(client, 'return_refund_quote', { return_id: r.id })).error).not.toBeNull();
        }
        expect((await decide(r.id, true, undefined, asha)).error?.code).toBe('42501');
        expect((await decide(r.id, true, undefined, stale)).error?.message).toBe(
          'Your admin session has expired. Please sign in again.',
        );
        expect((await staff.from('returns').select('status').eq('id', r.id).single()).data).toEqual({
          status: 'requested',
        });
        expect((await decide(r.id, true)).error).toBeNull();
        for (const client of [asha, stale]) {
          expect((await schedule(r.id, firstPickupDate(), '09-13', client)).error).not.toBeNull();
          expect((await pickedUp(r.id, client)).error).not.toBeNull();
        }
      });

      it('lets the customer cancel while requested, approved or pickup_scheduled, and nobody else', async () => {
        const o = await order([{ price: 2000, quantity: 4 }]);
        const line = o.lines[0]!;
        const r1 = await requested(o, [item(line, 1)]);
        expect((await cancelReturn(r1.id, bilal)).error).not.toBeNull();
        expect((await cancelReturn(r1.id, anon)).error).not.toBeNull();
        const c1 = await cancelReturn(r1.id);
        expect(c1.data).toMatchObject({ status: 'cancelled' });
        expect(c1.data!.cancelled_at).not.toBeNull();

        const r2 = await requested(o, [item(line, 1)]);
        await decide(r2.id, true);
        expect((await cancelReturn(r2.id)).data).toMatchObject({ status: 'cancelled' });

        const r3 = await requested(o, [item(line, 1)]);
        await decide(r3.id, true);
        await schedule(r3.id);
        expect((await cancelReturn(r3.id)).data).toMatchObject({ status: 'cancelled' });

        const r4 = await pickedUpReturn(o, [item(line, 1)]);
        expect((await cancelReturn(r4.id)).error).toMatchObject({ details: 'return_not_cancellable' });
        expect((await staff.from('returns').select('status').eq('id', r4.id).single()).data).toEqual({
          status: 'picked_up',
        });
      });
    });

    describe('receiving', () => {
      it('puts resellable units back in stock and writes damaged ones off, through the ledger', async () => {
        const o = await order([
          { price: 3100, quantity: 3 },
          { price: 900, quantity: 1 },
        ]);
        const [a, b] = o.lines as [Line, Line];
        const before = [await stockOf(s.db, a.variantId), await stockOf(s.db, b.variantId)];
        const movesBefore = (await movementsOf(s.db, a.variantId)).length;
        const r = await pickedUpReturn(o, [item(a, 3, 'damaged_in_transit'), item(b, 1)], {
          photos: [await photo(asha, PEOPLE.customerA)],
        });
        const its = await itemsOf(r.id);
        const ia = its.find((i) => Number(i.order_item_id) === a.id)!;
        const ib = its.find((i) => Number(i.order_item_id) === b.id)!;

        // Bad receptions change nothing.
        for (const bad of [
          [{ return_item_id: ia.id, received: 3, damaged: 1 }], // b missing
          [
            { return_item_id: ia.id, received: 4, damaged: 0 },
            { return_item_id: ib.id, received: 1, damaged: 0 },
          ],
          [
            { return_item_id: ia.id, received: 2, damaged: 3 },
            { return_item_id: ib.id, received: 1, damaged: 0 },
          ],
          [
            { return_item_id: ia.id, received: -1, damaged: 0 },
            { return_item_id: ib.id, received: 1, damaged: 0 },
          ],
        ])
          expect((await receive(r.id, bad)).error, JSON.stringify(bad)).not.toBeNull();
        expect((await movementsOf(s.db, a.variantId)).length).toBe(movesBefore);

        const got = await receive(r.id, [
          { return_item_id: ia.id, received: 3, damaged: 1 },
          { return_item_id: ib.id, received: 1, damaged: 0 },
        ]);
        expect(got.error).toBeNull();
        expect(await itemsOf(r.id)).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              id: ia.id,
              received_quantity: 3,
              damaged_quantity: 1,
              resellable_quantity: 2,
            }),
            expect.objectContaining({
              id: ib.id,
              received_quantity: 1,
              damaged_quantity: 0,
              resellable_quantity: 1,
            }),
          ]),
        );
        expect((await stockOf(s.db, a.variantId)).stock_quantity).toBe(before[0]!.stock_quantity + 2);
        expect((await stockOf(s.db, b.variantId)).stock_quantity).toBe(before[1]!.stock_quantity + 1);
        const moves = (await movementsOf(s.db, a.variantId)).slice(movesBefore);
        const sum = (reason: string) =>
          moves.filter((m) => m.reason === reason).reduce((t, m) => t + Number(m.quantity), 0);
        expect(sum('return')).toBe(3);
        expect(sum('write_off')).toBe(-1);
        expect(moves.every((m) => ['return', 'write_off'].includes(m.reason))).toBe(true);
        expect(moves.at(-1)!.balance_after).toBe(before[0]!.stock_quantity + 2);
        await expectLedgerBalanced(s.db, 'after a reception');

        // Received once only.
        expect(
          (
            await receive(r.id, [
              { return_item_id: ia.id, received: 3, damaged: 0 },
              { return_item_id: ib.id, received: 1, damaged: 0 },
            ])
          ).error,
        ).toMatchObject({ details: 'invalid_return_transition' });
        expect((await stockOf(s.db, a.variantId)).stock_quantity).toBe(before[0]!.stock_quantity + 2);
      });

      it('receiving nothing of a line (lost on the way) moves no stock', async () => {
        const o = await order([{ price: 3100, quantity: 1 }]);
        const line = o.lines[0]!;
        const before = await stockOf(s.db, line.variantId);
        const r = await pickedUpReturn(o, [item(line)]);
        const [ri] = await itemsOf(r.id);
        expect((await receive(r.id, [{ return_item_id: ri!.id, received: 0, damaged: 0 }])).error).toBeNull();
        expect(await stockOf(s.db, line.variantId)).toEqual(before);
      });
    });

    describe('the refund quote', () => {
      async function withSetting<T>(value: string, fn: () => Promise<T>): Promise<T> {
        await s.db.query('update public.store_settings set delivery_fee_refund = $1', [value]);
        try {
          return await fn();
        } finally {
          await s.db.query(`update public.store_settings set delivery_fee_refund = 'store_fault'`);
        }
      }
      const quote = async (id: string): Promise<Quote> => {
        const q = await rpc<Quote>(staff, 'return_refund_quote', { return_id: id });
        expect(q.error).toBeNull();
        return q.data!;
      };
      const rupees = (n: number) => n / 100;

      it('proposes each line’s charged value net of discount, plus its delivery share per the setting', async () => {
        // Below the free-delivery threshold, with a 10% promo: a fee and a discount shared by the lines.
        const o = await order(
          [
            { price: 700, quantity: 1 },
            { price: 800, quantity: 1 },
          ],
          { promo: 'SAVE10' },
        );
        expect(o.deliveryFee).toBeGreaterThan(0);
        const [a, b] = o.lines as [Line, Line];
        expect(a.discountShare + b.discountShare).toBeGreaterThan(0);
        const damaged = await requested(o, [item(a, 1, 'damaged_in_transit')], {
          photos: [await photo(asha, PEOPLE.customerA)],
        });
        const mind = await requested(o, [item(b, 1, 'changed_mind')]);
        const goods = (l: Line) => rupees(l.lineTotal - l.discountShare);
        const fee = (l: Line) => rupees(l.deliveryShare);

        const expectQuote = (q: Quote, l: Line, included: boolean) => {
          expect(q).toMatchObject({
            goods: goods(l),
            delivery: included ? fee(l) : 0,
            delivery_included: included,
            refunded: 0,
          });
          expect(paise(q.amount)).toBe(paise(goods(l)) + (included ? l.deliveryShare : 0));
          expect(q.items).toEqual([
            expect.objectContaining({ order_item_id: l.id, quantity: 1, goods: goods(l) }),
          ]);
        };
        await withSetting('never', async () => {
          expectQuote(await quote(damaged.id), a, false);
          expectQuote(await quote(mind.id), b, false);
        });
        await withSetting('store_fault', async () => {
          expectQuote(await quote(damaged.id), a, true);
          expectQuote(await quote(mind.id), b, false);
        });
        await withSetting('always', async () => {
          expectQuote(await quote(damaged.id), a, true);
          expectQuote(await quote(mind.id), b, true);
        });
        // The two returns together never propose more than the order's total.
        await withSetting('always', async () => {
          const total = paise((await quote(damaged.id)).amount) + paise((await quote(mind.id)).amount);
          expect(total).toBe(o.total);
        });
      });

      it('proposes the received units once received (not the units asked for)', async () => {
        const o = await order([{ price: 1000, quantity: 2 }]);
        const line = o.lines[0]!;
        const r = await pickedUpReturn(o, [item(line, 2)]);
        expect((await quote(r.id)).goods).toBe(rupees(line.lineTotal - line.discountShare));
        const [ri] = await itemsOf(r.id);
        expect((await receive(r.id, [{ return_item_id: ri!.id, received: 1, damaged: 0 }])).error).toBeNull();
        const q = await quote(r.id);
        expect(q.items).toEqual([expect.objectContaining({ quantity: 1 })]);
        expect(paise(q.goods)).toBe((line.lineTotal - line.discountShare) / 2);
      });

      it('refunds the delivery share only of the units returned for a store fault', async () => {
        // One line of 2 units below the free-delivery threshold: the line carries the whole fee.
        const o = await order([{ price: 700, quantity: 2 }]);
        const line = o.lines[0]!;
        expect(line.deliveryShare).toBeGreaterThan(0);
        const goodsPerUnit = (line.lineTotal - line.discountShare) / 2;
        // First unit: a change of mind (no fee under 'store_fault'), refunded (its credit note issued).
        const mind = await receivedReturn(o, [item(line, 1, 'changed_mind')]);
        const q1 = await quote(mind.id);
        expect({ goods: paise(q1.goods), delivery: paise(q1.delivery) }).toEqual({
          goods: goodsPerUnit,
          delivery: 0,
        });
        const refund = await rpc(staff, 'admin_create_refund', {
          order_id: o.id,
          amount: q1.amount,
          reason: 'Return',
          request_key: uniq('mixed-'),
          return_id: mind.id,
        });
        expect(refund.error).toBeNull();
        // Second unit: defective — its own share of the fee, not the first unit's too.
        const fault = await receivedReturn(o, [item(line, 1, 'defective')], {
          photos: [await photo(asha, PEOPLE.customerA)],
        });
        const q2 = await quote(fault.id);
        expect({ goods: paise(q2.goods), delivery: paise(q2.delivery) }).toEqual({
          goods: goodsPerUnit,
          delivery: line.deliveryShare / 2,
        });
      });

      it('is refused with a bad setting value', async () => {
        const err = await s.db
          .query(`update public.store_settings set delivery_fee_refund = 'sometimes'`)
          .then(
            () => null,
            (e: { code?: string }) => e,
          );
        expect(err?.code).toBe('23514');
        for (const days of [0, 366]) {
          const e = await s.db.query('update public.store_settings set return_window_days = $1', [days]).then(
            () => null,
            (x: { code?: string }) => x,
          );
          expect(e?.code, String(days)).toBe('23514');
        }
      });
    });

    describe('who reads what', () => {
      it('anyone reads the active reasons; nobody but staff writes them', async () => {
        const { data, error } = await anon
          .from('return_reasons')
          .select('code, needs_photos, store_fault')
          .order('position');
        expect(error).toBeNull();
        expect(data).toEqual([
          { code: 'damaged_in_transit', needs_photos: true, store_fault: true },
          { code: 'defective', needs_photos: true, store_fault: true },
          { code: 'not_as_described', needs_photos: true, store_fault: true },
          { code: 'wrong_item', needs_photos: true, store_fault: true },
          { code: 'changed_mind', needs_photos: false, store_fault: false },
          { code: 'does_not_fit', needs_photos: false, store_fault: false },
        ]);
        const ins = await asha.from('return_reasons').insert({
          code: 'free_money',
          label: 'Free money',
          needs_photos: false,
          store_fault: true,
          position: 9,
        });
        expect(ins.error).not.toBeNull();
      });

      it('a customer reads their own returns and items, staff all, visitors none; no client writes them', async () => {
        const o = await order([{ price: 2200, quantity: 2 }]);
        const r = await requested(o, [item(o.lines[0]!, 1)]);
        const visible = async (client: SupabaseClient) => {
          const rs = await client.from('returns').select('id').eq('id', r.id);
          const its = await client.from('return_items').select('id').eq('return_id', r.id);
          return [(rs.data ?? []).length, (its.data ?? []).length];
        };
        expect(await visible(asha)).toEqual([1, 1]);
        expect(await visible(staff)).toEqual([1, 1]);
        expect(await visible(bilal)).toEqual([0, 0]);
        expect(await visible(anon)).toEqual([0, 0]);

        // Writes from clients: refused or without effect.
        const insert = await asha.from('returns').insert({
          order_id: o.id,
          user_id: PEOPLE.customerA.id,
          return_number: 'RT-999999',
          status: 'approved',
          resolution: 'refund',
          pickup_address: ADDRESS.KA,
        });
        expect(insert.error).not.toBeNull();
        const itemInsert = await asha
          .from('return_items')
          .insert({ return_id: r.id, order_item_id: o.lines[0]!.id, quantity: 1, reason: 'changed_mind' });
        expect(itemInsert.error).not.toBeNull();
        for (const client of [asha, staff]) {
          await client.from('returns').update({ status: 'received' }).eq('id', r.id);
          await client
            .from('return_items')
            .update({ quantity: 2, received_quantity: 2 })
            .eq('return_id', r.id);
          await client.from('returns').delete().eq('id', r.id);
        }
        const { rows } = await s.db.query<{ status: string; quantity: number; n: number }>(
          `select r.status, ri.quantity, (select count(*)::int from public.returns where order_id = $2) as n
           from public.returns as r join public.return_items as ri on ri.return_id = r.id where r.id = $1`,
          [r.id, o.id],
        );
        expect(rows).toEqual([{ status: 'requested', quantity: 1, n: 1 }]);
      });

      it('lets a customer delete a photo no return cites, and keeps the ones a return cites', async () => {
        const o = await order([{ price: 2300, quantity: 1 }]);
        const cited = await photo(asha, PEOPLE.customerA);
        const spare = await photo(asha, PEOPLE.customerA);
        expect(
          (await requestReturn(o, [item(o.lines[0]!, 1, 'defective')], { photos: [cited] })).error,
        ).toBeNull();
        const bucket = asha.storage.from('return-photos');
        expect((await bucket.remove([cited])).data ?? []).toEqual([]);
        expect((await bucket.download(cited)).error).toBeNull();
        expect((await bucket.remove([spare])).data).toHaveLength(1);
        expect((await bucket.download(spare)).error).not.toBeNull();
        // Staff still read the cited one.
        expect((await staff.storage.from('return-photos').createSignedUrl(cited, 600)).error).toBeNull();
      });

      it('keeps return photos private: the owner and staff read them, other customers and visitors not', async () => {
        const { rows } = await s.db.query<{
          public: boolean;
          file_size_limit: string;
          allowed_mime_types: string[];
        }>(
          `select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'return-photos'`,
        );
        expect(rows[0]).toMatchObject({ public: false, file_size_limit: '5242880' });
        expect([...rows[0]!.allowed_mime_types].sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);

        const path = await photo(asha, PEOPLE.customerA);
        const bucket = (c: SupabaseClient) => c.storage.from('return-photos');
        expect((await bucket(asha).download(path)).error).toBeNull();
        expect((await bucket(bilal).download(path)).error).not.toBeNull();
        expect((await bucket(anon).download(path)).error).not.toBeNull();
        expect((await bucket(bilal).createSignedUrl(path, 600)).error).not.toBeNull();
        const signed = await bucket(staff).createSignedUrl(path, 600);
        expect(signed.error).toBeNull();
        expect((await fetch(signed.data!.signedUrl)).status).toBe(200);

        // Nobody writes into another customer's folder, nor non-pictures, nor as a visitor.
        const intoAsha = await bucket(bilal).upload(`${PEOPLE.customerA.id}/${uniq('x')}.webp`, WEBP, {
          contentType: 'image/webp',
        });
        expect(intoAsha.error).not.toBeNull();
        expect((await bucket(bilal).remove([path])).data ?? []).toEqual([]);
        expect((await bucket(asha).download(path)).error).toBeNull();
        const text = await bucket(asha).upload(`${PEOPLE.customerA.id}/${uniq('x')}.txt`, Buffer.from('hi'), {
          contentType: 'text/plain',
        });
        expect(text.error).not.toBeNull();
        const visitor = await bucket(anon).upload(`anon/${uniq('x')}.webp`, WEBP, {
          contentType: 'image/webp',
        });
        expect(visitor.error).not.toBeNull();
      });
    });

    describe('mails', () => {
      const eventsOf = async (orderId: string) =>
        (
          await s.db.query<{ event: string; payload: Record<string, unknown>; dedupe_key: string }>(
            `select event, payload, dedupe_key from public.notification_outbox
             where order_id = $1 and (event like 'return%' or event like 'refund%') order by id`,
            [orderId],
          )
        ).rows;

      it('each step of a return enqueues its mail once, however often it is retried', async () => {
        const o = await order([{ price: 2600, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        expect((await decide(r.id, true)).error).toBeNull();
        await decide(r.id, true); // refused, no second mail
        expect((await schedule(r.id)).error).toBeNull();
        expect((await pickedUp(r.id)).error).toBeNull();
        await pickedUp(r.id);
        const [ri] = await itemsOf(r.id);
        expect((await receive(r.id, [{ return_item_id: ri!.id, received: 1, damaged: 0 }])).error).toBeNull();
        const rows = await eventsOf(o.id);
        expect(rows.map((x) => x.event)).toEqual([
          'return_requested',
          'return_approved',
          'return_pickup_scheduled',
          'return_picked_up',
          'return_received',
        ]);
        expect(new Set(rows.map((x) => x.dedupe_key)).size).toBe(rows.length);
        for (const x of rows) expect(JSON.stringify(x.payload)).toContain(r.return_number);
        expect(JSON.stringify(rows[2]!.payload)).toContain(firstPickupDate());
      });

      it('a moved pickup sends the new slot once; booking the same slot again sends nothing', async () => {
        const o = await order([{ price: 2600, quantity: 1 }]);
        const r = await requested(o, [item(o.lines[0]!)]);
        expect((await decide(r.id, true)).error).toBeNull();
        expect((await schedule(r.id, firstPickupDate(), '09-13')).error).toBeNull();
        expect((await schedule(r.id, firstPickupDate(), '09-13')).error).toBeNull();
        expect((await schedule(r.id, firstPickupDate(), '17-20')).error).toBeNull();
        const rows = (await eventsOf(o.id)).filter((x) => x.event === 'return_pickup_scheduled');
        expect(rows).toHaveLength(2);
        expect(rows.map((x) => (x.payload.return as { pickup_window: string }).pickup_window)).toEqual([
          '09-13',
          '17-20',
        ]);
        expect(rows.map((x) => x.payload.rescheduled)).toEqual([false, true]);
      });

      it('a rejection carries its reason; a cancellation enqueues once', async () => {
        const o = await order([{ price: 2600, quantity: 2 }]);
        const rej = await requested(o, [item(o.lines[0]!, 1)]);
        expect((await decide(rej.id, false, 'Product was assembled and used')).error).toBeNull();
        const can = await requested(o, [item(o.lines[0]!, 1)]);
        expect((await cancelReturn(can.id)).error).toBeNull();
        await cancelReturn(can.id);
        const rows = await eventsOf(o.id);
        expect(rows.map((x) => x.event)).toEqual([
          'return_requested',
          'return_rejected',
          'return_requested',
          'return_cancelled',
        ]);
        expect(JSON.stringify(rows[1]!.payload)).toContain('Product was assembled and used');
      });
    });
  },
);
