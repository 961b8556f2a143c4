/**
 * GST in the database (issue 18), through supabase-js over HTTP against the real migrations and seed,
 * on PGlite and PostgreSQL: GSTINs are checked by the database (the store's and a buyer's: format,
 * state code, check character; typed in lower case with spaces they are stored normalised), and
 * place_order snapshots each line's HSN, rate (the longest HSN prefix in force today), its share of
 * the discount and of the delivery fee, the taxable value and CGST + SGST (same state as the store),
 * CGST + UTGST (a union territory without a legislature) or IGST (another state), so that taxable
 * value + tax = what the line was charged, to the paisa, and the lines add up to the order's total.
 * The expected split is the contract's algorithm written again in support/gst.ts. Also who may read
 * and write the rate table and the store's legal details.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { addPeople, forEachStoreServer, liftRateLimits, PEOPLE, type Person } from './support/store.ts';
import {
  ADDRESS,
  expectedSplit,
  gstClient,
  gstService,
  gstin,
  gstinCheckChar,
  hsnProduct,
  orderSums,
  orderTax,
  STORE_GSTIN,
  storedSplit,
} from './support/gst.ts';
import { uniq } from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

/** Thrown to roll a transaction back with what it read. */
class Recomputed extends Error {
  constructor(readonly tax: Awaited<ReturnType<typeof orderTax>>) {
    super('rolled back');
  }
}

const INVALID_GSTIN = 'Please enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV).';
const NAME_REQUIRED = 'Please enter the registered business name for the GSTIN.';

/** GSTINs each wrong in one way only. */
const BAD_GSTINS: [string, string][] = [
  ['a wrong check character', '29AAECF1234K1ZN'],
  ['a wrong format (14th character not Z)', `29AAECF1234K1X${gstinCheckChar('29AAECF1234K1X')}`],
  ['a wrong format (PAN digits where letters go)', gstin('2912345F1234K1Z').slice(0, 15)],
  ['state code 00', gstin('00AAECF1234K1Z')],
  ['state code 39', gstin('39AAECF1234K1Z')],
  ['14 characters', '29AAECF1234K1Z'],
];

