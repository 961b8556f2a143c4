/**
 * Stock through the ledger (issue 16), over HTTP with supabase-js on PGlite and PostgreSQL: checkout
 * takes variant ids and prices from the variant (a cart saved with product ids still works), cash on
 * delivery sells at once, an online order reserves (available drops, on-hand does not) and payment
 * converts the hold into a sale, an expired hold frees the stock without any cleanup job, cancellation
 * and release give stock back, staff adjust only with a reason and never below zero, low stock raises
 * one alert per crossing, and "notify me" queues exactly one mail when stock returns. Every change is
 * a stock_movements row, and the support's after-hook checks stock = sum(movements) at the end.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Json } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import {
  ledgerMismatches,
  movementsOf,
  optionedProduct,
  plainProduct,
  receive,
  stockOf,
  uniq,
  type MadeProduct,
} from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

type Client = SupabaseClient<Database>;

forEachStoreServer('stock: the ledger, reservations, alerts and back in stock', ({ server }) => {
  let s: TestServer;
  let asha: Client;
  let bilal: Client;
  let staff: Client;
  let stale: Client;
  let service: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    // Sofas cost more than the cash-on-delivery cap; these tests are about stock, not the cap.
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
    staff = storeClient(s, PEOPLE.admin);
    stale = storeClient(s, PEOPLE.staleAdmin);
    service = serviceClient(s);
  });

  async function sofa(stock: number, extra: { made_to_order_tvls?: boolean } = {}): Promise<MadeProduct> {
    const p = uniq('SF');
    return optionedProduct(
      s.db,
      [
        { name: 'Fabric', values: ['Grey linen', 'Teal velvet'] },
        { name: 'Configuration', values: ['3-seater', 'L-shape'] },
      ],
      [
        { sku: `${p}-GL-3S`, values: ['Grey linen', '3-seater'], price: 24999, original_price: 38999, stock },
        { sku: `${p}-GL-LS`, values: ['Grey linen', 'L-shape'], price: 34999, stock },
        {
          sku: `${p}-TV-3S`,
          values: ['Teal velvet', '3-seater'],
          price: 27999,
          original_price: 41999,
          stock,
        },
        {
          sku: `${p}-TV-LS`,
          values: ['Teal velvet', 'L-shape'],
          price: 37999,
          stock: 0,
          made_to_order: extra.made_to_order_tvls ?? true,
          lead_time_days: 21,
        },
      ],
    );
  }
  const sku = (p: MadeProduct, i: number) => Object.keys(p.variants)[i]!;
  const vid = (p: MadeProduct, i: number) => p.variants[sku(p, i)]!;

  function place(
    client: Client,
    items: { [key: string]: Json | undefined }[],
    payment_method: 'cod' | 'razorpay' = 'cod',
  ) {
    return client.rpc('place_order', {
      items,
      shipping_address: shippingAddress(),
      payment_method,
      idempotency_key: uniq('stock-'),
    });
  }
  const reservationsOf = async (orderId: string) =>
    (
      await s.db.query<{ variant_id: string; quantity: number; status: string; minutes: number }>(
        `select variant_id, quantity, status, round(extract(epoch from expires_at - now()) / 60)::int as minutes
         from public.stock_reservations where order_id = $1 order by variant_id`,
        [orderId],
      )
    ).rows;

  describe('checkout by variant', () => {
    it('prices each line from its variant whatever the browser sends, and snapshots SKU and title', async () => {
      const p = await sofa(5);
      const { data, error } = await place(asha, [
        { variant_id: vid(p, 2), quantity: 1, price: 1, unit_price: 1 },
        { variant_id: vid(p, 1), quantity: 2, name: 'Cheap sofa' },
      ]);
      expect(error).toBeNull();
      expect(data).toMatchObject({ subtotal: 27999 + 2 * 34999, total: 27999 + 2 * 34999 });
      const { data: items } = await asha
        .from('order_items')
        .select('product_id, variant_id, sku, variant_title, unit_price, quantity, line_total')
        .eq('order_id', data!.id)
        .order('id');
      expect(items).toEqual([
        {
          product_id: p.id,
          variant_id: vid(p, 2),
          sku: sku(p, 2),
          variant_title: 'Teal velvet / 3-seater',
          unit_price: 27999,
          quantity: 1,
          line_total: 27999,
        },
        {
          product_id: p.id,
          variant_id: vid(p, 1),
          sku: sku(p, 1),
          variant_title: 'Grey linen / L-shape',
          unit_price: 34999,
          quantity: 2,
          line_total: 69998,
        },
      ]);
    });

    it('still takes a cart saved with product ids: the product’s default variant', async () => {
      const plain = await plainProduct(s.db, { price: 3499, stock: 4 });
      const { data, error } = await place(asha, [{ product_id: plain.id, quantity: 1 }]);
      expect(error).toBeNull();
      const { data: line } = await asha
        .from('order_items')
        .select('variant_id, sku, variant_title, unit_price')
        .eq('order_id', data!.id)
        .single();
      expect(line).toEqual({
        variant_id: plain.variantId,
        sku: plain.sku,
        variant_title: null,
        unit_price: 3499,
      });
      expect((await stockOf(s.db, plain.variantId)).stock_quantity).toBe(3);
    });

    it('refuses an inactive or unknown variant (product_unavailable, hint = the variant id)', async () => {
      const p = await sofa(5);
      await staff.from('product_variants').update({ is_active: false }).eq('id', vid(p, 1));
      for (const id of [vid(p, 1), 987654321]) {
        const { error } = await place(asha, [{ variant_id: id, quantity: 1 }]);
        expect(error).toMatchObject({
          code: 'P0001',
          details: 'product_unavailable',
          hint: String(id),
          message: 'An item in your cart is no longer available. Please remove it to continue.',
        });
      }
      expect((await stockOf(s.db, vid(p, 1))).stock_quantity).toBe(5);
    });

    it('names the product and the variant when a variant is short, leaving the others alone', async () => {
      const p = await sofa(2);
      const out = await place(asha, [{ variant_id: vid(p, 2), quantity: 3 }]);
      expect(out.error).toMatchObject({
        details: 'insufficient_stock',
        hint: String(vid(p, 2)),
        message: `Only 2 left in stock for "${p.name} (Teal velvet / 3-seater)". Please reduce the quantity.`,
      });
      expect((await place(asha, [{ variant_id: vid(p, 2), quantity: 2 }])).error).toBeNull();
      const gone = await place(bilal, [{ variant_id: vid(p, 2), quantity: 1 }]);
      expect(gone.error).toMatchObject({
        details: 'out_of_stock',
        message: `"${p.name} (Teal velvet / 3-seater)" is out of stock. Please remove it to continue.`,
      });
      expect((await stockOf(s.db, vid(p, 0))).stock_quantity).toBe(2);
      expect((await stockOf(s.db, vid(p, 1))).stock_quantity).toBe(2);
    });

    it('sells a made-to-order variant at 0 stock, without touching stock or the ledger', async () => {
      const p = await sofa(1);
      const { data, error } = await place(asha, [{ variant_id: vid(p, 3), quantity: 2 }]);
      expect(error).toBeNull();
      expect(data!.subtotal).toBe(2 * 37999);
      expect(await stockOf(s.db, vid(p, 3))).toMatchObject({ stock_quantity: 0 });
      expect(await movementsOf(s.db, vid(p, 3))).toEqual([]);
      // Online too: nothing to hold.
      const online = await place(bilal, [{ variant_id: vid(p, 3), quantity: 1 }], 'razorpay');
      expect(online.error).toBeNull();
      expect(await reservationsOf(online.data!.id)).toEqual([]);
    });

    it('counts a product’s variants together against max_quantity_per_line', async () => {
      const p = await sofa(10);
      const { error } = await place(asha, [
        { variant_id: vid(p, 0), quantity: 6 },
        { variant_id: vid(p, 1), quantity: 5 },
      ]);
      expect(error).toMatchObject({ details: 'quantity_limit', hint: String(p.id) });
    });
  });

  describe('selling, holding and giving back', () => {
    it('cash on delivery sells at once: a sale movement with the balance after', async () => {
      const p = await sofa(4);
      const { data } = await place(asha, [{ variant_id: vid(p, 0), quantity: 3 }]);
      expect(await stockOf(s.db, vid(p, 0))).toEqual({
        stock_quantity: 1,
        available_quantity: 1,
        reserved_quantity: 0,
      });
      expect(await movementsOf(s.db, vid(p, 0))).toEqual([
        { reason: 'receipt', quantity: 4, reserved_change: 0, balance_after: 4, order_id: null },
        { reason: 'sale', quantity: -3, reserved_change: 0, balance_after: 1, order_id: data!.id },
      ]);
    });

    it('an online order reserves (available drops, on hand does not); payment turns the hold into a sale', async () => {
      const p = await sofa(4);
      const { data: order, error } = await place(asha, [{ variant_id: vid(p, 2), quantity: 3 }], 'razorpay');
      expect(error).toBeNull();
      expect(await stockOf(s.db, vid(p, 2))).toEqual({
        stock_quantity: 4,
        available_quantity: 1,
        reserved_quantity: 3,
      });
      const held = await reservationsOf(order!.id);
      expect(held).toEqual([{ variant_id: String(vid(p, 2)), quantity: 3, status: 'active', minutes: 30 }]);
      expect((await movementsOf(s.db, vid(p, 2))).at(-1)).toEqual({
        reason: 'reservation',
        quantity: 0,
        reserved_change: 3,
        balance_after: 4,
        order_id: order!.id,
      });
      // The storefront sees the same through the API (computed columns).
      const { data: seen } = await storeClient(s)
        .from('product_variants')
        .select('stock_quantity, available_quantity, reserved_quantity')
        .eq('id', vid(p, 2))
        .single();
      expect(seen).toEqual({ stock_quantity: 4, available_quantity: 1, reserved_quantity: 3 });
      // Nobody else can take the held units.
      expect((await place(bilal, [{ variant_id: vid(p, 2), quantity: 2 }])).error?.details).toBe(
        'insufficient_stock',
      );

      const paid = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: uniq('pay_'),
      });
      expect(paid.data).toMatchObject({ status: 'processing', payment_status: 'paid' });
      expect(await stockOf(s.db, vid(p, 2))).toEqual({
        stock_quantity: 1,
        available_quantity: 1,
        reserved_quantity: 0,
      });
      expect((await reservationsOf(order!.id))[0]!.status).toBe('converted');
      expect((await movementsOf(s.db, vid(p, 2))).at(-1)).toEqual({
        reason: 'sale',
        quantity: -3,
        reserved_change: -3,
        balance_after: 1,
        order_id: order!.id,
      });
    });

    it('an expired hold frees the stock by itself, without the release job', async () => {
      const p = await sofa(2);
      const { data: order } = await place(asha, [{ variant_id: vid(p, 0), quantity: 2 }], 'razorpay');
      expect((await stockOf(s.db, vid(p, 0))).available_quantity).toBe(0);
      expect((await place(bilal, [{ variant_id: vid(p, 0), quantity: 1 }])).error?.details).toBe(
        'out_of_stock',
      );
      // The hold runs out; no job has run (the order is still pending, the reservation still 'active').
      await s.db.query(
        `update public.stock_reservations set expires_at = now() - interval '1 second' where order_id = $1`,
        [order!.id],
      );
      expect(await stockOf(s.db, vid(p, 0))).toEqual({
        stock_quantity: 2,
        available_quantity: 2,
        reserved_quantity: 0,
      });
      const { data: status } = await asha.from('orders').select('status').eq('id', order!.id).single();
      expect(status).toEqual({ status: 'pending' });
      const taken = await place(bilal, [{ variant_id: vid(p, 0), quantity: 2 }]);
      expect(taken.error).toBeNull();
      // The late payment finds the stock gone: the order is cancelled and refunded, stock untouched.
      const late = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: uniq('pay_'),
      });
      expect(late.data).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
      expect((await stockOf(s.db, vid(p, 0))).stock_quantity).toBe(0);
      const reasons = (await movementsOf(s.db, vid(p, 0))).map((m) => m.reason);
      expect(reasons).toEqual(['receipt', 'reservation', 'sale', 'release']);
    });

    it('cancelling a cash order restocks it (cancellation); cancelling an unpaid online order releases its hold', async () => {
      const p = await sofa(3);
      const cod = await place(asha, [{ variant_id: vid(p, 1), quantity: 2 }]);
      expect((await asha.rpc('cancel_order', { order_id: cod.data!.id })).error).toBeNull();
      expect((await stockOf(s.db, vid(p, 1))).stock_quantity).toBe(3);
      expect((await movementsOf(s.db, vid(p, 1))).at(-1)).toMatchObject({
        reason: 'cancellation',
        quantity: 2,
        balance_after: 3,
        order_id: cod.data!.id,
      });

      const online = await place(asha, [{ variant_id: vid(p, 1), quantity: 3 }], 'razorpay');
      expect((await stockOf(s.db, vid(p, 1))).available_quantity).toBe(0);
      expect((await asha.rpc('cancel_order', { order_id: online.data!.id })).error).toBeNull();
      expect(await stockOf(s.db, vid(p, 1))).toEqual({
        stock_quantity: 3,
        available_quantity: 3,
        reserved_quantity: 0,
      });
      expect((await movementsOf(s.db, vid(p, 1))).at(-1)).toMatchObject({
        reason: 'release',
        quantity: 0,
        reserved_change: -3,
        order_id: online.data!.id,
      });
      expect((await reservationsOf(online.data!.id))[0]!.status).toBe('released');
    });

    it('release_unpaid_orders cancels expired unpaid orders and records the release', async () => {
      const p = await sofa(2);
      const { data: order } = await place(bilal, [{ variant_id: vid(p, 2), quantity: 1 }], 'razorpay');
      expect((await service.rpc('release_unpaid_orders')).error).toBeNull();
      expect((await bilal.from('orders').select('status').eq('id', order!.id).single()).data).toEqual({
        status: 'pending',
      });
      await s.db.query(
        `update public.stock_reservations set expires_at = now() - interval '1 minute' where order_id = $1`,
        [order!.id],
      );
      expect((await service.rpc('release_unpaid_orders')).data).toBeGreaterThanOrEqual(1);
      expect((await bilal.from('orders').select('status').eq('id', order!.id).single()).data).toEqual({
        status: 'cancelled',
      });
      expect(
        (await movementsOf(s.db, vid(p, 2))).map((m) => [m.reason, m.quantity, m.reserved_change]),
      ).toEqual([
        ['receipt', 2, 0],
        ['reservation', 0, 1],
        ['release', 0, -1],
      ]);
      expect((await reservationsOf(order!.id))[0]!.status).toBe('released');
    });

    it('a shipped or delivered order keeps its sale; a paid order cancelled by staff restocks once', async () => {
      const p = await sofa(3);
      const { data: order } = await place(asha, [{ variant_id: vid(p, 0), quantity: 1 }], 'razorpay');
      await service.rpc('mark_order_paid', { order_id: order!.id, razorpay_payment_id: uniq('pay_') });
      expect((await stockOf(s.db, vid(p, 0))).stock_quantity).toBe(2);
      const cancelled = await staff.rpc('admin_set_order_status', {
        order_id: order!.id,
        status: 'cancelled',
      });
      expect(cancelled.error).toBeNull();
      expect((await stockOf(s.db, vid(p, 0))).stock_quantity).toBe(3);
      expect((await movementsOf(s.db, vid(p, 0))).map((m) => m.reason)).toEqual([
        'receipt',
        'reservation',
        'sale',
        'cancellation',
      ]);
    });
  });

  describe('admin_adjust_stock', () => {
    it('needs a reason, a note for an adjustment, and never goes below zero (all or nothing)', async () => {
      const a = await plainProduct(s.db, { stock: 2 });
      const b = await plainProduct(s.db, { stock: 2 });
      const adjust = (client: Client, changes: Json, reason: string, note?: string) =>
        client.rpc('admin_adjust_stock', {
          changes,
          reason,
          ...(note === undefined ? {} : { note }),
        });
      for (const reason of ['', 'sale', 'gift', 'cancellation'])
        expect(
          (await adjust(staff, [{ variant_id: a.variantId, quantity_change: 1 }], reason)).error?.details,
          reason,
        ).toBe('stock_reason_required');
      expect(
        (await adjust(staff, [{ variant_id: a.variantId, quantity_change: 1 }], 'adjustment')).error?.details,
      ).toBe('stock_note_required');
      expect(
        (await adjust(staff, [{ variant_id: a.variantId, quantity_change: 1 }], 'adjustment', '   ')).error
          ?.details,
      ).toBe('stock_note_required');
      expect(
        (await adjust(staff, [{ variant_id: a.variantId, quantity_change: 0 }], 'receipt')).error?.details,
      ).toBe('stock_changes_invalid');
      const short = await adjust(
        staff,
        [
          { variant_id: a.variantId, quantity_change: 5 },
          { variant_id: b.variantId, quantity_change: -3 },
        ],
        'adjustment',
        'stock count',
      );
      expect(short.error).toMatchObject({ details: 'stock_negative', hint: String(b.variantId) });
      expect((await stockOf(s.db, a.variantId)).stock_quantity).toBe(2);
      for (const who of [asha, stale, storeClient(s)]) {
        const { error } = await adjust(who, [{ variant_id: a.variantId, quantity_change: 1 }], 'receipt');
        expect(error).not.toBeNull();
      }
      const ok = await adjust(
        staff,
        [
          { variant_id: a.variantId, quantity_change: 5 },
          { variant_id: b.variantId, quantity_change: -2 },
        ],
        'adjustment',
        'Annual count: two water-damaged',
      );
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual([
        expect.objectContaining({
          variant_id: a.variantId,
          quantity: 5,
          reason: 'adjustment',
          balance_after: 7,
          actor: PEOPLE.admin.id,
          note: 'Annual count: two water-damaged',
        }),
        expect.objectContaining({
          variant_id: b.variantId,
          quantity: -2,
          reason: 'adjustment',
          balance_after: 0,
          actor: PEOPLE.admin.id,
        }),
      ]);
      expect(
        (await adjust(staff, [{ variant_id: b.variantId, quantity_change: 4 }], 'receipt')).error,
      ).toBeNull();
      expect((await stockOf(s.db, b.variantId)).stock_quantity).toBe(4);
      const { data: product } = await staff
        .from('products')
        .select('stock_quantity, in_stock')
        .eq('id', a.id)
        .single();
      expect(product).toEqual({ stock_quantity: 7, in_stock: true });
    });
  });

  describe('the hold and the ledger check', () => {
    it('holds for store_settings.reservation_minutes, which a fresh admin sets', async () => {
      const p = await plainProduct(s.db, { stock: 3 });
      expect(
        (await staff.from('store_settings').update({ reservation_minutes: 1 }).eq('id', true)).error,
      ).toBeNull();
      try {
        const { data } = await place(asha, [{ variant_id: p.variantId, quantity: 1 }], 'razorpay');
        expect(await reservationsOf(data!.id)).toEqual([
          { variant_id: String(p.variantId), quantity: 1, status: 'active', minutes: 1 },
        ]);
        const { count } = await stale
          .from('store_settings')
          .update({ reservation_minutes: 5 }, { count: 'exact' })
          .eq('id', true);
        expect(count ?? 0).toBe(0);
      } finally {
        await s.db.query('update public.store_settings set reservation_minutes = 30');
      }
    });

    it('the suite-end check (stock = sum of movements) catches stock written around the ledger', async () => {
      const p = await plainProduct(s.db, { stock: 2 });
      expect(await ledgerMismatches(s.db)).toEqual([]);
      await s.db.transaction(
        async (tx) => {
          await tx.query(`select set_config('furnicraft.stock_ledger', 'on', true)`);
          await tx.query('update public.product_variants set stock_quantity = 9 where id = $1', [
            p.variantId,
          ]);
          expect(await ledgerMismatches(tx)).toEqual([
            { id: String(p.variantId), sku: p.sku, stock_quantity: 9, ledger: 2 },
          ]);
        },
        { rollback: true },
      );
      expect(await ledgerMismatches(s.db)).toEqual([]);
    });
  });

  describe('low stock', () => {
    it('records one alert per crossing of the threshold, resolved when stock rises above it', async () => {
      const p = await plainProduct(s.db, { stock: 6 });
      await staff.from('product_variants').update({ low_stock_threshold: 3 }).eq('id', p.variantId);
      const alerts = async () =>
        (
          await s.db.query<{ threshold: number; stock_quantity: number; open: boolean }>(
            'select threshold, stock_quantity, resolved_at is null as open from public.stock_alerts where variant_id = $1 order by id',
            [p.variantId],
          )
        ).rows;
      expect((await place(asha, [{ variant_id: p.variantId, quantity: 2 }])).error).toBeNull(); // 4: above
      expect(await alerts()).toEqual([]);
      await place(asha, [{ variant_id: p.variantId, quantity: 1 }]); // 3: crosses
      await place(bilal, [{ variant_id: p.variantId, quantity: 2 }]); // 1: still below, no second alert
      expect(await alerts()).toEqual([{ threshold: 3, stock_quantity: 3, open: true }]);
      const { data: dash } = await staff.rpc('admin_dashboard');
      const d = dash as unknown as {
        low_stock_alerts: number;
        low_stock_variants: { variant_id: number; sku: string; threshold: number }[];
      };
      expect(d.low_stock_alerts).toBeGreaterThanOrEqual(1);
      expect(d.low_stock_variants).toContainEqual(
        expect.objectContaining({ variant_id: p.variantId, sku: p.sku, threshold: 3, stock_quantity: 1 }),
      );
      await staff.rpc('admin_adjust_stock', {
        changes: [{ variant_id: p.variantId, quantity_change: 9 }],
        reason: 'receipt',
      });
      expect(await alerts()).toEqual([{ threshold: 3, stock_quantity: 3, open: false }]);
      await place(asha, [{ variant_id: p.variantId, quantity: 8 }]); // 2: crosses again
      expect(await alerts()).toEqual([
        { threshold: 3, stock_quantity: 3, open: false },
        { threshold: 3, stock_quantity: 2, open: true },
      ]);
      // Staff read them; customers do not.
      expect((await staff.from('stock_alerts').select('id').eq('variant_id', p.variantId)).data).toHaveLength(
        2,
      );
      expect(
        (await asha.from('stock_alerts').select('id').eq('variant_id', p.variantId)).data ?? [],
      ).toHaveLength(0);
    });
  });

  describe('back in stock', () => {
    const outbox = async (variantId: number) =>
      (
        await s.db.query<{
          event: string;
          order_id: string | null;
          recipient: string;
          dedupe_key: string;
          payload: Record<string, unknown>;
          request_id: string;
        }>(
          `select n.event, n.order_id::text as order_id, n.recipient, n.dedupe_key, n.payload, b.id::text as request_id
           from public.notification_outbox as n
           join public.back_in_stock_requests as b on n.dedupe_key = 'back_in_stock/' || b.id
           where b.variant_id = $1 order by n.id`,
          [variantId],
        )
      ).rows;

    it('queues exactly one mail per waiting request when stock returns, and marks it notified', async () => {
      const p = await sofa(0, { made_to_order_tvls: true });
      const v = vid(p, 2);
      const first = await asha.rpc('request_back_in_stock', { variant_id: v });
      expect(first.error).toBeNull();
      const again = await asha.rpc('request_back_in_stock', { variant_id: v });
      expect(again.data!.id).toBe(first.data!.id);
      expect((await bilal.rpc('request_back_in_stock', { variant_id: v })).error).toBeNull();
      // In stock, or made to order: nothing to wait for.
      await receive(s.db, vid(p, 0), 1);
      expect((await asha.rpc('request_back_in_stock', { variant_id: vid(p, 0) })).error?.details).toBe(
        'in_stock',
      );
      expect((await asha.rpc('request_back_in_stock', { variant_id: vid(p, 3) })).error?.details).toBe(
        'in_stock',
      );
      expect(await outbox(v)).toEqual([]);

      expect(
        (
          await staff.rpc('admin_adjust_stock', {
            changes: [{ variant_id: v, quantity_change: 2 }],
            reason: 'receipt',
          })
        ).error,
      ).toBeNull();
      const mails = await outbox(v);
      expect(mails.map((m) => m.recipient).sort()).toEqual(
        [PEOPLE.customerB.email, PEOPLE.customerA.email].sort(),
      );
      for (const m of mails) {
        expect(m).toMatchObject({
          event: 'back_in_stock',
          order_id: null,
          dedupe_key: `back_in_stock/${m.request_id}`,
        });
        expect(m.payload).toEqual({
          product_name: p.name,
          variant_title: 'Teal velvet / 3-seater',
          sku: sku(p, 2),
          url_path: `/product/${p.slug}?variant=${sku(p, 2)}`,
          image: '/images/products/test.webp',
          price: 27999,
        });
      }
      const { data: mine } = await asha
        .from('back_in_stock_requests')
        .select('notified_at')
        .eq('variant_id', v);
      expect(mine).toHaveLength(1);
      expect(mine![0]!.notified_at).not.toBeNull();
      // More stock, a sale and its cancellation: no second mail.
      await receive(s.db, v, 3);
      const sold = await place(asha, [{ variant_id: v, quantity: 5 }]);
      await asha.rpc('cancel_order', { order_id: sold.data!.id });
      expect(await outbox(v)).toHaveLength(2);
    });

    it('tells a default-only product without a variant title, and counts a released hold as stock returning', async () => {
      const plain = await plainProduct(s.db, { stock: 1 });
      const { data: hold } = await bilal.rpc('place_order', {
        items: [{ variant_id: plain.variantId, quantity: 1 }],
        shipping_address: shippingAddress(),
        payment_method: 'razorpay',
        idempotency_key: uniq('bis-'),
      });
      expect((await asha.rpc('request_back_in_stock', { variant_id: plain.variantId })).error).toBeNull();
      expect(await outbox(plain.variantId)).toEqual([]);
      await bilal.rpc('cancel_order', { order_id: hold!.id });
      const mails = await outbox(plain.variantId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.payload).toMatchObject({
        product_name: plain.name,
        variant_title: null,
        sku: plain.sku,
        price: 4999,
      });
    });
  });
});
