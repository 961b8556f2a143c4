/**
 * Delivery by pincode (issue 17) through supabase-js over HTTP, on PGlite and PostgreSQL:
 * check_delivery as a visitor and as a signed-in customer (serviceability and why not, the place,
 * the zone's dates with a variant's lead time, the fee by shared/src/pricing/delivery.ts in the
 * default zone and by the zone elsewhere, large-item fees and flags, COD and why not), then
 * place_order refusing what a browser could skip (a pincode not delivered to, COD where the zone has
 * none or above a cap, an item too large for the zone, a state not in the list) and storing the fee,
 * the promised dates and the zone that check_delivery quoted.
 *
 * Dates are never computed here: they are asked of private.delivery_dates with the store's settings
 * just before and just after the call (bracketDates), so the cut-off or IST midnight passing during a
 * test cannot make it fail.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD, deliveryFee } from '../../shared/src/pricing/delivery.ts';
import type { Database, Json } from '../../shared/src/types/database.ts';
import type { TestServer } from 'supabase-local/testing';
import {
  assignPincodes,
  bracketDates,
  defaultZoneId,
  directoryEntry,
  freshPincodes,
  makeZone,
  type DeliveryCheck,
  type Dates,
  type DirectoryEntry,
  type Zone,
} from './support/delivery.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import { optionedProduct, plainProduct, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;
type Order = Database['public']['Tables']['orders']['Row'];
type PlaceArgs = Database['public']['Functions']['place_order']['Args'];

interface Item {
  variant_id?: unknown;
  product_id?: unknown;
  quantity?: unknown;
}

/** check_delivery's answer, its shape checked (the generated types give jsonb as `Json`). */
function asCheck(data: Json | null): DeliveryCheck {
  expect(data).toEqual(
    expect.objectContaining({
      serviceable: expect.any(Boolean),
      cod: expect.objectContaining({ available: expect.any(Boolean) }),
      items: expect.any(Array),
    }),
  );
  return data as unknown as DeliveryCheck;
}

/** Items in variant order (the answer lists each variant once, in no promised order). */
const byVariant = <T extends { variant_id: number }>(items: T[]): T[] =>
  [...items].sort((a, b) => a.variant_id - b.variant_id);

const datesOf = (c: DeliveryCheck): Dates | null =>
  c.delivery_from === null && c.delivery_to === null ? null : { from: c.delivery_from!, to: c.delivery_to! };

let serial = 0;

