/**
 * place_order and the order life cycle through supabase-js over HTTP, against the real migrations
 * and seed, on PGlite and PostgreSQL: prices and totals come from the database whatever the request
 * says (and equal shared/src/pricing's preview), promo codes are refused when unknown, expired, used
 * up or below their minimum, an idempotency key makes one order however often it is retried, stock
 * never goes below zero when 50 orders race for the last 5 units, and the refusals carry messages
 * the storefront can show. Then tracking, cancellation (stock returns), the admin's status moves
 * and events, and the dashboard's figures.
 */
import type { PostgrestSingleResponse, SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderSummary } from '../../shared/src/pricing/order-summary.ts';
import { KNOWN_PROMOS } from '../../shared/src/pricing/promo.ts';
import type { Database } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  serviceClient,
  shippingAddress,
  storeClient,
  type Person,
} from './support/store.ts';
import { productStockOf } from './support/variants.ts';
import { createScheduler } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';

interface Order {
  id: string;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  subtotal: number;
  delivery_fee: number;
  discount: number;
  total: number;
  promo_code: string | null;
  shipping_address: Record<string, string>;
  estimated_delivery_from: string;
  estimated_delivery_to: string;
}

type Client = SupabaseClient<Database>;
type PlaceArgs = Database['public']['Functions']['place_order']['Args'];

let serial = 0;

