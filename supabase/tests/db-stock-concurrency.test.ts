/**
 * place_order never oversells a variant (issue 16): 50 customers at once, over HTTP, for the last 5
 * units of one variant of a sofa — exactly 5 orders go through, the refusals say why, the sofa's other
 * variants are untouched, and the ledger adds up (stock = sum of movements, 5 sales). The same for
 * online orders, which hold instead of selling. Meant for PostgreSQL (real concurrent transactions);
 * on PGlite, whose one connection runs them one after another, it checks the same outcome.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  shippingAddress,
  storeClient,
  type Person,
} from './support/store.ts';
import { movementsOf, optionedProduct, stockOf, uniq, type MadeProduct } from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

type Client = SupabaseClient<Database>;

const BUYERS: Person[] = Array.from({ length: 50 }, (_, i) => ({
  id: `c0000000-0000-4000-8000-${String(900000000000 + i)}`,
  email: `buyer${i}@example.in`,
  userMetadata: { full_name: `Buyer ${i}` },
}));

forEachStoreServer('stock under concurrency', ({ kind, server }) => {
  let s: TestServer;
  let clients: Client[];

  beforeAll(async () => {
    s = server();
    await addPeople(s.db, [...BUYERS, PEOPLE.admin]);
    await liftRateLimits(s.db);
    clients = BUYERS.map((b) => storeClient(s, b));
  }, 60_000);

  async function sofa(): Promise<MadeProduct> {
    const p = uniq('RACE');
    return optionedProduct(
      s.db,
      [
        { name: 'Fabric', values: ['Grey linen', 'Teal velvet'] },
        { name: 'Configuration', values: ['3-seater', 'L-shape'] },
      ],
      [
        { sku: `${p}-GL-3S`, values: ['Grey linen', '3-seater'], price: 2499, stock: 8 },
        { sku: `${p}-GL-LS`, values: ['Grey linen', 'L-shape'], price: 3499, stock: 5 },
        { sku: `${p}-TV-3S`, values: ['Teal velvet', '3-seater'], price: 2799, stock: 7 },
      ],
      `Last Five Sofa ${uniq('')}`,
    );
  }

  async function race(p: MadeProduct, target: number, payment_method: 'cod' | 'razorpay') {
    const others = Object.values(p.variants).filter((v) => v !== target);
    const before = await Promise.all(
      others.map(async (v) => [await stockOf(s.db, v), await movementsOf(s.db, v)]),
    );
    const results = await Promise.all(
      clients.map((c) =>
        c.rpc('place_order', {
          items: [{ variant_id: target, quantity: 1 }],
          shipping_address: shippingAddress(),
          payment_method,
          idempotency_key: uniq('race-'),
        }),
      ),
    );
    const ok = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(ok).toHaveLength(5);
    for (const r of refused) {
      expect(['out_of_stock', 'insufficient_stock'], JSON.stringify(r.error)).toContain(r.error!.details);
      expect(r.error!.hint).toBe(String(target));
    }
    const after = await Promise.all(
      others.map(async (v) => [await stockOf(s.db, v), await movementsOf(s.db, v)]),
    );
    expect(after).toEqual(before);
    const { rows } = await s.db.query<{ lines: string; units: string; orders: string }>(
      `select count(*)::text as lines, coalesce(sum(quantity), 0)::text as units, count(distinct order_id)::text as orders
       from public.order_items where variant_id = $1`,
      [target],
    );
    expect(rows[0]).toEqual({ lines: '5', units: '5', orders: '5' });
    return ok.map((r) => r.data!.id);
  }

  it(`sells exactly the last 5 units of a variant to 50 concurrent cash orders [${kind}]`, async () => {
    const p = await sofa();
    const target = Object.values(p.variants)[1]!;
    const orders = await race(p, target, 'cod');
    expect(await stockOf(s.db, target)).toEqual({
      stock_quantity: 0,
      available_quantity: 0,
      reserved_quantity: 0,
    });
    const moves = await movementsOf(s.db, target);
    expect(moves.map((m) => [m.reason, m.quantity])).toEqual([
      ['receipt', 5],
      ...orders.map(() => ['sale', -1]),
    ]);
    expect(moves.reduce((sum, m) => sum + m.quantity, 0)).toBe(0);
    expect(new Set(moves.filter((m) => m.reason === 'sale').map((m) => m.order_id))).toEqual(new Set(orders));
    // Balances after each sale count down 4..0: no two sales saw the same stock.
    expect(
      moves
        .slice(1)
        .map((m) => m.balance_after)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    const { rows } = await s.db.query<{ stock_quantity: number; in_stock: boolean }>(
      'select stock_quantity, in_stock from public.products where id = $1',
      [p.id],
    );
    expect(rows[0]).toEqual({ stock_quantity: 15, in_stock: true });
  }, 120_000);

  it(`never deadlocks orders that take variants of two products in opposite product order [${kind}]`, async () => {
    // Variant ids interleave the products: a1 < b1 < b2 < a3, a1 and a3 of A, b1 and b2 of B. An
    // order of (a1, b1) locks A's summary row before B's; an order of (b2, a3) B's before A's.
    const a = await optionedProduct(
      s.db,
      [{ name: 'Finish', values: ['Teak', 'Walnut', 'Oak'] }],
      [
        { sku: uniq('DLA-T'), values: ['Teak'], price: 999, stock: 100 },
        { sku: uniq('DLA-W'), values: ['Walnut'], price: 999, stock: 100 },
      ],
    );
    const b = await optionedProduct(
      s.db,
      [{ name: 'Finish', values: ['Teak', 'Walnut'] }],
      [
        { sku: uniq('DLB-T'), values: ['Teak'], price: 999, stock: 100 },
        { sku: uniq('DLB-W'), values: ['Walnut'], price: 999, stock: 100 },
      ],
    );
    const a3 = await s.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.product_variants (product_id, sku, price) values ($1, $2, 999) returning id`,
        [a.id, uniq('DLA-O')],
      );
      await tx.query(
        'insert into public.variant_option_values (variant_id, option_id, value_id) values ($1, $2, $3)',
        [rows[0]!.id, a.options.Finish, a.values['Finish:Oak']],
      );
      return Number(rows[0]!.id);
    });
    await s.db.query(
      `insert into public.stock_movements (variant_id, quantity, reason) values ($1, 100, 'receipt')`,
      [a3],
    );
    const [a1] = Object.values(a.variants);
    const [b1, b2] = Object.values(b.variants);
    expect(a1! < b1! && b2! < a3).toBe(true);
    const results = await Promise.all(
      clients.map((c, i) =>
        c.rpc('place_order', {
          items:
            i % 2 === 0
              ? [
                  { variant_id: a1!, quantity: 1 },
                  { variant_id: b1!, quantity: 1 },
                ]
              : [
                  { variant_id: b2!, quantity: 1 },
                  { variant_id: a3, quantity: 1 },
                ],
          shipping_address: shippingAddress(),
          payment_method: 'cod',
          idempotency_key: uniq('cross-'),
        }),
      ),
    );
    expect(results.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    for (const [v, left] of [
      [a1!, 75],
      [b1!, 75],
      [b2!, 75],
      [a3, 75],
    ] as const)
      expect((await stockOf(s.db, v)).stock_quantity).toBe(left);

    // Cancelling them all at once gives the stock back in the same crossing orders.
    const cancelled = await Promise.all(
      results.map((r, i) => clients[i]!.rpc('cancel_order', { order_id: r.data!.id })),
    );
    expect(cancelled.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    // Staff adjusting the same variants in crossing orders, many times at once.
    const staff = storeClient(s, PEOPLE.admin);
    const adjusted = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.rpc('admin_adjust_stock', {
          changes:
            i % 2 === 0
              ? [
                  { variant_id: a1!, quantity_change: 1 },
                  { variant_id: b1!, quantity_change: 1 },
                ]
              : [
                  { variant_id: a3, quantity_change: 1 },
                  { variant_id: b2!, quantity_change: 1 },
                ],
          reason: 'receipt',
        }),
      ),
    );
    expect(adjusted.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    for (const v of [a1!, b1!, b2!, a3]) expect((await stockOf(s.db, v)).stock_quantity).toBe(110);
  }, 120_000);

  it(`never deadlocks staff repricing a variant while customers order it [${kind}]`, async () => {
    // A staff edit takes the variant's row and then its product's summary row (the summary trigger);
    // checkout takes the variants and then the products, so the two queue instead of deadlocking.
    const p = await optionedProduct(
      s.db,
      [{ name: 'Finish', values: ['Teak', 'Walnut'] }],
      [
        { sku: uniq('RP-T'), values: ['Teak'], price: 999, stock: 100 },
        { sku: uniq('RP-W'), values: ['Walnut'], price: 1500, stock: 100 },
      ],
    );
    const [teak] = Object.values(p.variants);
    const staff = storeClient(s, PEOPLE.admin);
    const [orders, edits] = await Promise.all([
      Promise.all(
        clients.slice(0, 25).map((c) =>
          c.rpc('place_order', {
            items: [{ variant_id: teak!, quantity: 1 }],
            shipping_address: shippingAddress(),
            payment_method: 'cod',
            idempotency_key: uniq('reprice-'),
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          staff
            .from('product_variants')
            .update({ price: i % 2 === 0 ? 1099 : 999 })
            .eq('id', teak!),
        ),
      ),
    ]);
    expect(orders.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    expect(edits.filter((r) => r.error !== null).map((r) => r.error)).toEqual([]);
    expect((await stockOf(s.db, teak!)).stock_quantity).toBe(75);
  }, 120_000);

  describe('online orders', () => {
    beforeAll(async () => {
      // Each buyer may have two unpaid online orders: the first race left none.
      await s.db.query(`update public.store_settings set max_unpaid_online_orders = 5`);
    });

    it(`holds exactly the last 5 units for 50 concurrent online orders, selling nothing yet [${kind}]`, async () => {
      const p = await sofa();
      const target = Object.values(p.variants)[1]!;
      const orders = await race(p, target, 'razorpay');
      expect(await stockOf(s.db, target)).toEqual({
        stock_quantity: 5,
        available_quantity: 0,
        reserved_quantity: 5,
      });
      const moves = await movementsOf(s.db, target);
      expect(moves.map((m) => [m.reason, m.quantity, m.reserved_change])).toEqual([
        ['receipt', 5, 0],
        ...orders.map(() => ['reservation', 0, 1]),
      ]);
      const { rows } = await s.db.query<{ n: string }>(
        `select count(*)::text as n from public.stock_reservations where variant_id = $1 and status = 'active'`,
        [target],
      );
      expect(rows[0]!.n).toBe('5');
    }, 120_000);
  });
});
