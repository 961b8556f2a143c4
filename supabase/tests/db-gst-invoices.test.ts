/**
 * Tax invoices and credit notes (issue 18), through supabase-js over HTTP against the real migrations
 * and seed, on PGlite and PostgreSQL. Shipping an order issues its one invoice (PREFIX/2627/000001:
 * at most 16 characters, the financial year by the date in India, consecutive); a cancelled order gets
 * none; the store cannot ship without its legal name, address and GSTIN. Numbers restart on 1 April
 * and a dispatch rolled back leaves no gap. Issued documents never change — not for staff, the
 * service role or the superuser — except their PDF's path, set once; nor do the order's tax columns.
 * Credit notes credit units of invoiced lines in their own series, citing the invoice, never more
 * than was invoiced. The customer reads their own documents, staff all, nobody writes them. The GST
 * register gives the accountant one row per document line, by the day in India.
 * (Fifty dispatches at once: db-gst-dispatch.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { addPeople, forEachStoreServer, liftRateLimits, PEOPLE, type Person } from './support/store.ts';
import {
  ADDRESS,
  backdate,
  charged,
  financialYear,
  gstClient,
  gstService,
  hsnProduct,
  orderTax,
  paise,
  referenceSplit,
  type SupplyType,
} from './support/gst.ts';
import { uniq } from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

interface Invoice {
  id: number;
  order_id: string;
  number: string;
  financial_year: string;
  issued_at: string;
  place_of_supply: string;
  supply_type: SupplyType;
  is_b2b: boolean;
  taxable_value: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
  total: number;
  snapshot: Snapshot;
  pdf_path: string | null;
}

/** The parts of a document's snapshot the suite reads (the rest is matched as objects). */
interface Snapshot {
  date: string;
  lines: Record<string, number | string>[];
  totals: { total: number; tax: number; discount: number; [key: string]: number };
  recipient: Record<string, unknown>;
  [key: string]: unknown;
}

/** A row of admin_gst_register (numbers as PostgREST gives them). */
interface RegisterRow {
  document_type: 'invoice' | 'credit_note';
  document_number: string;
  document_date: string;
  issued_at: string;
  invoice_number: string;
  order_number: string;
  is_b2b: boolean;
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  recipient_name: string;
  place_of_supply: string;
  place_of_supply_name: string;
  supply_type: string;
  hsn_code: string;
  gst_rate: number;
  quantity: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
  total: number;
}

type RpcResult<T> = { data: T | null; error: { message: string; details: string; code: string } | null };

const NOW_FY = financialYear(new Date());