forEachStoreServer('GST: GSTINs, the tax snapshot and the rate table', ({ server }) => {
  let s: TestServer;
  let asha: SupabaseClient;
  let staff: SupabaseClient;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = gstClient(s, PEOPLE.customerA);
    staff = gstClient(s, PEOPLE.admin);
  });

  const setStoreGstin = (g: string | null) => s.db.query('update public.store_settings set gstin = $1', [g]);
  const storeGstin = async () =>
    (
      await s.db.query<{ gstin: string | null; gst_state_code: string | null; pan: string | null }>(
        'select gstin, gst_state_code, pan from public.store_settings',
      )
    ).rows[0]!;

  async function place(
    items: { product_id: number; quantity: number }[],
    shipping_address: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    client: SupabaseClient = asha,
  ) {
    return client.rpc('place_order', {
      items,
      shipping_address,
      payment_method: 'cod',
      idempotency_key: uniq('gst-'),
      ...extra,
    }) as unknown as Promise<{
      data: { id: string } | null;
      error: { message: string; details: string; code: string } | null;
    }>;
  }
  const ordersCount = async () =>
    Number((await s.db.query<{ n: string }>('select count(*)::text as n from public.orders')).rows[0]!.n);

  it('the suite’s own check character agrees with the contract’s samples', () => {
    expect(gstin('29AAECF1234K1Z')).toBe(STORE_GSTIN);
    expect(gstin('27AAPFU0939F1Z')).toBe('27AAPFU0939F1ZV');
  });

  describe('GSTIN validation in the database', () => {
    it('private.is_valid_gstin accepts the samples and refuses each kind of mistake', async () => {
      const valid = async (g: string) =>
        (await s.db.query<{ ok: boolean }>('select private.is_valid_gstin($1) as ok', [g])).rows[0]!.ok;
      expect(await valid(STORE_GSTIN)).toBe(true);
      expect(await valid('27AAPFU0939F1ZV')).toBe(true);
      expect(await valid(gstin('04AAECF1234K1Z'))).toBe(true);
      expect(await valid(gstin('97AAECF1234K1Z'))).toBe(true);
      expect(await valid(gstin('38AAECF1234K1Z'))).toBe(true);
      for (const [why, g] of BAD_GSTINS) expect(await valid(g), why).toBe(false);
    });

    it('store_settings refuses a bad GSTIN from staff and from the superuser alike', async () => {
      for (const [why, g] of BAD_GSTINS) {
        const { error } = await staff.from('store_settings').update({ gstin: g }).eq('id', true);
        expect(error, why).not.toBeNull();
        await expect(setStoreGstin(g), why).rejects.toThrow();
      }
      expect((await storeGstin()).gstin).toBe(STORE_GSTIN);
    });

    it('store_settings stores a GSTIN typed in lower case with spaces upper-cased and trimmed, with its state and PAN', async () => {
      try {
        const { error } = await staff
          .from('store_settings')
          .update({ gstin: '  27aapfu0939f1zv ' })
          .eq('id', true);
        expect(error).toBeNull();
        expect(await storeGstin()).toEqual({
          gstin: '27AAPFU0939F1ZV',
          gst_state_code: '27',
          pan: 'AAPFU0939F',
        });
        const { data } = await gstClient(s)
          .from('store_settings')
          .select('gstin, gst_state_code, pan')
          .single();
        expect(data).toEqual({ gstin: '27AAPFU0939F1ZV', gst_state_code: '27', pan: 'AAPFU0939F' });
      } finally {
        await setStoreGstin(STORE_GSTIN);
      }
      expect(await storeGstin()).toEqual({ gstin: STORE_GSTIN, gst_state_code: '29', pan: 'AAECF1234K' });
    });

    it('place_order refuses a bad buyer GSTIN with invalid_gstin and the message, placing nothing', async () => {
      const p = await hsnProduct(s.db, 3500);
      for (const [why, g] of BAD_GSTINS) {
        const before = await ordersCount();
        const { data, error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA, {
          buyer_gstin: g,
          buyer_legal_name: 'Rao Interiors LLP',
        });
        expect(data, why).toBeNull();
        expect(error, why).toMatchObject({ details: 'invalid_gstin', message: INVALID_GSTIN });
        expect(await ordersCount(), why).toBe(before);
      }
    });

    it('place_order refuses a buyer GSTIN without a business name; a name alone is dropped', async () => {
      const p = await hsnProduct(s.db, 3500);
      for (const name of [undefined, null, '', '   ', 'X']) {
        const before = await ordersCount();
        const { error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA, {
          buyer_gstin: '27AAPFU0939F1ZV',
          ...(name === undefined ? {} : { buyer_legal_name: name }),
        });
        expect(error, JSON.stringify(name)).toMatchObject({
          details: 'buyer_legal_name_required',
          message: NAME_REQUIRED,
        });
        expect(await ordersCount()).toBe(before);
      }
      const { data, error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA, {
        buyer_legal_name: 'Rao Interiors LLP',
      });
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      expect([t.order.buyer_gstin, t.order.buyer_legal_name]).toEqual([null, null]);
    });

    it('place_order keeps a buyer GSTIN typed in lower case with spaces, normalised, and its business name', async () => {
      const p = await hsnProduct(s.db, 3500);
      const { data, error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA, {
        buyer_gstin: ' 27aapfu0939f1zv  ',
        buyer_legal_name: '  Rao Interiors LLP ',
      });
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      expect(t.order.buyer_gstin).toBe('27AAPFU0939F1ZV');
      expect(t.order.buyer_legal_name).toBe('Rao Interiors LLP');
      // The buyer is registered in Maharashtra; the goods go to Karnataka: the place of supply is
      // where they are delivered (IGST Act s.10(1)(a)), the store's own state.
      expect(t.order.place_of_supply).toBe('29');
      expect(t.order.supply_type).toBe('cgst_sgst');
    });
  });

  describe('the tax snapshot of place_order', () => {
    /** Two rates (18% and 5% bamboo), SAVE10 and the ₹99 fee: every share has leftover paise. */
    async function mixedCart() {
      const chair = await hsnProduct(s.db, 333.33, '9403');
      const bamboo = await hsnProduct(s.db, 1007.45, '94038200');
      return [
        { product_id: chair.id, quantity: 2 },
        { product_id: bamboo.id, quantity: 1 },
      ];
    }

    it('same state as the store (Karnataka): CGST + SGST, exact to the paisa by hand', async () => {
      const p = await hsnProduct(s.db, 1180, '9403');
      const { data, error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA);
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      expect(t.order).toMatchObject({
        place_of_supply: '29',
        supply_type: 'cgst_sgst',
        buyer_gstin: null,
        buyer_legal_name: null,
        subtotal: 118000,
        delivery_fee: 9900,
        discount: 0,
        total: 127900,
        tax_total: 19510,
      });
      // ₹1,180 + ₹99 delivery = ₹1,279 charged at 18%: ₹1,083.90 taxable, ₹195.10 tax, halved.
      expect(t.items).toEqual([
        expect.objectContaining({
          hsn_code: '9403',
          gst_rate: 18,
          line_total: 118000,
          discount_share: 0,
          delivery_share: 9900,
          taxable_value: 108390,
          cgst: 9755,
          sgst: 9755,
          utgst: 0,
          igst: 0,
        }),
      ]);
      // The customer reads the same through the API.
      const { data: items } = await asha
        .from('order_items')
        .select('hsn_code, gst_rate, taxable_value, cgst, sgst, utgst, igst, discount_share, delivery_share')
        .eq('order_id', data!.id);
      expect(items).toEqual([
        {
          hsn_code: '9403',
          gst_rate: 18,
          taxable_value: 1083.9,
          cgst: 97.55,
          sgst: 97.55,
          utgst: 0,
          igst: 0,
          discount_share: 0,
          delivery_share: 99,
        },
      ]);
      const { data: order } = await asha
        .from('orders')
        .select('place_of_supply, supply_type, tax_total, buyer_gstin, buyer_legal_name')
        .eq('id', data!.id)
        .single();
      expect(order).toEqual({
        place_of_supply: '29',
        supply_type: 'cgst_sgst',
        tax_total: 195.1,
        buyer_gstin: null,
        buyer_legal_name: null,
      });
    });

    const cases = [
      { where: 'Karnataka, the store’s state', address: ADDRESS.KA, state: '29', supply: 'cgst_sgst' },
      { where: 'Maharashtra, another state', address: ADDRESS.MH, state: '27', supply: 'igst' },
    ] as const;
    for (const c of cases)
      it(`${c.where}: ${c.supply}, discount and fee shared over lines of two rates, sums exact`, async () => {
        const { data, error } = await place(await mixedCart(), c.address, { promo_code: 'SAVE10' });
        expect(error).toBeNull();
        const t = await orderTax(s.db, data!.id);
        expect(t.order.place_of_supply).toBe(c.state);
        expect(t.order.supply_type).toBe(c.supply);
        expect(t.order.discount).toBe(16741);
        expect(t.order.delivery_fee).toBe(9900);
        expect(t.items.map((i) => [i.hsn_code, i.gst_rate])).toEqual([
          ['9403', 18],
          ['94038200', 5],
        ]);
        expect(storedSplit(t.items)).toEqual(expectedSplit(t, c.supply));
        const sums = orderSums(t);
        expect(sums).toEqual({
          charged: t.order.total,
          discount: t.order.discount,
          delivery: t.order.delivery_fee,
          tax: t.order.tax_total,
          lineInvariant: true,
        });
        if (c.supply === 'igst') {
          for (const i of t.items) expect([i.cgst, i.sgst, i.utgst], String(i.id)).toEqual([0, 0, 0]);
          expect(t.items.every((i) => i.igst > 0)).toBe(true);
        } else {
          for (const i of t.items) expect([i.utgst, i.igst], String(i.id)).toEqual([0, 0]);
          expect(t.items.every((i) => i.cgst > 0 && i.sgst > 0)).toBe(true);
        }
      });

    it('a store in Chandigarh (a union territory without a legislature): CGST + UTGST there, IGST elsewhere', async () => {
      const chandigarh = gstin('04AAECF1234K1Z');
      await setStoreGstin(chandigarh);
      try {
        expect((await storeGstin()).gst_state_code).toBe('04');
        const local = await place(await mixedCart(), ADDRESS.CH, { promo_code: 'SAVE10' });
        expect(local.error).toBeNull();
        const t = await orderTax(s.db, local.data!.id);
        expect([t.order.place_of_supply, t.order.supply_type]).toEqual(['04', 'cgst_utgst']);
        expect(storedSplit(t.items)).toEqual(expectedSplit(t, 'cgst_utgst'));
        expect(t.items.every((i) => i.cgst > 0 && i.utgst > 0 && i.sgst === 0 && i.igst === 0)).toBe(true);
        const sums = orderSums(t);
        expect([sums.charged, sums.tax, sums.lineInvariant]).toEqual([
          t.order.total,
          t.order.tax_total,
          true,
        ]);

        const away = await place(await mixedCart(), ADDRESS.KA);
        expect(away.error).toBeNull();
        const u = await orderTax(s.db, away.data!.id);
        expect([u.order.place_of_supply, u.order.supply_type]).toEqual(['29', 'igst']);
        expect(storedSplit(u.items)).toEqual(expectedSplit(u, 'igst'));
      } finally {
        await setStoreGstin(STORE_GSTIN);
      }
    });

    it('a store in Delhi (a union territory with a legislature) selling in Delhi: CGST + SGST', async () => {
      await setStoreGstin(gstin('07AAECF1234K1Z'));
      try {
        const { data, error } = await place(await mixedCart(), ADDRESS.DL, { promo_code: 'SAVE10' });
        expect(error).toBeNull();
        const t = await orderTax(s.db, data!.id);
        expect([t.order.place_of_supply, t.order.supply_type]).toEqual(['07', 'cgst_sgst']);
        expect(storedSplit(t.items)).toEqual(expectedSplit(t, 'cgst_sgst'));
        expect(t.items.every((i) => i.sgst > 0 && i.utgst === 0)).toBe(true);
      } finally {
        await setStoreGstin(STORE_GSTIN);
      }
    });

    it('the place of supply is where the goods go: a Karnataka pincode with another state typed is not IGST', async () => {
      const p = await hsnProduct(s.db, 3500);
      const { data, error } = await place([{ product_id: p.id, quantity: 1 }], {
        ...ADDRESS.KA,
        state: 'Maharashtra',
      });
      // Refusing the contradiction is as good as taxing by the pincode's state.
      if (error === null) {
        const t = await orderTax(s.db, data!.id);
        expect([t.order.place_of_supply, t.order.supply_type]).toEqual(['29', 'cgst_sgst']);
      } else {
        expect(data).toBeNull();
        expect(error).toMatchObject({ details: 'state_pincode_mismatch' });
      }
    });

    it('a flat discount bigger than one line and free delivery: shares still add up exactly', async () => {
      const a = await hsnProduct(s.db, 399.99, '9401');
      const b = await hsnProduct(s.db, 2999.01, '9404');
      const c = await hsnProduct(s.db, 123.45, '94038200');
      const { data, error } = await place(
        [
          { product_id: a.id, quantity: 3 },
          { product_id: b.id, quantity: 1 },
          { product_id: c.id, quantity: 1 },
        ],
        ADDRESS.MH,
        { promo_code: 'FLAT500' },
      );
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      expect([t.order.discount, t.order.delivery_fee]).toEqual([50000, 0]);
      expect(t.items.map((i) => i.gst_rate)).toEqual([18, 18, 5]);
      expect(storedSplit(t.items)).toEqual(expectedSplit(t, 'igst'));
      expect(orderSums(t)).toMatchObject({ charged: t.order.total, discount: 50000, lineInvariant: true });
    });

    it('place_order writes the tax private.snapshot_order_tax works out for the same order', async () => {
      // place_order splits the tax before it writes the order and its lines (issue 22);
      // snapshot_order_tax, the rule for invoicing orders from before the snapshot, must agree.
      const a = await hsnProduct(s.db, 399.99, '9401');
      const c = await hsnProduct(s.db, 123.45, '94038200');
      const lines = [
        { product_id: a.id, quantity: 2 },
        { product_id: c.id, quantity: 1 },
        { product_id: a.id, quantity: 1 },
      ];
      for (const [address, promo_code] of [
        [ADDRESS.KA, 'SAVE10'],
        [ADDRESS.MH, 'FLAT500'],
      ] as const) {
        const { data, error } = await place(lines, address, { promo_code });
        expect(error).toBeNull();
        const written = await orderTax(s.db, data!.id);
        expect(written.items).toHaveLength(3);
        const again = await s.db
          .transaction(async (tx) => {
            await tx.query('set local session_replication_role = replica');
            await tx.query(
              `update public.order_items set hsn_code = null, gst_rate = null, discount_share = null,
                 delivery_share = null, taxable_value = null, cgst = null, sgst = null, utgst = null, igst = null
               where order_id = $1`,
              [data!.id],
            );
            await tx.query(
              'update public.orders set place_of_supply = null, supply_type = null, tax_total = null where id = $1',
              [data!.id],
            );
            await tx.query('set local session_replication_role = origin');
            await tx.query('select private.snapshot_order_tax($1)', [data!.id]);
            // roll the recomputation back: the order keeps what place_order wrote
            throw new Recomputed(await orderTax(tx, data!.id));
          })
          .catch((e: unknown) => {
            if (e instanceof Recomputed) return e.tax;
            throw e;
          });
        expect(again).toEqual(written);
        expect((await orderTax(s.db, data!.id)).order.tax_total).toBe(written.order.tax_total);
      }
    });
  });

  describe('rates by HSN and date (tax_rates)', () => {
    const rate = async (hsn: string, on: string) =>
      Number(
        (await s.db.query<{ r: string }>('select private.gst_rate($1, $2::date)::text as r', [hsn, on]))
          .rows[0]!.r,
      );
    const added: number[] = [];
    afterAll(async () => {
      if (added.length)
        await s.db.query('delete from public.tax_rates where id = any ($1::bigint[])', [added]);
    });
    async function addRate(hsn: string, r: number, from: string): Promise<void> {
      const { rows } = await s.db.query<{ id: string }>(
        `insert into public.tax_rates (hsn_code, description, rate, effective_from, notification)
         values ($1, 'test rate', $2, $3::date, 'test') returning id`,
        [hsn, r, from],
      );
      added.push(Number(rows[0]!.id));
    }

    it('the seeded history: furniture 28% then 18% from 15 Nov 2017; bamboo 12% then 5% from 22 Sep 2025', async () => {
      expect(await rate('9403', '2017-11-14')).toBe(28);
      expect(await rate('9403', '2017-11-15')).toBe(18);
      expect(await rate('94036000', '2026-01-01')).toBe(18);
      expect(await rate('9401', '2026-01-01')).toBe(18);
      expect(await rate('9404', '2026-01-01')).toBe(18);
      expect(await rate('94038200', '2025-09-21')).toBe(12);
      expect(await rate('94038200', '2025-09-22')).toBe(5);
    });

    it('no rate in force: private.gst_rate and place_order say tax_rate_missing', async () => {
      await expect(rate('9403', '2017-06-30')).rejects.toMatchObject({ detail: 'tax_rate_missing' });
      const p = await hsnProduct(s.db, 3500, '9999');
      const before = await ordersCount();
      const { error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA);
      expect(error).toMatchObject({ details: 'tax_rate_missing' });
      expect(await ordersCount()).toBe(before);
    });

    it('a rate that starts in the future is not used today', async () => {
      await addRate('9403', 28, '2099-01-01');
      expect(await rate('9403', '2099-01-01')).toBe(28);
      const p = await hsnProduct(s.db, 3500, '9403');
      const { data, error } = await place([{ product_id: p.id, quantity: 1 }], ADDRESS.KA);
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      expect(t.items[0]!.gst_rate).toBe(18);
      expect(storedSplit(t.items)).toEqual(expectedSplit(t, 'cgst_sgst'));
    });

    it('the longest HSN prefix wins: a 6-digit rate beats its heading; the 8-digit bamboo code is 5%', async () => {
      await addRate('940360', 12, '2017-07-01');
      const wooden = await hsnProduct(s.db, 3500, '94036000');
      const plain = await hsnProduct(s.db, 3500, '9403');
      const bamboo = await hsnProduct(s.db, 3500, '94038200');
      const other = await hsnProduct(s.db, 3500, '94039000');
      const { data, error } = await place(
        [wooden, plain, bamboo, other].map((p) => ({ product_id: p.id, quantity: 1 })),
        ADDRESS.MH,
      );
      expect(error).toBeNull();
      const t = await orderTax(s.db, data!.id);
      const byProduct = new Map(t.items.map((i) => [i.product_id, [i.hsn_code, i.gst_rate]]));
      expect(byProduct.get(wooden.id)).toEqual(['94036000', 12]);
      expect(byProduct.get(plain.id)).toEqual(['9403', 18]);
      expect(byProduct.get(bamboo.id)).toEqual(['94038200', 5]);
      expect(byProduct.get(other.id)).toEqual(['94039000', 18]);
      expect(storedSplit(t.items)).toEqual(expectedSplit(t, 'igst'));
    });

    it('the product keeps its HSN code rules: 4, 6 or 8 digits', async () => {
      const p = await hsnProduct(s.db, 3500, '940380');
      for (const bad of ['940', '94038', '9403820', '940382001', '94O3', ''])
        await expect(
          s.db.query('update public.products set hsn_code = $2 where id = $1', [p.id, bad]),
          bad,
        ).rejects.toThrow();
    });
  });

  describe('who reads and writes the rate table and the legal details', () => {
    const people: [string, Person | undefined][] = [
      ['anon', undefined],
      ['customer', PEOPLE.customerA],
      ['pretender', PEOPLE.pretender],
      ['stale admin', PEOPLE.staleAdmin],
    ];
    const rowsOf = async (hsn: string) =>
      (
        await s.db.query<{ rate: string; description: string }>(
          'select rate::text, description from public.tax_rates where hsn_code = $1 order by effective_from',
          [hsn],
        )
      ).rows;

    it('everyone reads tax_rates (anon, customer, stale admin, admin, service role)', async () => {
      for (const c of [gstClient(s), asha, gstClient(s, PEOPLE.staleAdmin), staff, gstService(s)]) {
        const { data, error } = await c
          .from('tax_rates')
          .select('hsn_code, rate, effective_from, notification, description')
          .eq('hsn_code', '9403')
          .order('effective_from');
        expect(error).toBeNull();
        expect(data!.slice(0, 2)).toMatchObject([
          { hsn_code: '9403', rate: 28, effective_from: '2017-07-01' },
          { hsn_code: '9403', rate: 18, effective_from: '2017-11-15' },
        ]);
      }
    });

    it('only a fresh admin inserts, changes and deletes rates', async () => {
      const hsn = `9401${String(process.pid % 100).padStart(2, '0')}`;
      for (const [who, p] of people) {
        const c = gstClient(s, p);
        const ins = await c
          .from('tax_rates')
          .insert({ hsn_code: hsn, description: 'nope', rate: 1, effective_from: '2030-01-01' });
        expect(ins.error, who).not.toBeNull();
        const upd = await c.from('tax_rates').update({ rate: 0 }, { count: 'exact' }).eq('hsn_code', '9403');
        expect(upd.error !== null || upd.count === 0, who).toBe(true);
        const del = await c.from('tax_rates').delete({ count: 'exact' }).eq('hsn_code', '9403');
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      expect(await rowsOf(hsn)).toEqual([]);
      expect((await rowsOf('9403')).map((r) => r.rate)).toEqual(['28.00', '18.00', '18.00']);

      const ins = await staff
        .from('tax_rates')
        .insert({
          hsn_code: hsn,
          description: 'Seats of cane (test)',
          rate: 12,
          effective_from: '2030-01-01',
          notification: 'test',
        })
        .select('id')
        .single();
      expect(ins.error).toBeNull();
      const upd = await staff
        .from('tax_rates')
        .update({ rate: 5 }, { count: 'exact' })
        .eq('id', ins.data!.id);
      expect([upd.error, upd.count]).toEqual([null, 1]);
      expect(await rowsOf(hsn)).toEqual([{ rate: '5.00', description: 'Seats of cane (test)' }]);
      const bad = await staff
        .from('tax_rates')
        .insert({ hsn_code: hsn, description: 'too high', rate: 41, effective_from: '2031-01-01' });
      expect(bad.error).not.toBeNull();
      const dup = await staff
        .from('tax_rates')
        .insert({ hsn_code: hsn, description: 'same day', rate: 5, effective_from: '2030-01-01' });
      expect(dup.error).not.toBeNull();
      const del = await staff.from('tax_rates').delete({ count: 'exact' }).eq('id', ins.data!.id);
      expect([del.error, del.count]).toEqual([null, 1]);
      expect(await rowsOf(hsn)).toEqual([]);
    });

    it('everyone reads the legal details, grievance officer and customer care the seed sets', async () => {
      for (const c of [gstClient(s), asha, gstClient(s, PEOPLE.staleAdmin), staff, gstService(s)]) {
        const { data, error } = await c
          .from('store_settings')
          .select(
            'legal_name, registered_address, gstin, gst_state_code, pan, invoice_prefix, credit_note_prefix, authorised_signatory, grievance_officer_name, grievance_officer_designation, grievance_officer_email, grievance_officer_phone, grievance_officer_hours, customer_care_email, customer_care_phone, customer_care_hours',
          )
          .single();
        expect(error).toBeNull();
        expect(data).toEqual({
          legal_name: 'FurniCraft Home Private Limited',
          registered_address: '12 MG Road, Bengaluru, Karnataka 560001',
          gstin: STORE_GSTIN,
          gst_state_code: '29',
          pan: 'AAECF1234K',
          invoice_prefix: 'FC',
          credit_note_prefix: 'FCCN',
          authorised_signatory: 'Ananya Rao, Director',
          grievance_officer_name: 'Rohit Mehta',
          grievance_officer_designation: 'Grievance Officer',
          grievance_officer_email: 'grievance@furnicraft.in',
          grievance_officer_phone: '+91 80 1234 5679',
          grievance_officer_hours: 'Monday to Saturday, 10:00 AM to 6:00 PM',
          customer_care_email: 'support@furnicraft.in',
          customer_care_phone: '+91 80 1234 5678',
          customer_care_hours: 'Monday to Saturday: 9:00 AM to 8:00 PM',
        });
      }
    });

    it('only a fresh admin changes them; the state code and PAN follow the GSTIN and are not writable', async () => {
      const legal = async () =>
        (await s.db.query<{ l: string }>('select legal_name as l from public.store_settings')).rows[0]!.l;
      for (const [who, p] of people) {
        const { error, count } = await gstClient(s, p)
          .from('store_settings')
          .update({ legal_name: 'Hijacked Pvt Ltd', gstin: '27AAPFU0939F1ZV' }, { count: 'exact' })
          .eq('id', true);
        expect(error !== null || count === 0, who).toBe(true);
      }
      expect(await legal()).toBe('FurniCraft Home Private Limited');
      expect((await storeGstin()).gstin).toBe(STORE_GSTIN);

      const ok = await staff
        .from('store_settings')
        .update(
          { legal_name: 'FurniCraft Home Pvt Ltd', grievance_officer_hours: 'Mon–Fri 10–6' },
          { count: 'exact' },
        )
        .eq('id', true);
      expect([ok.error, ok.count]).toEqual([null, 1]);
      expect(await legal()).toBe('FurniCraft Home Pvt Ltd');
      await s.db.query(
        `update public.store_settings set legal_name = 'FurniCraft Home Private Limited',
           grievance_officer_hours = 'Monday to Saturday, 10:00 AM to 6:00 PM'`,
      );

      for (const patch of [{ pan: 'ZZZZZ9999Z' }, { gst_state_code: '27' }]) {
        const { error } = await staff.from('store_settings').update(patch).eq('id', true);
        expect(error, JSON.stringify(patch)).not.toBeNull();
      }
      expect(await storeGstin()).toEqual({ gstin: STORE_GSTIN, gst_state_code: '29', pan: 'AAECF1234K' });
    });

    it('refuses invoice and credit-note prefixes outside ^[A-Z0-9]{1,4}$ or equal to each other', async () => {
      for (const patch of [
        { invoice_prefix: 'FC/1' },
        { invoice_prefix: 'FCINV' },
        { invoice_prefix: '' },
        { invoice_prefix: 'F C' },
        { credit_note_prefix: 'FC' },
        { invoice_prefix: 'FCCN' },
      ]) {
        const { error } = await staff.from('store_settings').update(patch).eq('id', true);
        expect(error, JSON.stringify(patch)).not.toBeNull();
      }
      const prefixes = async () =>
        (await s.db.query('select invoice_prefix, credit_note_prefix from public.store_settings')).rows[0];
      expect(await prefixes()).toEqual({ invoice_prefix: 'FC', credit_note_prefix: 'FCCN' });
      // Typed in lower case with spaces: stored upper-cased and trimmed.
      const { error } = await staff
        .from('store_settings')
        .update({ invoice_prefix: ' inv ', credit_note_prefix: 'cn1' })
        .eq('id', true);
      expect(error).toBeNull();
      expect(await prefixes()).toEqual({ invoice_prefix: 'INV', credit_note_prefix: 'CN1' });
      await s.db.query(`update public.store_settings set invoice_prefix = 'FC', credit_note_prefix = 'FCCN'`);
    });
  });
});