forEachStoreServer('place_order and the order life cycle', ({ kind, server }) => {
  let s: TestServer;
  let asha: Client;
  let bilal: Client;
  let staff: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
    staff = storeClient(s, PEOPLE.admin);
  });

  /** A product of our own, so tests do not share stock. */
  async function product(price: number, stock: number, name = `Test piece ${++serial}`): Promise<number> {
    const { rows } = await s.db.query<{ id: number }>(
      `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
       values ($1, $2::numeric, $2::numeric * 2, 1, $3, '/images/products/test.webp') returning id`,
      [name, price, stock],
    );
    return Number(rows[0]!.id);
  }
  /** The product's summary once the refresh-product-stock job has run (a sale leaves the total to it). */
  const stockOf = (id: number) => productStockOf(s.db, id);
  /** What a shopper can still buy of a product's default variant: on hand minus live holds. */
  const availableOf = async (id: number) =>
    (
      await s.db.query<{ n: number }>(
        'select public.available_quantity(v) as n from public.product_variants as v where v.product_id = $1 and v.is_default',
        [id],
      )
    ).rows[0]!.n;
  const ordersOf = async (userId: string) =>
    Number(
      (
        await s.db.query<{ n: string }>('select count(*)::text as n from public.orders where user_id = $1', [
          userId,
        ])
      ).rows[0]!.n,
    );
  const key = () => `checkout-${process.pid}-${++serial}`;

  /** place_order with a valid address, cash on delivery and a fresh key, unless `args` say otherwise. */
  async function place(
    client: Client,
    args: Record<string, unknown>,
  ): Promise<PostgrestSingleResponse<Order>> {
    const all = {
      shipping_address: shippingAddress(),
      payment_method: 'cod',
      idempotency_key: key(),
      ...args,
    };
    return (await client.rpc('place_order', all as PlaceArgs)) as unknown as PostgrestSingleResponse<Order>;
  }

  describe('prices and totals', () => {
    it('ignores prices, totals and extra fields sent by the browser', async () => {
      const sofa = await product(24999, 10);
      const chair = await product(2999, 10);
      const { data, error } = await place(asha, {
        items: [
          { product_id: sofa, quantity: 1, price: 1, name: 'Free sofa', total: 1 },
          { product_id: chair, quantity: 2, price: 0.01, unit_price: 0.01, selected_color: 'Teal Blue' },
        ],
        shipping_address: shippingAddress({ total: 1, discount: 99999, isAdmin: true }),
        promo_code: 'FLAT500',
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        subtotal: 30997,
        delivery_fee: 0,
        discount: 500,
        total: 30497,
        promo_code: 'FLAT500',
      });
      expect(Object.keys(data!.shipping_address).sort()).toEqual([
        'address',
        'city',
        'email',
        'fullName',
        'phone',
        'pincode',
        'state',
      ]);
      expect(data!.shipping_address.phone).toBe('9845012345');
      const { data: items } = await asha
        .from('order_items')
        .select('product_id, unit_price, quantity, line_total, selected_color')
        .eq('order_id', data!.id)
        .order('id');
      expect(items).toEqual([
        { product_id: sofa, unit_price: 24999, quantity: 1, line_total: 24999, selected_color: null },
        { product_id: chair, unit_price: 2999, quantity: 2, line_total: 5998, selected_color: 'Teal Blue' },
      ]);
    });

    it('gives the same subtotal, fee, discount and total as the shared preview', async () => {
      const carts: { price: number; quantity: number; promo?: string }[] = [
        { price: 2499, quantity: 1 },
        { price: 2499, quantity: 1, promo: 'SAVE10' },
        { price: 2998.99, quantity: 1, promo: 'SAVE10' },
        { price: 2999, quantity: 1 },
        { price: 1499.5, quantity: 2, promo: 'SAVE10' },
        { price: 300, quantity: 1, promo: 'FLAT500' },
        { price: 1007.45, quantity: 3, promo: 'SAVE10' },
        { price: 12345.67, quantity: 1, promo: 'FLAT500' },
      ];
      for (const cart of carts) {
        const id = await product(cart.price, 5);
        const { data, error } = await place(asha, {
          items: [{ product_id: id, quantity: cart.quantity }],
          promo_code: cart.promo ?? null,
        });
        expect(error, JSON.stringify(cart)).toBeNull();
        const promo = KNOWN_PROMOS.find((p) => p.code === cart.promo);
        const preview = orderSummary(cart.price * cart.quantity, promo);
        expect(
          {
            subtotal: data!.subtotal,
            deliveryFee: data!.delivery_fee,
            discount: data!.discount,
            total: data!.total,
          },
          JSON.stringify(cart),
        ).toEqual(preview);
      }
    });

    it('numbers the order ORD…, gives cash on delivery a COD_ payment id and starts the timeline', async () => {
      const id = await product(4999, 3);
      const { data } = await place(asha, { items: [{ product_id: id, quantity: 1 }] });
      expect(data!.order_number).toMatch(/^ORD\d{16}$/);
      expect(data!.payment_id).toMatch(/^COD_\d{13}$/);
      expect(data).toMatchObject({ status: 'pending', payment_status: 'pending', payment_method: 'cod' });
      expect(data!.estimated_delivery_to > data!.estimated_delivery_from).toBe(true);
      const { data: events } = await asha
        .from('order_events')
        .select('status, location')
        .eq('order_id', data!.id);
      expect(events).toEqual([{ status: 'Order Placed', location: 'Bengaluru, Karnataka' }]);
      expect(await stockOf(id)).toEqual({ stock_quantity: 2, in_stock: true });
    });

    it('caps cash on delivery (store_settings) but lets online payment through', async () => {
      const bed = await product(60000, 5);
      const cod = await place(asha, { items: [{ product_id: bed, quantity: 1 }] });
      expect(cod.error?.message).toBe(
        'Cash on Delivery is available for orders up to ₹50,000. Please choose online payment.',
      );
      expect(cod.error?.details).toBe('cod_limit');
      const online = await place(asha, {
        items: [{ product_id: bed, quantity: 1 }],
        payment_method: 'razorpay',
      });
      expect(online.error).toBeNull();
      expect(online.data).toMatchObject({
        payment_method: 'razorpay',
        payment_id: null,
        payment_status: 'pending',
        total: 60000,
      });
    });
  });

  describe('refusals the storefront can show', () => {
    it.each([
      ['an unknown code', 'SAVE11', 'Invalid promo code.', 'promo_invalid'],
      ['an expired code', 'diwali2025', 'Promo code DIWALI2025 has expired.', 'promo_expired'],
      [
        'a code below its minimum',
        'WELCOME15',
        'Promo code WELCOME15 needs a subtotal of at least ₹9,999.',
        'promo_below_minimum',
      ],
    ])('refuses %s, placing nothing', async (_what, code, message, reason) => {
      const id = await product(1999, 4);
      const before = await ordersOf(PEOPLE.customerA.id);
      const { data, error, status } = await place(asha, {
        items: [{ product_id: id, quantity: 1 }],
        promo_code: code,
      });
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', message, details: reason });
      expect(await ordersOf(PEOPLE.customerA.id)).toBe(before);
      expect((await stockOf(id)).stock_quantity).toBe(4);
    });

    it('counts promo uses and refuses a code that is used up', async () => {
      const code = `LIMIT${process.pid}`.slice(0, 20);
      await s.db.query(
        `insert into public.promo_codes (code, kind, value, usage_limit, starts_at) values ($1, 'flat', 100, 1, now() - interval '1 day')`,
        [code],
      );
      const id = await product(1999, 4);
      expect(
        (await place(asha, { items: [{ product_id: id, quantity: 1 }], promo_code: code })).error,
      ).toBeNull();
      const second = await place(bilal, { items: [{ product_id: id, quantity: 1 }], promo_code: code });
      expect(second.error).toMatchObject({
        message: `Promo code ${code} is no longer available.`,
        details: 'promo_used_up',
      });
      expect(
        (
          await s.db.query<{ used_count: number }>(
            'select used_count from public.promo_codes where code = $1',
            [code],
          )
        ).rows[0]!.used_count,
      ).toBe(1);
    });

    it('refuses sold-out, short, unknown and malformed items with their own messages', async () => {
      const soldOut = await product(5000, 0, 'Ira Test Sofa');
      const short = await product(5000, 2, 'Kabir Test Chair');
      const cases: [unknown, string, string][] = [
        [
          [{ product_id: soldOut, quantity: 1 }],
          '"Ira Test Sofa" is out of stock. Please remove it to continue.',
          'out_of_stock',
        ],
        [
          [{ product_id: short, quantity: 3 }],
          'Only 2 left in stock for "Kabir Test Chair". Please reduce the quantity.',
          'insufficient_stock',
        ],
        // Two lines of the same product (two colours) count together.
        [
          [
            { product_id: short, quantity: 2, selected_color: 'Red' },
            { product_id: short, quantity: 1, selected_color: 'Blue' },
          ],
          'Only 2 left in stock for "Kabir Test Chair". Please reduce the quantity.',
          'insufficient_stock',
        ],
        [
          [{ product_id: 987654321, quantity: 1 }],
          'An item in your cart is no longer available. Please remove it to continue.',
          'product_unavailable',
        ],
        [[], 'Your cart is empty.', 'cart_empty'],
        [
          [{ product_id: short, quantity: 0 }],
          'An item in your cart is not valid. Please remove it and add it again.',
          'invalid_item',
        ],
        [
          [{ product_id: short, quantity: -1 }],
          'An item in your cart is not valid. Please remove it and add it again.',
          'invalid_item',
        ],
      ];
      for (const [items, message, reason] of cases) {
        const { error } = await place(asha, { items });
        expect(error, JSON.stringify(items)).toMatchObject({ message, details: reason });
      }
      expect((await stockOf(short)).stock_quantity).toBe(2);
    });

    it.each([
      [{ city: '  ' }, 'Please fill in all required fields.', 'address_incomplete'],
      [{ email: 'asha.example.in' }, 'Please enter a valid email address.', 'invalid_email'],
      [{ phone: '12345 67890' }, 'Please enter a valid 10-digit mobile number.', 'invalid_phone'],
      [{ pincode: '56003' }, 'Please enter a valid 6-digit pincode.', 'invalid_pincode'],
      [{ pincode: '060038' }, 'Please enter a valid 6-digit pincode.', 'invalid_pincode'],
    ])('checks the shipping address %j', async (change, message, reason) => {
      const id = await product(1999, 4);
      const { error } = await place(asha, {
        items: [{ product_id: id, quantity: 1 }],
        shipping_address: shippingAddress(change),
      });
      expect(error).toMatchObject({ message, details: reason });
    });
  });

  describe('no hoarding (store_settings limits)', () => {
    const hoarder: Person = {
      id: 'c0000000-0000-4000-8000-0000000000e1',
      email: 'hoarder@example.in',
      userMetadata: { full_name: 'Harsh Hoarder' },
    };
    let harsh: Client;
    beforeAll(async () => {
      await addPeople(s.db, [hoarder]);
      harsh = storeClient(s, hoarder);
    });

    it('refuses more than max_quantity_per_line of one product, its lines summed', async () => {
      const id = await product(2999, 40);
      const { data: settings } = await harsh
        .from('store_settings')
        .select('max_quantity_per_line, max_unpaid_online_orders')
        .single();
      expect(settings).toEqual({ max_quantity_per_line: 10, max_unpaid_online_orders: 2 });
      const name = (
        await s.db.query<{ name: string }>('select name from public.products where id = $1', [id])
      ).rows[0]!.name;
      for (const items of [
        [{ product_id: id, quantity: 11 }],
        [
          { product_id: id, quantity: 6, selected_color: 'Teal Blue' },
          { product_id: id, quantity: 5, selected_color: 'Mustard' },
        ],
      ]) {
        const { data, error, status } = await place(harsh, { items });
        expect(data).toBeNull();
        expect(status).toBe(400);
        expect(error).toMatchObject({
          code: 'P0001',
          message: `You can order at most 10 of "${name}" at a time. Please reduce the quantity.`,
          details: 'quantity_limit',
          hint: String(id),
        });
      }
      expect((await stockOf(id)).stock_quantity).toBe(40);
      const ten = await place(harsh, { items: [{ product_id: id, quantity: 10 }] });
      expect(ten.error).toBeNull();
      expect((await stockOf(id)).stock_quantity).toBe(30);
    });

    it('refuses a third unpaid online order, but not cash on delivery or a retry', async () => {
      const id = await product(4999, 20);
      const online = { items: [{ product_id: id, quantity: 1 }], payment_method: 'razorpay' };
      const first = await place(harsh, online);
      const retryKey = key();
      const second = await place(harsh, { ...online, idempotency_key: retryKey });
      expect(first.error).toBeNull();
      expect(second.error).toBeNull();
      const before = await ordersOf(hoarder.id);
      const third = await place(harsh, online);
      expect(third.data).toBeNull();
      expect(third.status).toBe(400);
      expect(third.error).toMatchObject({
        code: 'P0001',
        message:
          'You already have 2 online orders waiting for payment. Please pay for or cancel one before placing another online order.',
        details: 'unpaid_orders_limit',
      });
      expect(await ordersOf(hoarder.id)).toBe(before);
      // Online orders hold their stock until paid: on hand stays, available drops.
      expect((await stockOf(id)).stock_quantity).toBe(20);
      expect(await availableOf(id)).toBe(18);
      // A retried checkout still gets its own order back; cash on delivery is not counted.
      expect((await place(harsh, { ...online, idempotency_key: retryKey })).data?.id).toBe(second.data!.id);
      expect((await place(harsh, { items: [{ product_id: id, quantity: 1 }] })).error).toBeNull();
      // Cancelling (or paying for) one makes room for another.
      expect((await harsh.rpc('cancel_order', { order_id: first.data!.id })).error).toBeNull();
      expect((await place(harsh, online)).error).toBeNull();
      expect((await place(harsh, online)).error?.details).toBe('unpaid_orders_limit');
    });
  });

  describe('idempotency', () => {
    it('makes one order for a key, however often and however concurrently it is sent', async () => {
      const id = await product(7999, 10);
      const idempotency_key = key();
      const args = { items: [{ product_id: id, quantity: 2 }], idempotency_key };
      const results = await Promise.all(Array.from({ length: 8 }, () => place(asha, args)));
      for (const r of results) expect(r.error).toBeNull();
      const ids = new Set(results.map((r) => r.data!.id));
      expect(ids.size).toBe(1);
      const retry = await place(asha, args);
      expect(retry.data!.id).toBe([...ids][0]);
      expect(
        (await s.db.query('select 1 from public.orders where idempotency_key = $1', [idempotency_key])).rows,
      ).toHaveLength(1);
      expect((await stockOf(id)).stock_quantity).toBe(8);
      // The same key from another customer is their own checkout.
      const other = await place(bilal, args);
      expect(other.data!.id).not.toBe([...ids][0]);
      expect((await stockOf(id)).stock_quantity).toBe(6);
    });
  });

  describe('plans', () => {
    it('keeps plan_cache_mode = force_generic_plan on place_order, so its statements and triggers are planned once per connection', async () => {
      const { rows } = await s.db.query<{ config: string[] }>(
        `select proconfig as config from pg_proc
         where oid = 'public.place_order(jsonb, jsonb, public.payment_method, text, text, text, text)'::regprocedure`,
      );
      expect(rows[0]!.config).toEqual(
        expect.arrayContaining(['search_path=""', 'plan_cache_mode=force_generic_plan']),
      );
    });
  });

  describe('ids', () => {
    it('gives new orders, returns and refunds time-ordered ids (UUID version 7), so the indexes on an order id grow at one end', async () => {
      const id = await product(2999, 5);
      const ids: string[] = [];
      const t0 = Date.now();
      for (let n = 0; n < 2; n++) {
        const { data, error } = await place(asha, { items: [{ product_id: id, quantity: 1 }] });
        expect(error).toBeNull();
        ids.push(data!.id);
        await new Promise((r) => setTimeout(r, 3));
      }
      const t1 = Date.now();
      for (const orderId of ids) {
        // xxxxxxxx-xxxx-7xxx-[89ab]xxx-…: version 7, RFC 9562's variant
        expect(orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        // its first 48 bits: the Unix time in ms it was made
        const ms = parseInt(orderId.replace(/-/g, '').slice(0, 12), 16);
        expect(ms).toBeGreaterThanOrEqual(t0 - 1000);
        expect(ms).toBeLessThanOrEqual(t1 + 1000);
      }
      expect(ids[1]! > ids[0]!).toBe(true);
      const { rows } = await s.db.query<{ table_name: string; column_default: string }>(
        `select table_name, column_default from information_schema.columns
         where table_schema = 'public' and table_name in ('orders', 'returns', 'refunds') and column_name = 'id'
         order by table_name`,
      );
      expect(rows).toEqual(
        ['orders', 'refunds', 'returns'].map((table_name) => ({
          table_name,
          column_default: 'private.uuid_v7()',
        })),
      );
      // Many at once stay distinct (74 random bits after the time).
      const many = await s.db.query<{ n: string }>(
        'select count(distinct private.uuid_v7())::text as n from generate_series(1, 5000)',
      );
      expect(many.rows[0]!.n).toBe('5000');
    });
  });

  describe('rules of the rows a checkout writes', () => {
    it("refuses, even from the service role, rows that break them, by the rule's name; a long rule is one predicate call", async () => {
      const id = await product(2999, 5);
      const { data: order, error } = await place(asha, { items: [{ product_id: id, quantity: 1 }] });
      expect(error).toBeNull();
      const service = serviceClient(s);
      const refused = async (
        write: PromiseLike<{ error: { code: string; message: string } | null }>,
        rule: string,
      ) => {
        const { error: e } = await write;
        expect(e?.code, `${rule}: ${e?.message}`).toBe('23514');
        expect(e?.message, rule).toContain(`"${rule}"`);
      };
      // Orders, their lines and events never change once written: each refused row is a copy of the
      // placed one with one rule broken, inserted by the service role.
      const copyOf = async (table: 'orders' | 'order_items' | 'order_events', column: 'id' | 'order_id') => {
        const { rows } = await s.db.query<{ row: Record<string, unknown> }>(
          `select to_jsonb(t) - 'id' - 'created_at' - array(
             select c.column_name::text from information_schema.columns as c
             where c.table_schema = 'public' and c.table_name = $1 and c.is_generated = 'ALWAYS') as row
           from public.${table} as t where t.${column} = $2 limit 1`,
          [table, order!.id],
        );
        return rows[0]!.row;
      };
      const placed = await copyOf('orders', 'id');
      const address = placed.shipping_address as Record<string, string>;
      const anotherOrder = {
        ...placed,
        order_number: undefined,
        idempotency_key: null,
        payment_id: undefined,
      };
      for (const bad of [{ pincode: '01234' }, { phone: '5845012345' }, { email: 'asha' }, { city: ' ' }])
        await refused(
          service
            .from('orders')
            .insert({ ...anotherOrder, shipping_address: { ...address, ...bad } } as never),
          'orders_shipping_address_check',
        );
      await refused(
        service.from('orders').insert({ ...anotherOrder, buyer_legal_name: 'Asha Furnishings' } as never),
        'orders_buyer_check',
      );
      const line = await copyOf('order_items', 'order_id');
      await refused(
        service.from('order_items').insert({ ...line, cgst: Number(line.cgst) + 1 } as never),
        'order_items_tax_check',
      );
      const event = await copyOf('order_events', 'order_id');
      await refused(
        service.from('order_events').insert({ ...event, status: 'Lost' } as never),
        'order_events_status_check',
      );
      await refused(
        service.from('notification_outbox').update({ event: 'party' }).eq('order_id', order!.id),
        'notification_outbox_event_check',
      );
      await refused(
        service
          .from('stock_movements')
          .insert({ variant_id: Number(line.variant_id), quantity: 1, reason: 'theft' }),
        'stock_movements_reason_check',
      );
      // What keeps the rules passes them: the same copy with its own number and no rule broken.
      const { error: copied } = await service.from('orders').insert(anotherOrder as never);
      expect(copied).toBeNull();

      // PostgreSQL reads a table's checks back from their node text and plans them for every
      // statement that writes it: the checkout's long rules are calls of named predicates
      // (migration 20261211100000): no check of its tables is over 2,500 characters of node text
      // (7,730 before; an eleven-column call is ~2,000).
      const { rows } = await s.db.query<{ name: string; def: string; size: number }>(
        `select c.conname as name, pg_get_constraintdef(c.oid) as def, length(c.conbin) as size
         from pg_constraint as c
         where c.contype = 'c'
           and c.conrelid in ('public.orders'::regclass, 'public.order_items'::regclass, 'public.order_events'::regclass,
             'public.notification_outbox'::regclass, 'public.stock_movements'::regclass)
         order by c.conname`,
      );
      const defs = new Map(rows.map((r) => [r.name, r.def]));
      expect(defs.get('orders_shipping_address_check')).toBe(
        'CHECK (private.is_valid_shipping_address(shipping_address))',
      );
      expect(defs.get('orders_buyer_check')).toBe(
        'CHECK (private.is_valid_buyer(buyer_gstin, buyer_legal_name))',
      );
      expect(defs.get('order_items_tax_check')).toMatch(
        /^CHECK \(private\.is_valid_line_tax\(taxable_value, /,
      );
      expect(defs.get('order_events_status_check')).toBe('CHECK (private.is_order_event_status(status))');
      expect(defs.get('notification_outbox_event_check')).toBe(
        'CHECK (private.is_notification_event(event))',
      );
      expect(defs.get('stock_movements_reason_check')).toBe(
        'CHECK (private.is_stock_movement_reason(reason))',
      );
      expect(rows.filter((r) => r.size > 2500).map((r) => `${r.name} ${r.size}`)).toEqual([]);
    });
  });

  describe('stock under concurrency', () => {
    it(`sells exactly the last 5 units to 50 concurrent orders, never below zero [${kind}]`, async () => {
      const id = await product(3499, 5, 'Last Five Stool');
      const buyers = [asha, bilal];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          place(buyers[i % 2]!, { items: [{ product_id: id, quantity: 1 }] }),
        ),
      );
      const ok = results.filter((r) => r.error === null);
      const refused = results.filter((r) => r.error !== null);
      expect(ok).toHaveLength(5);
      for (const r of refused) expect(['out_of_stock', 'insufficient_stock']).toContain(r.error!.details);
      expect(await stockOf(id)).toEqual({ stock_quantity: 0, in_stock: false });
      const { rows } = await s.db.query<{ n: string }>(
        'select coalesce(sum(quantity), 0)::text as n from public.order_items where product_id = $1',
        [id],
      );
      expect(rows[0]!.n).toBe('5');
    }, 120_000);
  });

  describe('after the order', () => {
    it("shows customers their own orders, items and timeline, never another's", async () => {
      const id = await product(5999, 5);
      const { data: order } = await place(asha, { items: [{ product_id: id, quantity: 1 }] });
      const mine = await asha
        .from('orders')
        .select('id, order_items(product_name, quantity), order_events(status)')
        .eq('id', order!.id)
        .single();
      expect(mine.error).toBeNull();
      expect(mine.data).toMatchObject({
        order_items: [{ quantity: 1 }],
        order_events: [{ status: 'Order Placed' }],
      });
      expect((await bilal.from('orders').select('id').eq('id', order!.id)).data).toEqual([]);
      expect((await bilal.from('order_items').select('id').eq('order_id', order!.id)).data).toEqual([]);
    });

    it('lets the owner cancel before shipping, returning the stock and the promo use', async () => {
      const id = await product(9999, 3);
      const { data: order } = await place(asha, {
        items: [{ product_id: id, quantity: 3 }],
        promo_code: 'SAVE10',
      });
      const used = async () =>
        (
          await s.db.query<{ used_count: number }>(
            `select used_count from public.promo_codes where code = 'SAVE10'`,
          )
        ).rows[0]!.used_count;
      const usedBefore = await used();
      expect(await stockOf(id)).toEqual({ stock_quantity: 0, in_stock: false });
      const { data, error } = await asha.rpc('cancel_order', { order_id: order!.id });
      expect(error).toBeNull();
      expect(data!.status).toBe('cancelled');
      expect(await stockOf(id)).toEqual({ stock_quantity: 3, in_stock: true });
      expect(await used()).toBe(usedBefore - 1);
      const tracked = await asha.rpc('track_order', { order_number: order!.order_number });
      const timeline = (tracked.data as { timeline: { status: string; completed: boolean }[] }).timeline;
      expect(timeline.at(-1)).toMatchObject({ status: 'Cancelled', completed: true });
    });

    it('moves orders only forward for a fresh admin, adding the timeline events, and marks delivered COD paid', async () => {
      const id = await product(4999, 5);
      const { data: order } = await place(asha, { items: [{ product_id: id, quantity: 1 }] });
      const move = (status: Database['public']['Enums']['order_status'], extra: { location?: string } = {}) =>
        staff.rpc('admin_set_order_status', { order_id: order!.id, status, ...extra });
      expect((await move('shipped', { location: 'Jodhpur hub' })).data).toMatchObject({ status: 'shipped' });
      const customerTry = await asha.rpc('admin_set_order_status', {
        order_id: order!.id,
        status: 'delivered',
      });
      expect(customerTry.status).toBe(403);
      expect(
        (
          await staff.rpc('admin_add_order_event', {
            order_id: order!.id,
            status: 'In Transit',
            location: 'Ahmedabad',
          })
        ).error,
      ).toBeNull();
      expect(
        (
          await staff.rpc('admin_add_order_event', {
            order_id: order!.id,
            status: 'Out for Delivery',
            location: 'Bengaluru',
          })
        ).error,
      ).toBeNull();
      const cancel = await move('cancelled');
      expect(cancel.error).toMatchObject({ details: 'invalid_status_transition' });
      expect(cancel.error!.message).toMatch(/cannot go from shipped to cancelled/);
      expect((await asha.rpc('cancel_order', { order_id: order!.id })).error?.details).toBe(
        'not_cancellable',
      );
      expect((await move('delivered')).data).toMatchObject({ status: 'delivered', payment_status: 'paid' });
      expect((await move('processing')).error?.details).toBe('invalid_status_transition');
      const { data: tracked } = await s.db
        .query<{
          t: {
            status: string;
            current_location: string;
            timeline: { status: string; completed: boolean; location: string | null }[];
          };
        }>(`select public.track_order($1) as t`, [order!.order_number])
        .then((r) => ({ data: r.rows[0]!.t }));
      // Superuser has no JWT: track_order shows nothing to an unknown caller.
      expect(tracked).toBeNull();
      const { data: mine } = await asha.rpc('track_order', { order_number: order!.order_number });
      const t = mine as {
        status: string;
        current_location: string;
        timeline: { status: string; completed: boolean }[];
      };
      expect(t.status).toBe('delivered');
      expect(t.timeline.map((e) => [e.status, e.completed])).toEqual([
        ['Order Placed', true],
        ['Order Confirmed', true],
        ['Shipped', true],
        ['In Transit', true],
        ['Out for Delivery', true],
        ['Delivered', true],
      ]);
      expect(t.current_location).toBe('Bengaluru');
      expect(
        (await s.db
          .query(`update public.orders set total = 1 where id = $1`, [order!.id])
          .catch((e: Error) => e)) instanceof Error,
      ).toBe(true);
    });

    it('records a verified online payment once, moving the order forward only', async () => {
      const service = serviceClient(s);
      const id = await product(15999, 4);
      const { data: order } = await place(asha, {
        items: [{ product_id: id, quantity: 1 }],
        payment_method: 'razorpay',
      });
      await s.db.query(`update public.orders set razorpay_order_id = $1 where id = $2`, [
        `order_${serial}`,
        order!.id,
      ]);
      const customer = await asha.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: 'pay_fake',
      });
      expect(customer.error?.code).toBe('42501');
      const wrong = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: 'pay_X',
        razorpay_order_id: 'order_other',
      });
      expect(wrong.error?.details).toBe('razorpay_order_mismatch');
      const paid = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: 'pay_123',
        razorpay_order_id: `order_${serial}`,
      });
      expect(paid.data).toMatchObject({
        status: 'processing',
        payment_status: 'paid',
        payment_id: 'pay_123',
      });
      const replay = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: 'pay_456',
      });
      expect(replay.data).toMatchObject({
        status: 'processing',
        payment_status: 'paid',
        payment_id: 'pay_123',
      });
      const { data: events } = await asha
        .from('order_events')
        .select('status')
        .eq('order_id', order!.id)
        .order('id');
      expect(events!.map((e) => e.status)).toEqual(['Order Placed', 'Order Confirmed']);
    });

    it('releases online orders left unpaid, returning their stock', async () => {
      const service = serviceClient(s);
      const id = await product(8999, 2);
      const { data: order } = await place(bilal, {
        items: [{ product_id: id, quantity: 2 }],
        payment_method: 'razorpay',
      });
      // Held, not sold: on hand stays 2, nothing left to buy.
      expect(await stockOf(id)).toEqual({ stock_quantity: 2, in_stock: true });
      expect(await availableOf(id)).toBe(0);
      expect((await service.rpc('release_unpaid_orders')).data).toBe(0);
      expect((await bilal.rpc('release_unpaid_orders', { older_than: '0 seconds' })).error?.code).toBe(
        '42501',
      );
      const released = await service.rpc('release_unpaid_orders', { older_than: '0 seconds' });
      expect(released.data).toBeGreaterThanOrEqual(1);
      expect(await stockOf(id)).toEqual({ stock_quantity: 2, in_stock: true });
      expect(await availableOf(id)).toBe(2);
      const { data: after } = await bilal
        .from('orders')
        .select('status, payment_status')
        .eq('id', order!.id)
        .single();
      expect(after).toEqual({ status: 'cancelled', payment_status: 'pending' });
      // A payment that arrives afterwards revives the order while its stock is still there, taking
      // the stock again (functions-razorpay-late-payment.test.ts has the refund when it is not).
      const late = await service.rpc('mark_order_paid', {
        order_id: order!.id,
        razorpay_payment_id: 'pay_late',
      });
      expect(late.data).toMatchObject({ status: 'processing', payment_status: 'paid' });
      expect(await stockOf(id)).toEqual({ stock_quantity: 0, in_stock: false });
    });

    it('releases them on the schedule the migrations set: cron.job, run by the scheduler', async () => {
      const { rows: jobs } = await s.db.query(
        `select schedule, command, active from cron.job where jobname = 'release-unpaid-orders'`,
      );
      expect(jobs).toEqual([
        {
          schedule: '*/5 * * * *',
          // The hold's own expiry (store_settings.reservation_minutes) decides, not a fixed age.
          command: 'select public.release_unpaid_orders()',
          active: true,
        },
      ]);
      const id = await product(8999, 1);
      const { data: order } = await place(bilal, {
        items: [{ product_id: id, quantity: 1 }],
        payment_method: 'razorpay',
      });
      // placed 31 minutes ago (the guard on an order's placed fields is set aside for this), so its
      // 30-minute hold ran out a minute ago
      expect(await availableOf(id)).toBe(0);
      await s.db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(`update public.orders set created_at = now() - interval '31 minutes' where id = $1`, [
          order!.id,
        ]);
        await tx.query(
          `update public.stock_reservations set expires_at = now() - interval '1 minute' where order_id = $1`,
          [order!.id],
        );
      });
      const at = (iso: string) => new Date(`2026-11-24T${iso}Z`);
      const scheduler = createScheduler(s.db, { now: () => at('10:04:00'), log: () => {} });
      const releases = async (now: Date) =>
        (await scheduler.tick(now)).filter((run) => run.jobname === 'release-unpaid-orders');
      expect(await releases(at('10:04:59'))).toEqual([]);
      expect(await releases(at('10:05:00'))).toEqual([
        expect.objectContaining({ jobname: 'release-unpaid-orders', status: 'succeeded' }),
      ]);
      expect(await stockOf(id)).toEqual({ stock_quantity: 1, in_stock: true });
      const { data: after } = await bilal.from('orders').select('status').eq('id', order!.id).single();
      expect(after).toEqual({ status: 'cancelled' });
    });

    it("gives the admin dashboard's figures from the orders themselves", async () => {
      const { data, error } = await staff.rpc('admin_dashboard');
      expect(error).toBeNull();
      const d = data as Record<string, unknown> & {
        sales_last_30_days: { revenue: number; orders: number }[];
        low_stock_products: { stock_quantity: number }[];
      };
      const { rows } = await s.db.query<{ total: string; revenue: string; pending: string }>(
        `select count(*)::text as total, coalesce(sum(total) filter (where status <> 'cancelled'), 0)::text as revenue,
           count(*) filter (where status = 'pending')::text as pending from public.orders`,
      );
      expect(d.total_orders).toBe(Number(rows[0]!.total));
      expect(d.revenue).toBe(Number(rows[0]!.revenue));
      expect(d.pending_orders).toBe(Number(rows[0]!.pending));
      expect(d.sales_last_30_days).toHaveLength(30);
      expect(d.sales_last_30_days.reduce((sum, day) => sum + day.revenue, 0)).toBeCloseTo(
        Number(rows[0]!.revenue),
        2,
      );
      expect(d.low_stock_products.length).toBeGreaterThan(0);
      for (const p of d.low_stock_products) expect(p.stock_quantity).toBeLessThanOrEqual(5);
      expect(Number(d.average_order_value)).toBeGreaterThan(0);
    });
  });
});