forEachStoreServer('GST invoices and credit notes', ({ kind, server }) => {
  let s: TestServer;
  let asha: SupabaseClient;
  let bilal: SupabaseClient;
  let staff: SupabaseClient;
  let service: SupabaseClient;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = gstClient(s, PEOPLE.customerA);
    bilal = gstClient(s, PEOPLE.customerB);
    staff = gstClient(s, PEOPLE.admin);
    service = gstService(s);
  });

  async function place(
    items: { product_id: number; quantity: number }[],
    address = ADDRESS.KA,
    extra: Record<string, unknown> = {},
    client: SupabaseClient = asha,
  ): Promise<string> {
    const { data, error } = (await client.rpc('place_order', {
      items,
      shipping_address: address,
      payment_method: 'cod',
      idempotency_key: uniq('inv-'),
      ...extra,
    })) as RpcResult<{ id: string }>;
    expect(error).toBeNull();
    return data!.id;
  }
  const setStatus = (orderId: string, status: string, client: SupabaseClient = staff) =>
    client.rpc('admin_set_order_status', { order_id: orderId, status }) as unknown as Promise<
      RpcResult<{ status: string }>
    >;
  async function ship(orderId: string): Promise<Invoice> {
    const { error } = await setStatus(orderId, 'shipped');
    expect(error).toBeNull();
    return (await invoicesOf(orderId))[0]!;
  }
  async function invoicesOf(orderId: string): Promise<Invoice[]> {
    const { rows } = await s.db.query<Record<string, unknown>>(
      `select id::int as id, order_id::text, number, financial_year, issued_at::text, place_of_supply,
         supply_type, is_b2b, taxable_value::text, cgst::text, sgst::text, utgst::text, igst::text,
         total::text, snapshot, pdf_path
       from public.invoices where order_id = $1`,
      [orderId],
    );
    return rows.map((r) => ({
      ...(r as unknown as Invoice),
      taxable_value: paise(r.taxable_value as string),
      cgst: paise(r.cgst as string),
      sgst: paise(r.sgst as string),
      utgst: paise(r.utgst as string),
      igst: paise(r.igst as string),
      total: paise(r.total as string),
    }));
  }
  /** A simple order of one product (price, quantity) delivered to an address. */
  async function simpleOrder(price = 3500, quantity = 1, address = ADDRESS.KA, extra = {}) {
    const p = await hsnProduct(s.db, price);
    return place([{ product_id: p.id, quantity }], address, extra);
  }
  const seqOf = (n: string) => Number(n.slice(-6));
  const invoicePattern = new RegExp(`^FC/${NOW_FY.fy4}/\\d{6}$`);

  describe('issuing on dispatch', () => {
    it('shipping an order issues exactly one invoice, numbered FC/<fy>/000001, matching the order', async () => {
      const chair = await hsnProduct(s.db, 2499.5, '9403');
      const bamboo = await hsnProduct(s.db, 1350.25, '94038200');
      const orderId = await place(
        [
          { product_id: chair.id, quantity: 2 },
          { product_id: bamboo.id, quantity: 1 },
        ],
        ADDRESS.KA,
        { promo_code: 'SAVE10' },
      );
      expect(await invoicesOf(orderId)).toEqual([]);
      const inv = await ship(orderId);
      expect(inv.number).toBe(`FC/${NOW_FY.fy4}/000001`);
      expect(inv.number.length).toBeLessThanOrEqual(16);
      expect(inv.financial_year).toBe(NOW_FY.fy);
      const t = await orderTax(s.db, orderId);
      const sum = (f: (i: (typeof t.items)[number]) => number) => t.items.reduce((a, i) => a + f(i), 0);
      expect(inv).toMatchObject({
        place_of_supply: '29',
        supply_type: 'cgst_sgst',
        is_b2b: false,
        taxable_value: sum((i) => i.taxable_value),
        cgst: sum((i) => i.cgst),
        sgst: sum((i) => i.sgst),
        utgst: 0,
        igst: 0,
        total: t.order.total,
        pdf_path: null,
      });
      // The snapshot the PDF is drawn from.
      const snap = inv.snapshot;
      expect(snap).toMatchObject({
        document: 'invoice',
        title: 'Tax Invoice',
        number: inv.number,
        financial_year: NOW_FY.fy,
        order: { number: t.order.order_number, payment_method: 'cod' },
        supplier: {
          legal_name: 'FurniCraft Home Private Limited',
          gstin: '29AAECF1234K1ZM',
          pan: 'AAECF1234K',
          state_code: '29',
          state_name: 'Karnataka',
        },
        recipient: { name: 'Asha Rao', gstin: null, state_code: '29', pincode: '560001' },
        place_of_supply: { code: '29', name: 'Karnataka' },
        supply_type: 'cgst_sgst',
        reverse_charge: false,
      });
      expect(snap.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(snap.lines).toHaveLength(2);
      expect(
        snap.lines.map((l: Record<string, number | string>) => [
          l.hsn,
          l.quantity,
          l.unit,
          l.rate,
          paise(l.gross!),
          paise(l.discount!),
          paise(l.delivery!),
          paise(l.taxable_value!),
          paise(l.cgst!),
          paise(l.sgst!),
          paise(l.total!),
        ]),
      ).toEqual(
        t.items.map((i) => [
          i.hsn_code,
          i.quantity,
          'NOS',
          i.gst_rate,
          i.line_total,
          i.discount_share,
          i.delivery_share,
          i.taxable_value,
          i.cgst,
          i.sgst,
          charged(i),
        ]),
      );
      expect(paise(snap.totals.total)).toBe(t.order.total);
      expect(paise(snap.totals.tax)).toBe(t.order.tax_total);
      expect(paise(snap.totals.discount)).toBe(t.order.discount);

      // Delivering it issues nothing more.
      expect((await setStatus(orderId, 'delivered')).error).toBeNull();
      expect(await invoicesOf(orderId)).toHaveLength(1);
    });

    it('a B2B order’s invoice carries the buyer’s GSTIN and name; another state’s is IGST', async () => {
      const orderId = await simpleOrder(4200, 1, ADDRESS.MH, {
        buyer_gstin: '27AAPFU0939F1ZV',
        buyer_legal_name: 'Rao Interiors LLP',
      });
      const inv = await ship(orderId);
      expect(inv.number).toMatch(invoicePattern);
      expect(inv).toMatchObject({
        is_b2b: true,
        place_of_supply: '27',
        supply_type: 'igst',
        cgst: 0,
        sgst: 0,
      });
      expect(inv.igst).toBeGreaterThan(0);
      expect(inv.snapshot.recipient).toMatchObject({
        gstin: '27AAPFU0939F1ZV',
        legal_name: 'Rao Interiors LLP',
        state_code: '27',
      });
    });

    it('consecutive dispatches take consecutive numbers', async () => {
      const orders = [await simpleOrder(), await simpleOrder(), await simpleOrder()];
      const numbers = [];
      for (const o of orders) numbers.push((await ship(o)).number);
      for (const n of numbers) expect(n).toMatch(invoicePattern);
      const seqs = numbers.map(seqOf);
      expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    });

    it('an order cancelled before dispatch has no invoice (by staff or by the customer)', async () => {
      const byStaff = await simpleOrder();
      expect((await setStatus(byStaff, 'cancelled')).error).toBeNull();
      const byCustomer = await simpleOrder();
      expect((await asha.rpc('cancel_order', { order_id: byCustomer })).error).toBeNull();
      expect(await invoicesOf(byStaff)).toEqual([]);
      expect(await invoicesOf(byCustomer)).toEqual([]);
    });

    for (const column of ['legal_name', 'registered_address', 'gstin'])
      it(`shipping is refused while the store's ${column} is missing (store_legal_details_missing)`, async () => {
        const orderId = await simpleOrder();
        const { rows } = await s.db.query<{ v: string }>(`select ${column} as v from public.store_settings`);
        await s.db.query(`update public.store_settings set ${column} = null`);
        try {
          const { error } = await setStatus(orderId, 'shipped');
          expect(error).toMatchObject({ details: 'store_legal_details_missing' });
          const { rows: o } = await s.db.query<{ status: string }>(
            'select status::text from public.orders where id = $1',
            [orderId],
          );
          expect(o[0]!.status).toBe('pending');
          expect(await invoicesOf(orderId)).toEqual([]);
        } finally {
          await s.db.query(`update public.store_settings set ${column} = $1`, [rows[0]!.v]);
        }
        expect((await ship(orderId)).number).toMatch(invoicePattern);
      });

    it('a dispatch rolled back after its number was taken leaves no gap', async () => {
      const first = await simpleOrder();
      const rolledBack = await simpleOrder();
      const next = await simpleOrder();
      const a = seqOf((await ship(first)).number);
      await expect(
        s.db.transaction(async (tx) => {
          await tx.query(`update public.orders set status = 'shipped' where id = $1`, [rolledBack]);
          const { rows } = await tx.query<{ n: string }>(
            'select number as n from public.invoices where order_id = $1',
            [rolledBack],
          );
          expect(seqOf(rows[0]!.n)).toBe(a + 1);
          throw new Error('the courier refused the parcel');
        }),
      ).rejects.toThrow('the courier refused the parcel');
      expect(await invoicesOf(rolledBack)).toEqual([]);
      expect(seqOf((await ship(next)).number)).toBe(a + 1);
      expect(seqOf((await ship(rolledBack)).number)).toBe(a + 2);
    });

    it('numbers restart on 1 April (by the date in India), per series', async () => {
      // Allocated in a transaction that is rolled back, so the real series is untouched.
      await s.db.transaction(
        async (tx) => {
          const alloc = async (kind: string, at: string) =>
            (
              await tx.query<{ n: string }>(
                'select number as n from private.next_document_number($1, $2::timestamptz)',
                [kind, at],
              )
            ).rows[0]!.n;
          const march = await alloc('invoice', '2027-03-31T18:29:59Z'); // 31 March 23:59:59 IST
          expect(march).toMatch(/^FC\/2627\/\d{6}$/);
          expect(await alloc('invoice', '2027-03-31T18:30:00Z')).toBe('FC/2728/000001'); // 1 April 00:00 IST
          expect(await alloc('invoice', '2027-04-15T10:00:00Z')).toBe('FC/2728/000002');
          expect(seqOf(await alloc('invoice', '2027-03-01T10:00:00Z'))).toBe(seqOf(march) + 1);
          expect(await alloc('credit_note', '2027-04-01T10:00:00Z')).toBe('FCCN/2728/000001');
          expect(await alloc('invoice', '2036-06-01T10:00:00Z')).toBe('FC/3637/000001');
        },
        { rollback: true },
      );
      const o = await simpleOrder();
      const before = (
        await s.db.query<{ n: string }>(
          `select max(number) as n from public.invoices where financial_year = $1`,
          [NOW_FY.fy],
        )
      ).rows[0]!.n;
      expect(seqOf((await ship(o)).number)).toBe(seqOf(before) + 1);
    });
  });

  describe('credit notes', () => {
    let orderId: string;
    let inv: Invoice;
    let chairLine: number;
    let tableLine: number;
    const issue = (
      items: { order_item_id: number; quantity: number }[],
      client = staff,
      reason = 'Returned: damaged in transit',
      id = orderId,
    ) =>
      client.rpc('admin_issue_credit_note', { order_id: id, items, reason }) as unknown as Promise<
        RpcResult<Record<string, unknown> & { id: number; number: string }>
      >;
    const cnItems = async (cnId: number) =>
      (
        await s.db.query<Record<string, string>>(
          `select order_item_id::text, quantity::text, taxable_value::text, cgst::text, sgst::text, utgst::text,
             igst::text, amount::text
           from public.credit_note_items where credit_note_id = $1 order by order_item_id`,
          [cnId],
        )
      ).rows.map((r) => ({
        order_item_id: Number(r.order_item_id),
        quantity: Number(r.quantity),
        taxable_value: paise(r.taxable_value!),
        cgst: paise(r.cgst!),
        sgst: paise(r.sgst!),
        utgst: paise(r.utgst!),
        igst: paise(r.igst!),
        amount: paise(r.amount!),
      }));
    const cnCount = async () =>
      Number(
        (await s.db.query<{ n: string }>('select count(*)::text as n from public.credit_notes')).rows[0]!.n,
      );

    beforeAll(async () => {
      const chair = await hsnProduct(s.db, 2000, '9403');
      const table = await hsnProduct(s.db, 3100, '9403');
      orderId = await place(
        [
          { product_id: chair.id, quantity: 2 },
          { product_id: table.id, quantity: 1 },
        ],
        ADDRESS.KA,
      );
      inv = await ship(orderId);
      const t = await orderTax(s.db, orderId);
      chairLine = t.items.find((i) => i.product_id === chair.id)!.id;
      tableLine = t.items.find((i) => i.product_id === table.id)!.id;
    });

    it('credits one unit of a two-unit line: half its amount, split CGST + SGST, citing the invoice, FCCN/<fy>/…', async () => {
      expect(await cnCount()).toBe(0);
      const { data, error } = await issue([{ order_item_id: chairLine, quantity: 1 }]);
      expect(error).toBeNull();
      expect(data!.number).toBe(`FCCN/${NOW_FY.fy4}/000001`);
      expect(data!.number.length).toBeLessThanOrEqual(16);
      expect(data).toMatchObject({
        invoice_id: inv.id,
        order_id: orderId,
        financial_year: NOW_FY.fy,
        reason: 'Returned: damaged in transit',
        created_by: PEOPLE.admin.id,
      });
      // ₹4,000 charged for 2 chairs (no discount, free delivery): one is ₹2,000 = ₹1,694.92 + 2 × ₹152.54.
      expect(await cnItems(data!.id)).toEqual([
        {
          order_item_id: chairLine,
          quantity: 1,
          taxable_value: 169492,
          cgst: 15254,
          sgst: 15254,
          utgst: 0,
          igst: 0,
          amount: 200000,
        },
      ]);
      expect([paise(data!.total as number), paise(data!.taxable_value as number)]).toEqual([200000, 169492]);
      const { rows } = await s.db.query<{ snapshot: Snapshot }>(
        'select snapshot from public.credit_notes where id = $1',
        [data!.id],
      );
      expect(rows[0]!.snapshot).toMatchObject({
        document: 'credit_note',
        title: 'Credit Note',
        number: data!.number,
        invoice: { number: inv.number },
        reason: 'Returned: damaged in transit',
        supplier: { gstin: '29AAECF1234K1ZM' },
      });
      expect(paise(rows[0]!.snapshot.totals.total)).toBe(200000);
    });

    it('the last unit takes the rest; a third unit, or more than a line had, is credit_exceeds_invoice', async () => {
      const second = await issue([{ order_item_id: chairLine, quantity: 1 }]);
      expect(second.error).toBeNull();
      const [line] = await cnItems(second.data!.id);
      expect(line!.amount).toBe(200000);
      expect(line!.taxable_value + line!.cgst + line!.sgst).toBe(200000);
      const before = await cnCount();
      for (const items of [
        [{ order_item_id: chairLine, quantity: 1 }],
        [{ order_item_id: tableLine, quantity: 2 }],
        [
          { order_item_id: tableLine, quantity: 1 },
          { order_item_id: chairLine, quantity: 1 },
        ],
      ]) {
        const r = await issue(items);
        expect(r.error, JSON.stringify(items)).toMatchObject({ details: 'credit_exceeds_invoice' });
      }
      expect(await cnCount()).toBe(before);
    });

    it('splits odd paise across units so a line’s credit notes add up to what it was charged (IGST)', async () => {
      const a = await hsnProduct(s.db, 333.33, '9403');
      const b = await hsnProduct(s.db, 777.77, '94038200');
      const id = await place(
        [
          { product_id: a.id, quantity: 3 },
          { product_id: b.id, quantity: 1 },
        ],
        ADDRESS.MH,
        { promo_code: 'SAVE10' },
      );
      await ship(id);
      const t = await orderTax(s.db, id);
      const line = t.items.find((i) => i.product_id === a.id)!;
      const one = await issue([{ order_item_id: line.id, quantity: 1 }], staff, 'Returned one', id);
      const two = await issue([{ order_item_id: line.id, quantity: 2 }], staff, 'Returned two', id);
      expect([one.error, two.error]).toEqual([null, null]);
      const [x] = await cnItems(one.data!.id);
      const [y] = await cnItems(two.data!.id);
      const lineCharged = charged(line);
      expect(x!.amount + y!.amount).toBe(lineCharged);
      expect(Math.abs(x!.amount - Math.round(lineCharged / 3))).toBeLessThanOrEqual(1);
      // The first credit is its own split; the last takes what the line has left, column by column.
      const [ref] = referenceSplit([{ amount: x!.amount, rate: 18 }], 0, 0, 'igst');
      expect(x).toMatchObject({
        taxable_value: ref!.taxable_value,
        igst: ref!.igst,
        cgst: 0,
        sgst: 0,
        utgst: 0,
      });
      expect([x!.taxable_value + y!.taxable_value, x!.igst + y!.igst]).toEqual([
        line.taxable_value,
        line.igst,
      ]);
      expect(y!.taxable_value + y!.igst).toBe(y!.amount);
    });

    it('refuses an order without an invoice, a bad reason, and anyone but a fresh admin', async () => {
      const before = await cnCount();
      const pending = await simpleOrder();
      const { data: items } = await asha.from('order_items').select('id').eq('order_id', pending);
      const r = await issue(
        [{ order_item_id: Number(items![0]!.id), quantity: 1 }],
        staff,
        'Returned',
        pending,
      );
      expect(r.error).toMatchObject({ details: 'invoice_not_found' });
      for (const reason of ['', 'ab', 'x'.repeat(501)])
        expect(
          (await issue([{ order_item_id: tableLine, quantity: 1 }], staff, reason)).error,
          reason,
        ).not.toBeNull();
      // A line of another order is not this order's.
      expect((await issue([{ order_item_id: Number(items![0]!.id), quantity: 1 }])).error).not.toBeNull();
      for (const [who, p] of [
        ['anon', undefined],
        ['customer', PEOPLE.customerA],
        ['pretender', PEOPLE.pretender],
        ['stale admin', PEOPLE.staleAdmin],
      ] as [string, Person | undefined][]) {
        const res = await issue([{ order_item_id: tableLine, quantity: 1 }], gstClient(s, p));
        expect(res.error, who).not.toBeNull();
      }
      expect(await cnCount()).toBe(before);
    });
  });

  describe('issued documents never change', () => {
    let inv: Invoice;
    let orderId: string;
    let itemId: number;
    let cnId: number;

    /** A shipped order of two units with a credit note for one. */
    async function documents() {
      const orderId = await simpleOrder(2750, 2);
      const inv = await ship(orderId);
      const itemId = (await orderTax(s.db, orderId)).items[0]!.id;
      const { data, error } = (await staff.rpc('admin_issue_credit_note', {
        order_id: orderId,
        items: [{ order_item_id: itemId, quantity: 1 }],
        reason: 'One chair returned unused',
      })) as RpcResult<{ id: number }>;
      expect(error).toBeNull();
      return { orderId, inv, itemId, cnId: Number(data!.id) };
    }

    beforeAll(async () => {
      ({ orderId, inv, itemId, cnId } = await documents());
    });

    const rowText = async (table: string, id: number) =>
      JSON.stringify((await s.db.query(`select * from public.${table} where id = $1`, [id])).rows[0]);

    it('the superuser cannot update or delete an invoice, a credit note or its lines', async () => {
      const before = [await rowText('invoices', inv.id), await rowText('credit_notes', cnId)];
      for (const sql of [
        'update public.invoices set total = total + 1 where id = $1',
        `update public.invoices set number = 'FC/0000/999999' where id = $1`,
        `update public.invoices set snapshot = '{}' where id = $1`,
        `update public.invoices set issued_at = now() - interval '1 day' where id = $1`,
        'delete from public.invoices where id = $1',
      ])
        await expect(s.db.query(sql, [inv.id]), sql).rejects.toThrow();
      for (const sql of [
        'update public.credit_notes set total = 0 where id = $1',
        `update public.credit_notes set reason = 'changed' where id = $1`,
        'delete from public.credit_notes where id = $1',
        'update public.credit_note_items set amount = 0 where credit_note_id = $1',
        'delete from public.credit_note_items where credit_note_id = $1',
      ])
        await expect(s.db.query(sql, [cnId]), sql).rejects.toThrow();
      expect([await rowText('invoices', inv.id), await rowText('credit_notes', cnId)]).toEqual(before);
    });

    it('no API role updates, deletes or inserts them: anon, customer, stale and fresh admin, service role', async () => {
      const before = [await rowText('invoices', inv.id), await rowText('credit_notes', cnId)];
      const clients: [string, SupabaseClient][] = [
        ['anon', gstClient(s)],
        ['customer', asha],
        ['stale admin', gstClient(s, PEOPLE.staleAdmin)],
        ['admin', staff],
        ['service role', service],
      ];
      for (const [who, c] of clients) {
        for (const [table, id, patch] of [
          ['invoices', inv.id, { total: 1 }],
          ['invoices', inv.id, { pdf_path: 'x/evil.pdf' }],
          ['credit_notes', cnId, { total: 1 }],
        ] as const) {
          const upd = await c.from(table).update(patch, { count: 'exact' }).eq('id', id);
          expect
            .soft(upd.error !== null || upd.count === 0, `${who} update ${table} ${JSON.stringify(patch)}`)
            .toBe(true);
          const del = await c.from(table).delete({ count: 'exact' }).eq('id', id);
          expect.soft(del.error !== null || del.count === 0, `${who} delete ${table}`).toBe(true);
        }
        const cni = await c.from('credit_note_items').delete({ count: 'exact' }).eq('credit_note_id', cnId);
        expect.soft(cni.error !== null || cni.count === 0, `${who} delete credit_note_items`).toBe(true);
        if (who !== 'service role') {
          const ins = await c.from('invoices').insert({ order_id: orderId, number: 'FC/2627/999999' });
          expect.soft(ins.error, `${who} insert`).not.toBeNull();
        }
      }
      expect([await rowText('invoices', inv.id), await rowText('credit_notes', cnId)]).toEqual(before);
    });

    it('the PDF path is set once, by the service role through set_document_pdf', async () => {
      // Documents of its own: the test above may have failed in a way that set a path.
      const { orderId, inv, cnId } = await documents();
      const path = `${orderId}/${inv.number.replaceAll('/', '-')}.pdf`;
      for (const c of [staff, asha]) {
        const r = await c.rpc('set_document_pdf', { kind: 'invoice', id: inv.id, path });
        expect(r.error).not.toBeNull();
      }
      expect((await invoicesOf(orderId))[0]!.pdf_path).toBeNull();
      for (const bad of ['../etc/passwd', `${orderId}/x.txt`, 'evil.pdf'])
        expect(
          (await service.rpc('set_document_pdf', { kind: 'invoice', id: inv.id, path: bad })).error,
          bad,
        ).not.toBeNull();
      const ok = await service.rpc('set_document_pdf', { kind: 'invoice', id: inv.id, path });
      expect(ok).toMatchObject({ error: null, data: path });
      expect((await invoicesOf(orderId))[0]!.pdf_path).toBe(path);
      // Once set, it stays: a second call answers with the path in force.
      const again = await service.rpc('set_document_pdf', {
        kind: 'invoice',
        id: inv.id,
        path: `${orderId}/other.pdf`,
      });
      expect(again).toMatchObject({ error: null, data: path });
      for (const v of ['other.pdf', null])
        await expect(
          s.db.query(`update public.invoices set pdf_path = $2 where id = $1`, [inv.id, v]),
          String(v),
        ).rejects.toThrow();
      expect((await invoicesOf(orderId))[0]!.pdf_path).toBe(path);

      const cnPath = `${orderId}/cn.pdf`;
      expect(
        await service.rpc('set_document_pdf', { kind: 'credit_note', id: cnId, path: cnPath }),
      ).toMatchObject({
        error: null,
        data: cnPath,
      });
      expect(
        await service.rpc('set_document_pdf', { kind: 'credit_note', id: cnId, path: `${orderId}/cn2.pdf` }),
      ).toMatchObject({ error: null, data: cnPath });
      expect(
        (
          await s.db.query<{ p: string }>('select pdf_path as p from public.credit_notes where id = $1', [
            cnId,
          ])
        ).rows[0]!.p,
      ).toBe(cnPath);
    });

    it('the order’s tax snapshot cannot change, not even for the superuser', async () => {
      const before = JSON.stringify(await orderTax(s.db, orderId));
      for (const [sql, v] of [
        [`update public.orders set tax_total = 0 where id = $1`, orderId],
        [`update public.orders set supply_type = 'igst' where id = $1`, orderId],
        [`update public.orders set place_of_supply = '27' where id = $1`, orderId],
        [
          `update public.orders set buyer_gstin = '27AAPFU0939F1ZV', buyer_legal_name = 'X' where id = $1`,
          orderId,
        ],
        [`update public.order_items set cgst = cgst + 1, sgst = sgst - 1 where id = $1`, itemId],
        [`update public.order_items set gst_rate = 5 where id = $1`, itemId],
        [`update public.order_items set hsn_code = '9401' where id = $1`, itemId],
        [
          `update public.order_items set taxable_value = taxable_value + 1, cgst = cgst - 1 where id = $1`,
          itemId,
        ],
        [
          `update public.order_items set discount_share = discount_share + 1, delivery_share = delivery_share + 1 where id = $1`,
          itemId,
        ],
      ] as const)
        await expect(s.db.query(sql, [v]), sql).rejects.toThrow();
      expect(JSON.stringify(await orderTax(s.db, orderId))).toBe(before);
    });
  });

  describe('orders placed before GST was recorded', () => {
    /** An order as the store had them before this issue: no tax snapshot, its state as typed then. */
    async function legacyOrder(state: string, pincode: string): Promise<string> {
      const p = await hsnProduct(s.db, 2360, '9403');
      const { rows } = await s.db.query<{ id: string }>(
        `insert into public.orders (user_id, payment_method, payment_id, subtotal, delivery_fee, discount, total,
           shipping_address, estimated_delivery_from, estimated_delivery_to, created_at)
         values ($1, 'cod', 'COD_1700000000000', 4720, 0, 0, 4720, $2::jsonb, current_date + 5, current_date + 7,
           now() - interval '2 days')
         returning id::text`,
        [
          PEOPLE.customerA.id,
          JSON.stringify({
            fullName: 'Asha Rao',
            email: 'asha@example.in',
            phone: '9845012345',
            address: '14, 3rd Cross',
            city: 'Somewhere',
            state,
            pincode,
          }),
        ],
      );
      const id = rows[0]!.id;
      await s.db.query(
        `insert into public.order_items (order_id, product_id, product_name, unit_price, quantity)
         values ($1, $2, 'Legacy chair', 2360, 2)`,
        [id, p.id],
      );
      return id;
    }

    for (const [state, pincode, code, supply] of [
      ['Karnataka', '560001', '29', 'cgst_sgst'],
      ['karnataka ', '560001', '29', 'cgst_sgst'],
      ['Orissa', '751001', '21', 'igst'],
    ] as const)
      it(`ships and invoices one whose state was typed "${state}": ${supply}`, async () => {
        const id = await legacyOrder(state, pincode);
        const { error } = await setStatus(id, 'shipped');
        expect(error).toBeNull();
        const [inv] = await invoicesOf(id);
        expect(inv).toMatchObject({ place_of_supply: code, supply_type: supply, total: 472000 });
        const t = await orderTax(s.db, id);
        expect(t.items[0]).toMatchObject({ gst_rate: 18, taxable_value: 400000 });
        expect(t.order.tax_total).toBe(72000);
      });
  });

  describe('who reads invoices and credit notes', () => {
    let ashaOrder: string;
    let bilalOrder: string;
    beforeAll(async () => {
      ashaOrder = await simpleOrder(3999, 2);
      const p = await hsnProduct(s.db, 3999);
      bilalOrder = await place([{ product_id: p.id, quantity: 2 }], ADDRESS.MH, {}, bilal);
      for (const o of [ashaOrder, bilalOrder]) {
        await ship(o);
        const item = (await orderTax(s.db, o)).items[0]!.id;
        const r = await staff.rpc('admin_issue_credit_note', {
          order_id: o,
          items: [{ order_item_id: item, quantity: 1 }],
          reason: 'Returned for the RLS check',
        });
        expect(r.error).toBeNull();
      }
    });

    const seen = async (c: SupabaseClient) => {
      const orders = [ashaOrder, bilalOrder];
      const inv = await c.from('invoices').select('order_id').in('order_id', orders);
      const cn = await c.from('credit_notes').select('order_id, id').in('order_id', orders);
      const ids = (cn.data ?? []).map((r) => r.id as number);
      const cni = ids.length
        ? await c.from('credit_note_items').select('credit_note_id').in('credit_note_id', ids)
        : { data: [], error: null };
      const who = (rows: { order_id: string }[] | null) =>
        (rows ?? [])
          .map((r) => (r.order_id === ashaOrder ? 'asha' : 'bilal'))
          .sort()
          .join(',');
      return {
        invoices: inv.error ? 'error' : who(inv.data),
        credit_notes: cn.error ? 'error' : who(cn.data),
        items: cni.error ? 'error' : (cni.data ?? []).length,
      };
    };

    it('anon: nothing', async () => {
      const r = await seen(gstClient(s));
      expect(r.invoices === '' || r.invoices === 'error').toBe(true);
      expect(r.credit_notes === '' || r.credit_notes === 'error').toBe(true);
    });
    it('a customer: their own only', async () => {
      expect(await seen(asha)).toEqual({ invoices: 'asha', credit_notes: 'asha', items: 1 });
      expect(await seen(bilal)).toEqual({ invoices: 'bilal', credit_notes: 'bilal', items: 1 });
      expect(await seen(gstClient(s, PEOPLE.pretender))).toEqual({
        invoices: '',
        credit_notes: '',
        items: 0,
      });
    });
    it('staff (a stale admin too), and the service role: all', async () => {
      for (const c of [staff, gstClient(s, PEOPLE.staleAdmin), service])
        expect(await seen(c)).toEqual({ invoices: 'asha,bilal', credit_notes: 'asha,bilal', items: 2 });
    });
  });

  describe('the GST register (admin_gst_register)', () => {
    let invOct: Invoice;
    let invNov: Invoice;
    let cnNov: { id: number; number: string };
    let orderNov: string;
    const register = (from: string, to: string, client = staff) =>
      client.rpc('admin_gst_register', { from_date: from, to_date: to }) as unknown as Promise<
        RpcResult<RegisterRow[]>
      >;

    beforeAll(async () => {
      const orderOct = await simpleOrder(4100, 1, ADDRESS.MH, {
        buyer_gstin: '27AAPFU0939F1ZV',
        buyer_legal_name: 'Rao Interiors LLP',
      });
      invOct = await ship(orderOct);
      const a = await hsnProduct(s.db, 1500, '9403');
      const b = await hsnProduct(s.db, 2100, '94038200');
      orderNov = await place(
        [
          { product_id: a.id, quantity: 2 },
          { product_id: b.id, quantity: 1 },
        ],
        ADDRESS.KA,
      );
      invNov = await ship(orderNov);
      const item = (await orderTax(s.db, orderNov)).items[0]!.id;
      const r = await staff.rpc('admin_issue_credit_note', {
        order_id: orderNov,
        items: [{ order_item_id: item, quantity: 1 }],
        reason: 'Returned for the register',
      });
      expect(r.error).toBeNull();
      cnNov = r.data as { id: number; number: string };
      // Fixture dates (their issue times set as the superuser with triggers off): the last second of
      // 31 October and the first of 1 November, India time.
      await backdate(s.db, 'invoices', invOct.id, '2026-10-31T18:29:59Z');
      await backdate(s.db, 'invoices', invNov.id, '2026-10-31T18:30:00Z');
      await backdate(s.db, 'credit_notes', cnNov.id, '2026-11-01T18:29:59Z');
    });

    it('one row per line of each document in the range, by the day in India, amounts positive', async () => {
      const oct = await register('2026-10-01', '2026-10-31');
      expect(oct.error).toBeNull();
      expect(oct.data!.map((r) => r.document_number)).toEqual([invOct.number]);
      expect(oct.data![0]).toMatchObject({
        document_type: 'invoice',
        document_date: '2026-10-31',
        invoice_number: invOct.number,
        is_b2b: true,
        buyer_gstin: '27AAPFU0939F1ZV',
        buyer_legal_name: 'Rao Interiors LLP',
        recipient_name: 'Asha Rao',
        place_of_supply: '27',
        place_of_supply_name: 'Maharashtra',
        supply_type: 'igst',
        hsn_code: '9403',
        gst_rate: 18,
        quantity: 1,
        cgst: 0,
        sgst: 0,
        utgst: 0,
        total: 4100,
      });
      expect(paise(oct.data![0]!.taxable_value) + paise(oct.data![0]!.igst)).toBe(410000);

      const nov1 = await register('2026-11-01', '2026-11-01');
      expect(nov1.error).toBeNull();
      const t = await orderTax(s.db, orderNov);
      const invRows = nov1.data!.filter((r) => r.document_type === 'invoice');
      expect(invRows.map((r) => r.document_number)).toEqual([invNov.number, invNov.number]);
      expect(
        invRows
          .map((r) => [
            r.hsn_code,
            r.gst_rate,
            r.quantity,
            paise(r.taxable_value),
            paise(r.cgst),
            paise(r.sgst),
            paise(r.total),
          ])
          .sort(),
      ).toEqual(
        t.items
          .map((i) => [i.hsn_code, i.gst_rate, i.quantity, i.taxable_value, i.cgst, i.sgst, charged(i)])
          .sort(),
      );
      expect(
        invRows.every((r) => r.document_date === '2026-11-01' && r.order_number === t.order.order_number),
      ).toBe(true);
      const cnRows = nov1.data!.filter((r) => r.document_type === 'credit_note');
      expect(cnRows).toHaveLength(1);
      expect(cnRows[0]).toMatchObject({
        document_number: cnNov.number,
        document_date: '2026-11-01',
        invoice_number: invNov.number,
        quantity: 1,
        total: 1500,
      });
      expect(paise(cnRows[0]!.taxable_value)).toBeGreaterThan(0);
      expect(paise(cnRows[0]!.cgst)).toBeGreaterThan(0);

      const both = await register('2026-10-31', '2026-11-02');
      expect(new Set(both.data!.map((r) => r.document_number))).toEqual(
        new Set([invOct.number, invNov.number, cnNov.number]),
      );
      expect((await register('2026-11-02', '2026-11-30')).data!.map((r) => r.document_number)).not.toContain(
        invNov.number,
      );
    });

    it('pages by keyset, whole documents per page, until an empty page', async () => {
      const all = (await register('2026-10-31', '2026-11-02')).data!;
      const paged: RegisterRow[] = [];
      let after: { after_issued_at: string; after_number: string } | undefined;
      for (let i = 0; i < 10; i++) {
        const { data, error } = await staff.rpc('admin_gst_register', {
          from_date: '2026-10-31',
          to_date: '2026-11-02',
          max_rows: 1,
          ...after,
        });
        expect(error).toBeNull();
        if (data!.length === 0) break;
        const rows = data as unknown as RegisterRow[];
        expect(new Set(rows.map((r) => r.document_number)).size, 'one document a page').toBe(1);
        paged.push(...rows);
        const last = rows[rows.length - 1]!;
        after = { after_issued_at: last.issued_at, after_number: last.document_number };
      }
      expect(paged).toEqual(all);
      expect(new Set(paged.map((r) => r.document_number)).size).toBe(3);
    });

    it('refuses anyone but staff; a stale admin still reads, as with every staff read', async () => {
      for (const [who, p] of [
        ['anon', undefined],
        ['customer', PEOPLE.customerA],
        ['pretender', PEOPLE.pretender],
      ] as [string, Person | undefined][]) {
        const r = await register('2026-10-01', '2026-11-30', gstClient(s, p));
        expect(r.error, who).not.toBeNull();
      }
      const stale = await register('2026-10-01', '2026-11-30', gstClient(s, PEOPLE.staleAdmin));
      expect(stale.error).toBeNull();
      expect(stale.data!.length).toBeGreaterThan(0);
    });
  });

  it(`[${kind}] every invoice number of this run is unique and the series has no gap`, async () => {
    const { rows } = await s.db.query<{ number: string }>(
      'select number from public.invoices where financial_year = $1 order by number',
      [NOW_FY.fy],
    );
    expect(rows.map((r) => seqOf(r.number))).toEqual(rows.map((_, i) => i + 1));
  });
});