forEachStoreServer('delivery by pincode: check_delivery and place_order', ({ server }) => {
  let s: TestServer;
  let anon: Client;
  let asha: Client;
  let standardId: number;
  /** the store's COD cap (store_settings.cod_max_order_total) */
  const STORE_CAP = 50000;

  // Zones of the suite's own, each with its pincodes.
  let noCod: Zone;
  let capped: Zone;
  let bigCap: Zone;
  let noLarge: Zone;
  let inactive: Zone;
  const pin = {} as Record<
    'standard' | 'noZone' | 'noCod' | 'capped' | 'bigCap' | 'noLarge' | 'inactive',
    string
  >;
  const STANDARD = '560001';
  /** pincodes the seed's demo zones hold, which the suite leaves alone */
  const SEEDED = ['744101', '682555', '560038', '302001'];

  // Products.
  type Made = Awaited<ReturnType<typeof plainProduct>>;
  let small: Made;
  let large: Made;
  let cheapLarge: Made;
  let madeToOrder: Made;
  const LEAD = 10;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    // The suite pays online often: lift the cap on unpaid online orders (db-place-order tests it).
    await s.db.query('update public.store_settings set max_unpaid_online_orders = 1000');
    anon = storeClient(s);
    asha = storeClient(s, PEOPLE.customerA);
    standardId = await defaultZoneId(s.db);
    expect(
      Number(
        (
          await s.db.query<{ cap: string }>(
            'select cod_max_order_total::text as cap from public.store_settings',
          )
        ).rows[0]!.cap,
      ),
    ).toBe(STORE_CAP);

    noCod = await makeZone(s.db, { cod_available: false, transit_days_min: 2, transit_days_max: 3 });
    capped = await makeZone(s.db, {
      fee: 149,
      free_above: 5000,
      large_item_fee: 500,
      transit_days_min: 8,
      transit_days_max: 12,
      cod_max_total: 10000,
    });
    bigCap = await makeZone(s.db, { fee: 149, free_above: 2999, cod_max_total: 80000 });
    noLarge = await makeZone(s.db, { delivers_large_items: false, transit_days_min: 2, transit_days_max: 3 });
    inactive = await makeZone(s.db, { is_active: false });

    const pins = await freshPincodes(s.db, 6, [STANDARD, '560038', ...SEEDED]);
    [pin.noZone, pin.noCod, pin.capped, pin.bigCap, pin.noLarge, pin.inactive] = pins as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    pin.standard = STANDARD;
    await assignPincodes(s.db, [STANDARD], standardId);
    await assignPincodes(s.db, [pin.noZone], null);
    await assignPincodes(s.db, [pin.noCod], noCod.id);
    await assignPincodes(s.db, [pin.capped], capped.id);
    await assignPincodes(s.db, [pin.bigCap], bigCap.id);
    await assignPincodes(s.db, [pin.noLarge], noLarge.id);
    await assignPincodes(s.db, [pin.inactive], inactive.id);

    small = await plainProduct(s.db, { price: 1999, stock: 500 });
    large = await plainProduct(s.db, { price: 24999, stock: 500 });
    cheapLarge = await plainProduct(s.db, { price: 1500, stock: 500 });
    madeToOrder = await plainProduct(s.db, { price: 5999, stock: 0 });
    await s.db.query('update public.products set is_large = true where id = any ($1::bigint[])', [
      [large.id, cheapLarge.id],
    ]);
    await s.db.query(
      'update public.product_variants set made_to_order = true, lead_time_days = $2 where id = $1',
      [madeToOrder.variantId, LEAD],
    );
  });

  async function check(
    client: Client,
    pincode: string | null,
    items: Item[] | Json = [],
    subtotal: number | null = null,
    discount = 0,
  ) {
    const args = {
      pincode,
      items,
      subtotal,
      discount,
    } as Database['public']['Functions']['check_delivery']['Args'];
    return client.rpc('check_delivery', args);
  }
  async function ok(
    client: Client,
    pincode: string | null,
    items: Item[] = [],
    subtotal: number | null = null,
    discount = 0,
  ) {
    const { data, error, status } = await check(client, pincode, items, subtotal, discount);
    expect(error, `check_delivery(${JSON.stringify(pincode)})`).toBeNull();
    expect(status).toBe(200);
    return asCheck(data);
  }
  const one = (v: { variantId: number }, quantity = 1): Item => ({ variant_id: v.variantId, quantity });

  describe("the seed's demo zones (what the e2e journeys see)", () => {
    it('Metro, Standard, Lakshadweep (no COD, no large items) and the Andaman Islands (not delivered to)', async () => {
      const sofa = (
        await s.db.query<{ id: string; name: string }>(
          `select v.id, p.name from public.products as p join public.product_variants as v on v.product_id = p.id and v.is_default
           join public.categories as c on c.id = p.category_id
           where c.slug = 'sofas' and p.is_large and p.in_stock order by p.id limit 1`,
        )
      ).rows[0]!;
      const sofaLine = { variant_id: Number(sofa.id), quantity: 1 };
      expect(await ok(anon, '560038', [sofaLine])).toMatchObject({
        serviceable: true,
        zone: 'Metro',
        fee: 0,
        free_above: FREE_DELIVERY_THRESHOLD,
        cod: { available: true },
        items: [{ deliverable: true }],
      });
      const metro = await bracketDates(s.db, 3, 5, () => ok(anon, '560038', []));
      expect(metro.allowed).toContainEqual(datesOf(metro.result));
      expect(await ok(anon, '302001', [], 1000)).toMatchObject({
        serviceable: true,
        zone: 'Standard',
        fee: 99,
      });
      const islands = await ok(anon, '682555', [sofaLine, one(small)]);
      expect(islands).toMatchObject({
        serviceable: true,
        zone: 'Lakshadweep',
        fee: 499,
        free_above: null,
        cod: { available: false, reason: 'zone' },
      });
      expect(byVariant(islands.items)).toEqual(
        byVariant([
          {
            variant_id: Number(sofa.id),
            deliverable: false,
            reason: 'large_item',
            message: `${sofa.name} is too large for delivery to 682555.`,
          },
          { variant_id: small.variantId, deliverable: true, reason: null, message: null },
        ]),
      );
      expect(await ok(anon, '744101')).toMatchObject({
        serviceable: false,
        reason: 'not_serviceable',
        message: 'Sorry, we do not deliver to 744101 (South Andaman) yet.',
        place: { state: 'Andaman and Nicobar Islands' },
      });
    });
  });

  describe('check_delivery', () => {
    it('answers a default-zone pincode for a visitor and a customer alike: place, zone, dates, fee, COD', async () => {
      const place = await directoryEntry(s.db, STANDARD);
      for (const client of [anon, asha]) {
        const { result, allowed } = await bracketDates(s.db, 5, 7, () => ok(client, STANDARD, [one(small)]));
        expect(result).toMatchObject({
          pincode: STANDARD,
          serviceable: true,
          reason: null,
          message: null,
          place: {
            city: place.city,
            district: place.district,
            state_code: place.state_code,
            state: place.state,
          },
          zone: 'Standard',
          fee: DELIVERY_FEE,
          free_above: FREE_DELIVERY_THRESHOLD,
          large_item_fee: 0,
          cod: { available: true, reason: null, max_total: STORE_CAP },
          items: [{ variant_id: small.variantId, deliverable: true, reason: null }],
        });
        expect(allowed).toContainEqual(datesOf(result));
      }
      expect(place.state).toBe('Karnataka');
    });

    it('charges by shared/src/pricing/delivery.ts in the default zone: ₹99 below ₹2,999, free from it, whatever the discount', async () => {
      for (const subtotal of [1, 999, 2998.99, 2999, 2999.01, 3000, 49999]) {
        const c = await ok(anon, STANDARD, [], subtotal);
        expect(c.fee, `subtotal ${subtotal}`).toBe(deliveryFee(subtotal));
      }
      // The fee is decided before the discount (a promo never makes delivery chargeable).
      expect((await ok(anon, STANDARD, [], 3000, 500)).fee).toBe(0);
      // Computed from the variants' prices when no subtotal is given.
      const justBelow = await plainProduct(s.db, { price: 2998.99, stock: 5 });
      const exact = await plainProduct(s.db, { price: 2999, stock: 5 });
      expect((await ok(anon, STANDARD, [one(justBelow)])).fee).toBe(99);
      expect((await ok(anon, STANDARD, [one(exact)])).fee).toBe(0);
      expect((await ok(anon, STANDARD, [{ variant_id: small.variantId, quantity: 2 }])).fee).toBe(0);
      // A legacy line names the product: its default variant.
      const legacy = await ok(anon, STANDARD, [{ product_id: small.id, quantity: 1 }]);
      expect(legacy.fee).toBe(99);
      expect(legacy.items).toEqual([
        expect.objectContaining({ variant_id: small.variantId, deliverable: true }),
      ]);
    });

    const VALID = 'Enter a valid 6-digit pincode.';
    it.each([
      ['five digits', '56000', VALID],
      ['seven digits', '5600011', VALID],
      ['a leading 0', '060001', 'Indian pincodes do not start with 0. Please check it.'],
      ['letters', '56000A', VALID],
      ['only letters', 'ABCDEF', VALID],
      ['a hyphen', '560-001', VALID],
      ['nothing', '', VALID],
      ['only spaces', '   ', VALID],
      ['null', null, VALID],
    ])('answers %s (%j) with its message, not an error', async (_what, pincode, message) => {
      for (const client of [anon, asha]) {
        const { data, error, status } = await check(client, pincode, [one(small)]);
        expect(error).toBeNull();
        expect(status).toBe(200);
        expect(asCheck(data)).toMatchObject({
          serviceable: false,
          reason: 'invalid_pincode',
          message,
          place: null,
          zone: null,
          delivery_from: null,
          delivery_to: null,
          fee: null,
          cod: { available: false },
        });
      }
    });

    it('reads a pincode typed with spaces as its six digits (as place_order and addresses do)', async () => {
      for (const typed of ['560 001', ' 560001 ', '5600 01']) {
        const c = await ok(anon, typed, [one(small)]);
        expect(c, JSON.stringify(typed)).toMatchObject({
          pincode: STANDARD,
          serviceable: true,
          zone: 'Standard',
        });
      }
    });

    it('says a pincode not in the directory is unknown', async () => {
      expect((await s.db.query(`select 1 from public.pincodes where pincode = '999999'`)).rows).toEqual([]);
      const c = await ok(asha, '999999', [one(small)]);
      expect(c).toMatchObject({
        serviceable: false,
        reason: 'unknown_pincode',
        message: 'We could not find pincode 999999. Please check it.',
        place: null,
        zone: null,
        delivery_from: null,
        delivery_to: null,
        fee: null,
        cod: { available: false, reason: 'not_serviceable' },
      });
    });

    it('says a pincode in the directory but in no zone, or in an inactive zone, is not delivered to', async () => {
      for (const p of [pin.noZone, pin.inactive]) {
        const place = await directoryEntry(s.db, p);
        const c = await ok(anon, p, [one(small)]);
        expect(c, p).toMatchObject({
          pincode: p,
          serviceable: false,
          reason: 'not_serviceable',
          message: `Sorry, we do not deliver to ${p} (${place.city}) yet.`,
          zone: null,
          delivery_from: null,
          delivery_to: null,
          fee: null,
          cod: { available: false, reason: 'not_serviceable' },
          items: [{ variant_id: small.variantId, deliverable: false, reason: 'not_serviceable' }],
        });
      }
    });

    it("gives a zone's own dates, fee and threshold", async () => {
      const { result, allowed } = await bracketDates(
        s.db,
        capped.transit_days_min,
        capped.transit_days_max,
        () => ok(anon, pin.capped, [one(small)]),
      );
      expect(result).toMatchObject({
        serviceable: true,
        zone: capped.name,
        fee: 149,
        free_above: 5000,
        large_item_fee: 500,
      });
      expect(allowed).toContainEqual(datesOf(result));
      expect((await ok(anon, pin.capped, [], 4999.99)).fee).toBe(149);
      expect((await ok(anon, pin.capped, [], 5000)).fee).toBe(0);
    });

    it('says why COD is not offered where the zone has none', async () => {
      const c = await ok(asha, pin.noCod, [one(small)]);
      expect(c).toMatchObject({
        serviceable: true,
        zone: noCod.name,
        cod: {
          available: false,
          reason: 'zone',
          message: `Cash on Delivery is not available for pincode ${pin.noCod}.`,
        },
      });
      expect(datesOf(c)).not.toBeNull();
    });

    it("offers COD up to the zone's cap and not a paisa above it", async () => {
      const at = await ok(anon, pin.capped, [], 10000);
      expect(at.fee).toBe(0);
      expect(at.cod).toMatchObject({ available: true, reason: null, max_total: 10000 });
      const over = await ok(anon, pin.capped, [], 10000.01);
      expect(over.cod).toEqual({
        available: false,
        reason: 'zone_cap',
        message: 'Cash on Delivery is available for orders up to ₹10,000.',
        max_total: 10000,
      });
      // The cap is on what is paid: a discount that brings the total down to the cap lets COD through.
      expect((await ok(anon, pin.capped, [], 10500, 500)).cod).toMatchObject({ available: true });
    });

    it("offers COD up to the store's cap, also in a zone whose own cap is higher", async () => {
      expect((await ok(anon, STANDARD, [], STORE_CAP)).cod).toMatchObject({ available: true, reason: null });
      for (const p of [STANDARD, pin.bigCap]) {
        const over = await ok(anon, p, [], STORE_CAP + 0.01);
        expect(over.cod, p).toEqual({
          available: false,
          reason: 'store_cap',
          message: 'Cash on Delivery is available for orders up to ₹50,000.',
          max_total: STORE_CAP,
        });
      }
      expect((await ok(anon, pin.bigCap, [], 60000)).cod.reason).toBe('store_cap');
    });

    it('flags each item in a zone that does not take large items: the large one only', async () => {
      const c = await ok(asha, pin.noLarge, [one(large), one(small)]);
      expect(c.serviceable).toBe(true);
      expect(c.zone).toBe(noLarge.name);
      expect(byVariant(c.items)).toEqual(
        byVariant([
          {
            variant_id: large.variantId,
            deliverable: false,
            reason: 'large_item',
            message: `${large.name} is too large for delivery to ${pin.noLarge}.`,
          },
          { variant_id: small.variantId, deliverable: true, reason: null, message: null },
        ]),
      );
      // Elsewhere the same cart is delivered whole.
      expect((await ok(asha, STANDARD, [one(large), one(small)])).items.map((i) => i.deliverable)).toEqual([
        true,
        true,
      ]);
    });

    it("adds the zone's large-item fee per large unit, even when delivery is free", async () => {
      // Below the zone's threshold: 149 + 500.
      expect((await ok(anon, pin.capped, [one(cheapLarge)])).fee).toBe(649);
      // Above it (24,999 × 2): 0 + 2 × 500.
      expect((await ok(anon, pin.capped, [one(large, 2)])).fee).toBe(1000);
      // Two large units and a small one: 1,500 × 2 + 1,999 = 4,999 < 5,000: 149 + 2 × 500.
      expect((await ok(anon, pin.capped, [one(cheapLarge, 2), one(small)])).fee).toBe(1149);
      // The default zone has no large-item fee.
      expect((await ok(anon, STANDARD, [one(large, 2)])).fee).toBe(0);
      expect((await ok(anon, STANDARD, [one(cheapLarge)])).fee).toBe(99);
    });

    it("adds a made-to-order variant's lead time to the zone's transit (the longest in the cart)", async () => {
      const alone = await bracketDates(s.db, 5 + LEAD, 7 + LEAD, () =>
        ok(anon, STANDARD, [one(madeToOrder)]),
      );
      expect(alone.allowed).toContainEqual(datesOf(alone.result));
      const mixed = await bracketDates(s.db, 5 + LEAD, 7 + LEAD, () =>
        ok(anon, STANDARD, [one(small), one(madeToOrder)]),
      );
      expect(mixed.allowed).toContainEqual(datesOf(mixed.result));
      const zone = await bracketDates(s.db, 2 + LEAD, 3 + LEAD, () =>
        ok(anon, pin.noCod, [one(madeToOrder)]),
      );
      expect(zone.allowed).toContainEqual(datesOf(zone.result));
      // Without it, the zone's transit alone.
      const plain = await bracketDates(s.db, 2, 3, () => ok(anon, pin.noCod, [one(small)]));
      expect(plain.allowed).toContainEqual(datesOf(plain.result));
    });

    it("counts the store's holidays, cut-off and closed weekdays", async () => {
      const before = await s.db.query<{ cutoff: string; closed: number[] }>(
        'select order_cutoff::text as cutoff, non_delivery_weekdays as closed from public.store_settings',
      );
      const { cutoff, closed } = before.rows[0]!;
      expect(cutoff.slice(0, 5)).toBe('14:00');
      expect(closed).toEqual([7]);
      // The next ten days (IST) off but one, Saturdays closed too, and no order before the cut-off.
      const days = await s.db.query<{ day: string }>(
        `insert into public.delivery_holidays (day, name)
         select d::date, 'Test holiday ' || n from generate_series(1, 9) as n,
           lateral (select (now() at time zone 'Asia/Kolkata')::date + n) as x (d)
         where n <> 4
         on conflict (day) do nothing
         returning day::text`,
      );
      try {
        await s.db.query(
          `update public.store_settings set order_cutoff = '00:00', non_delivery_weekdays = '{6,7}'`,
        );
        const { result, allowed } = await bracketDates(s.db, 5, 7, () => ok(anon, STANDARD, [one(small)]));
        expect(allowed).toContainEqual(datesOf(result));
        // Without the holidays it would be at least 5 days sooner.
        const without = await s.db.query<{ from: string }>(
          `select d.delivery_from::text as "from"
           from private.delivery_dates(now(), 5, 7, '00:00', '{6,7}', '{}') as d`,
        );
        expect(result.delivery_from! > without.rows[0]!.from).toBe(true);
      } finally {
        await s.db.query(
          'update public.store_settings set order_cutoff = $1::time, non_delivery_weekdays = $2::smallint[]',
          [cutoff, closed],
        );
        await s.db.query('delete from public.delivery_holidays where day = any ($1::date[])', [
          days.rows.map((r) => r.day),
        ]);
      }
    });

    it('flags a variant that does not exist or is not sold', async () => {
      const p = uniq('GONE');
      const made = await optionedProduct(
        s.db,
        [{ name: 'Finish', values: ['Walnut', 'Teak'] }],
        [
          { sku: `${p}-W`, values: ['Walnut'], price: 999, stock: 5 },
          { sku: `${p}-T`, values: ['Teak'], price: 999, stock: 5, is_active: false },
        ],
      );
      const gone = { variantId: made.variants[`${p}-T`]! };
      const c = await ok(anon, STANDARD, [{ variant_id: 987654321, quantity: 1 }, one(gone), one(small)]);
      expect(c.serviceable).toBe(true);
      const unavailable = {
        deliverable: false,
        reason: 'unavailable',
        message: 'This item is no longer available.',
      };
      expect(byVariant(c.items)).toEqual(
        byVariant([
          { variant_id: 987654321, ...unavailable },
          { variant_id: gone.variantId, ...unavailable },
          { variant_id: small.variantId, deliverable: true, reason: null, message: null },
        ]),
      );
    });

    it.each<[string, Json]>([
      ['an object for the list', { variant_id: 1, quantity: 1 }],
      ['a number for the list', 5],
      ['a string for the list', 'sofa'],
      ['a number for an item', [5]],
      ['quantity 0', [{ variant_id: 1, quantity: 0 }]],
      ['a negative quantity', [{ variant_id: 1, quantity: -1 }]],
      ['a fractional quantity', [{ variant_id: 1, quantity: 1.5 }]],
      ['a quantity in words', [{ variant_id: 1, quantity: 'two' }]],
      ['a huge quantity', [{ variant_id: 1, quantity: 1e12 }]],
      ['no quantity', [{ variant_id: 1 }]],
      ['no variant or product', [{ quantity: 1 }]],
      ['a variant id in words', [{ variant_id: 'abc', quantity: 1 }]],
      ['a negative variant id', [{ variant_id: -3, quantity: 1 }]],
      ['a huge variant id', [{ variant_id: '99999999999999999999999', quantity: 1 }]],
    ])('refuses malformed items (%s) with a 400 and invalid_item, never a 500', async (_what, items) => {
      for (const client of [anon, asha]) {
        const { data, error, status } = await check(client, STANDARD, items);
        expect(data).toBeNull();
        expect(status).toBe(400);
        expect(error).toMatchObject({ code: 'P0001', details: 'invalid_item' });
      }
    });

    it('refuses more than 50 lines with a 400 (too_many_items)', async () => {
      const lines = Array.from({ length: 51 }, (_, i) => ({ variant_id: i + 1, quantity: 1 }));
      const { data, error, status } = await check(anon, STANDARD, lines);
      expect(data).toBeNull();
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', details: 'too_many_items' });
    });

    it('never answers a 500 to odd subtotals or a very long pincode', async () => {
      for (const [pincode, subtotal, discount] of [
        ['5'.repeat(5000), null, 0],
        [STANDARD, -1, 0],
        [STANDARD, 1e15, 0],
        [STANDARD, 1000, 5000],
      ] as const) {
        const { status } = await check(anon, pincode, [], subtotal, discount);
        expect(status, `${pincode.slice(0, 8)} ${subtotal} ${discount}`).toBeLessThan(500);
      }
    });
  });

  describe('place_order', () => {
    const key = () => `delivery-${process.pid}-${++serial}`;
    async function place(
      client: Client,
      pincode: string,
      items: Item[],
      args: { payment_method?: 'cod' | 'razorpay'; promo_code?: string | null; state?: string } = {},
    ) {
      const entry: DirectoryEntry | null = /^[1-9][0-9]{5}$/.test(pincode)
        ? await directoryEntry(s.db, pincode).catch(() => null)
        : null;
      const all = {
        items,
        shipping_address: shippingAddress({
          pincode,
          city: entry?.city ?? 'Bengaluru',
          state: args.state ?? entry?.state ?? 'Karnataka',
        }),
        payment_method: args.payment_method ?? 'cod',
        promo_code: args.promo_code ?? null,
        idempotency_key: key(),
      } as PlaceArgs;
      return client.rpc('place_order', all);
    }
    const ordersOf = async () =>
      Number(
        (
          await s.db.query<{ n: string }>(
            'select count(*)::text as n from public.orders where user_id = $1',
            [PEOPLE.customerA.id],
          )
        ).rows[0]!.n,
      );
    const stockOfVariant = async (id: number) =>
      (
        await s.db.query<{ n: number }>(
          'select stock_quantity as n from public.product_variants where id = $1',
          [id],
        )
      ).rows[0]!.n;

    /** Refused with `details`, placing nothing and selling nothing. */
    async function refused(
      pincode: string,
      items: Item[],
      details: string,
      args: Parameters<typeof place>[3] = {},
    ): Promise<{ message: string; hint: string }> {
      const before = await ordersOf();
      const stock = await Promise.all(items.map((i) => stockOfVariant(Number(i.variant_id))));
      const { data, error, status } = await place(asha, pincode, items, args);
      expect(data, `${pincode} ${details}`).toBeNull();
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', details });
      expect(await ordersOf()).toBe(before);
      expect(await Promise.all(items.map((i) => stockOfVariant(Number(i.variant_id))))).toEqual(stock);
      return { message: error!.message, hint: error!.hint };
    }

    it('refuses a pincode not in the directory, in no zone or in an inactive zone, COD or online', async () => {
      for (const payment_method of ['cod', 'razorpay'] as const) {
        const unknown = await refused('999999', [one(small)], 'unknown_pincode', { payment_method });
        expect(unknown.message).toBe('We could not find pincode 999999. Please check it.');
        for (const p of [pin.noZone, pin.inactive]) {
          const r = await refused(p, [one(small)], 'pincode_not_serviceable', { payment_method });
          expect(r.message).toBe(
            `Sorry, we do not deliver to ${p} (${(await directoryEntry(s.db, p)).city}) yet.`,
          );
        }
      }
      await refused('56000A', [one(small)], 'invalid_pincode');
    });

    it('refuses COD where the zone has none, and takes the same order paid online', async () => {
      await refused(pin.noCod, [one(small)], 'cod_unavailable');
      const online = await place(asha, pin.noCod, [one(small)], { payment_method: 'razorpay' });
      expect(online.error).toBeNull();
      expect((online.data as Order).delivery_zone_id).toBe(noCod.id);
    });

    it("refuses COD a paisa over the zone's cap, naming the cap; takes it at the cap", async () => {
      const atCap = await plainProduct(s.db, { price: 10000, stock: 5 });
      const overCap = await plainProduct(s.db, { price: 10000.01, stock: 5 });
      const over = await refused(pin.capped, [one(overCap)], 'cod_limit');
      expect(over.message).toContain('₹10,000');
      const ok = await place(asha, pin.capped, [one(atCap)]);
      expect(ok.error).toBeNull();
      expect(ok.data).toMatchObject({ total: 10000, delivery_fee: 0, payment_method: 'cod' });
      // A discount that brings the total to the cap is fine: ₹10,500 − ₹500.
      const withPromo = await plainProduct(s.db, { price: 10500, stock: 5 });
      const promo = await place(asha, pin.capped, [one(withPromo)], { promo_code: 'FLAT500' });
      expect(promo.error).toBeNull();
      expect(promo.data).toMatchObject({ total: 10000, discount: 500 });
      // Online payment has no cap.
      expect(
        (await place(asha, pin.capped, [one(overCap)], { payment_method: 'razorpay' })).error,
      ).toBeNull();
    });

    it("refuses COD a paisa over the store's cap in a zone whose own cap is higher", async () => {
      const over = await plainProduct(s.db, { price: STORE_CAP + 0.01, stock: 5 });
      const r = await refused(pin.bigCap, [one(over)], 'cod_limit');
      expect(r.message).toBe(
        'Cash on Delivery is available for orders up to ₹50,000. Please choose online payment.',
      );
    });

    it('refuses a large item the zone does not deliver, naming its variant, COD or online', async () => {
      for (const payment_method of ['cod', 'razorpay'] as const) {
        const r = await refused(pin.noLarge, [one(small), one(large)], 'item_not_deliverable', {
          payment_method,
        });
        expect(r.hint).toBe(String(large.variantId));
        expect(r.message).toBe(
          `${large.name} is too large for delivery to ${pin.noLarge}. Please remove it to continue.`,
        );
      }
      const smallOnly = await place(asha, pin.noLarge, [one(small)]);
      expect(smallOnly.error).toBeNull();
      expect((smallOnly.data as Order).delivery_zone_id).toBe(noLarge.id);
    });

    async function placedAsQuoted(pincode: string, items: Item[], transit: [number, number], zoneId: number) {
      const { result, allowed } = await bracketDates(s.db, transit[0], transit[1], async () => {
        const quote = await ok(asha, pincode, items);
        const placed = await place(asha, pincode, items);
        return { quote, placed };
      });
      expect(result.placed.error).toBeNull();
      const order = result.placed.data as Order;
      expect(order.delivery_fee).toBe(result.quote.fee);
      expect(order.delivery_zone_id).toBe(zoneId);
      expect(allowed).toContainEqual(datesOf(result.quote));
      expect(allowed).toContainEqual({
        from: order.estimated_delivery_from,
        to: order.estimated_delivery_to,
      });
      // Stored as the row has it, too.
      const { rows } = await s.db.query<{ fee: string; zone: string; from: string; to: string }>(
        `select delivery_fee::text as fee, delivery_zone_id::text as zone, estimated_delivery_from::text as "from",
           estimated_delivery_to::text as "to" from public.orders where id = $1`,
        [order.id],
      );
      expect(Number(rows[0]!.fee)).toBe(result.quote.fee);
      expect(rows[0]!.zone).toBe(String(zoneId));
      return order;
    }

    it('stores the fee, the promised dates and the zone check_delivery quoted (default zone)', async () => {
      const order = await placedAsQuoted(STANDARD, [one(small)], [5, 7], standardId);
      expect(order).toMatchObject({ delivery_fee: 99, subtotal: 1999, total: 2098 });
      expect(order.shipping_address).toMatchObject({ pincode: STANDARD, state: 'Karnataka' });
    });

    it("stores a zone's fee with its large-item fee, and its transit", async () => {
      const order = await placedAsQuoted(pin.capped, [one(cheapLarge, 2), one(small)], [8, 12], capped.id);
      expect(order).toMatchObject({ subtotal: 4999, delivery_fee: 1149, total: 6148 });
    });

    it("stores dates that include a made-to-order variant's lead time", async () => {
      await placedAsQuoted(STANDARD, [one(small), one(madeToOrder)], [5 + LEAD, 7 + LEAD], standardId);
    });

    it('stores a pincode typed with spaces as its six digits', async () => {
      const { data, error } = await place(asha, '560 001', [one(small)], { state: 'Karnataka' });
      expect(error).toBeNull();
      expect((data as Order).shipping_address).toMatchObject({ pincode: STANDARD });
      expect((data as Order).delivery_zone_id).toBe(standardId);
    });

    it.each([
      ['karnataka', 'Karnataka', STANDARD],
      ['  KARNATAKA ', 'Karnataka', STANDARD],
      ['29', 'Karnataka', STANDARD],
      ['tamil nadu', 'Tamil Nadu', '600001'],
      ['Orissa', 'Odisha', '751001'],
      ['pondicherry', 'Puducherry', '605001'],
    ])('stores the state %j as %j', async (typed, canonical, pincode) => {
      const { data, error } = await place(asha, pincode, [one(small)], { state: typed });
      expect(error).toBeNull();
      expect((data as Order).shipping_address).toMatchObject({ state: canonical });
    });

    it('refuses an address whose state is not its pincode’s (the place of supply decides the tax)', async () => {
      const r = await refused(STANDARD, [one(small)], 'state_pincode_mismatch', { state: 'Maharashtra' });
      expect(r.message).toBe('Pincode 560001 is in Karnataka. Please check the state or the pincode.');
    });

    it.each(['Atlantis', 'KA', 'Karnatak', '99', ''])('refuses the state %j', async (state) => {
      const r = await refused(STANDARD, [one(small)], state === '' ? 'address_incomplete' : 'invalid_state', {
        state,
      });
      if (state !== '') expect(r.message).toBe('Please choose a state from the list.');
    });
  });

  describe('addresses', () => {
    it("stores a customer's state as its canonical name and refuses one not in the list", async () => {
      const row = (state: string) => ({
        user_id: PEOPLE.customerA.id,
        full_name: 'Asha Rao',
        phone: '9845012345',
        address: '14, 3rd Cross, Indiranagar',
        city: 'Bengaluru',
        state,
        pincode: '560038',
      });
      const ok = await asha.from('addresses').insert(row('karnataka')).select('state').single();
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual({ state: 'Karnataka' });
      const alias = await asha.from('addresses').insert(row('Orissa')).select('state').single();
      expect(alias.data).toEqual({ state: 'Odisha' });
      const bad = await asha.from('addresses').insert(row('Atlantis')).select('state').single();
      expect(bad.data).toBeNull();
      expect(bad.error).toMatchObject({
        details: 'invalid_state',
        message: 'Please choose a state from the list.',
      });
    });
  });
});
