/**
 * Invoice and credit-note numbers under concurrency (issue 18): 50 orders shipped at once over HTTP by
 * staff (admin_set_order_status → shipped), while 10 other dispatches take a number inside their
 * transaction and then roll back, get invoices numbered exactly 1..50 of this financial year — no gap,
 * no duplicate, one per order — and the rolled-back orders none; shipping those afterwards continues
 * at 51. And 20 one-unit credit notes racing for a 3-unit line: 3 are issued (FCCN/…/000001..3, adding
 * up to what the line charged), the rest refused with credit_exceeds_invoice. Meant for PostgreSQL (real concurrent transactions on a pool); on PGlite, whose one
 * connection runs them one after another, it checks the same outcome.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { addPeople, forEachStoreServer, liftRateLimits, PEOPLE } from './support/store.ts';
import { ADDRESS, financialYear, gstClient, hsnProduct } from './support/gst.ts';
import { uniq } from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

const FY = financialYear(new Date());
const number = (n: number) => `FC/${FY.fy4}/${String(n).padStart(6, '0')}`;

forEachStoreServer('GST invoice numbers under concurrent dispatches', ({ kind, server }) => {
  let s: TestServer;
  let asha: SupabaseClient;
  let staff: SupabaseClient;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db, [PEOPLE.customerA, PEOPLE.admin]);
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = gstClient(s, PEOPLE.customerA);
    staff = gstClient(s, PEOPLE.admin);
  }, 60_000);

  async function orders(n: number): Promise<string[]> {
    const p = await hsnProduct(s.db, 3250, '9403', 1000);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { data, error } = await asha.rpc('place_order', {
        items: [{ product_id: p.id, quantity: 1 }],
        shipping_address: i % 2 ? ADDRESS.MH : ADDRESS.KA,
        payment_method: 'cod',
        idempotency_key: uniq('dispatch-'),
      });
      expect(error).toBeNull();
      ids.push((data as { id: string }).id);
    }
    return ids;
  }

  const invoiceNumbers = async (ids: string[]) =>
    (
      await s.db.query<{ order_id: string; number: string; financial_year: string }>(
        `select order_id::text, number, financial_year from public.invoices where order_id = any ($1::uuid[])`,
        [ids],
      )
    ).rows;

  it(`numbers 50 concurrent dispatches 1..50, with rolled-back dispatches among them leaving no gap [${kind}]`, async () => {
    const shipped = await orders(50);
    const rolledBack = await orders(10);

    const dispatches = shipped.map((id) =>
      staff.rpc('admin_set_order_status', { order_id: id, status: 'shipped' }),
    );
    // A dispatch that takes its number and then fails in the same transaction.
    const failures = rolledBack.map((id) =>
      s.db
        .transaction(async (tx) => {
          await tx.query(`update public.orders set status = 'shipped' where id = $1`, [id]);
          const { rows } = await tx.query('select 1 from public.invoices where order_id = $1', [id]);
          if (rows.length !== 1) throw new Error('no invoice inside the dispatch');
          throw new Error('label printer jammed');
        })
        .then(
          () => 'committed',
          (e: Error) => e.message,
        ),
    );
    const [results, failed] = await Promise.all([Promise.all(dispatches), Promise.all(failures)]);
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    expect(failed).toEqual(rolledBack.map(() => 'label printer jammed'));

    const rows = await invoiceNumbers(shipped);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(50);
    expect(rows.every((r) => r.financial_year === FY.fy)).toBe(true);
    expect(rows.map((r) => r.number).sort()).toEqual(Array.from({ length: 50 }, (_, i) => number(i + 1)));

    expect(await invoiceNumbers(rolledBack)).toEqual([]);
    const { rows: still } = await s.db.query<{ status: string }>(
      'select distinct status::text from public.orders where id = any ($1::uuid[])',
      [rolledBack],
    );
    expect(still).toEqual([{ status: 'pending' }]);

    // Shipping those now continues the series: 51..60, all 60 numbers used once.
    const later = await Promise.all(
      rolledBack.map((id) => staff.rpc('admin_set_order_status', { order_id: id, status: 'shipped' })),
    );
    expect(later.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    expect((await invoiceNumbers(rolledBack)).map((r) => r.number).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => number(51 + i)),
    );
    const { rows: all } = await s.db.query<{ n: string; d: string }>(
      'select count(*)::text as n, count(distinct number)::text as d from public.invoices',
    );
    expect(all[0]).toEqual({ n: '60', d: '60' });
  }, 180_000);

  it(`credits a 3-unit line exactly 3 times when 20 one-unit credit notes race, numbered without a gap [${kind}]`, async () => {
    const p = await hsnProduct(s.db, 1999.99, '9403', 100);
    const placed = await asha.rpc('place_order', {
      items: [{ product_id: p.id, quantity: 3 }],
      shipping_address: ADDRESS.KA,
      payment_method: 'cod',
      idempotency_key: uniq('credit-race-'),
    });
    expect(placed.error).toBeNull();
    const orderId = (placed.data as { id: string }).id;
    expect(
      (await staff.rpc('admin_set_order_status', { order_id: orderId, status: 'shipped' })).error,
    ).toBeNull();
    const { rows: items } = await s.db.query<{ id: string; charged: string }>(
      `select id::text, (taxable_value + cgst + sgst + utgst + igst)::text as charged
       from public.order_items where order_id = $1`,
      [orderId],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.rpc('admin_issue_credit_note', {
          order_id: orderId,
          items: [{ order_item_id: Number(items[0]!.id), quantity: 1 }],
          reason: `Race return ${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.error === null);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.error !== null))
      expect(r.error).toMatchObject({ details: 'credit_exceeds_invoice' });
    const { rows } = await s.db.query<{ number: string; total: string }>(
      'select number, total::text from public.credit_notes where order_id = $1 order by number',
      [orderId],
    );
    expect(rows.map((r) => r.number)).toEqual(
      [1, 2, 3].map((n) => `FCCN/${FY.fy4}/${String(n).padStart(6, '0')}`),
    );
    const credited = rows.reduce((a, r) => a + Math.round(Number(r.total) * 100), 0);
    expect(credited).toBe(Math.round(Number(items[0]!.charged) * 100));
  }, 120_000);
});
