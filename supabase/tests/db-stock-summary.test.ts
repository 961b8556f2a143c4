/**
 * The ledger, the variants' stock and the product's summary agree (issue 22 target 4), over HTTP with
 * supabase-js on PGlite and PostgreSQL. A receipt or adjustment that leaves a variant orderable
 * moves the product's stock_quantity by the same difference (private.product_variants_summarize's
 * short path, 20261203100200); a sale that does leaves it to private.refresh_product_stock() (the
 * refresh-product-stock job, 20261207100000); price, activation and orderability changes recompute
 * the summary from the active variants. After each step: every variant's stock = the sum of its
 * movements; in_stock = some active variant can be ordered, and the price figures and variant count
 * are those of the active variants, at once; the product's stock_quantity is never below the sum of
 * its active variants' stock, and equal to it once the job has run.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import type { Database, Json } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import {
  ledgerMismatches,
  movementsOf,
  optionedProduct,
  receive,
  uniq,
  type MadeProduct,
} from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

type Client = SupabaseClient<Database>;

interface Summary {
  stock_quantity: number;
  in_stock: boolean;
  price: string;
  price_max: string;
  variant_count: number;
}

forEachStoreServer('stock: the ledger, the variants and the product summary agree', ({ server, kind }) => {
  let s: TestServer;
  let asha: Client;
  let bilal: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    await s.db.query('update public.store_settings set cod_max_order_total = 9999999');
    asha = storeClient(s, PEOPLE.customerA);
    bilal = storeClient(s, PEOPLE.customerB);
  });

  function place(client: Client, items: { [key: string]: Json | undefined }[]) {
    return client.rpc('place_order', {
      items,
      shipping_address: shippingAddress(),
      payment_method: 'cod',
      idempotency_key: uniq('summary-'),
    });
  }

  /** The product's summary, after checking it against its variants and the ledger. */
  async function summary(p: MadeProduct): Promise<Summary> {
    expect(await ledgerMismatches(s.db)).toEqual([]);
    const now = await read(p);
    expect({ ...now.kept, stock_quantity: now.recount.stock_quantity }).toEqual(now.recount);
    expect(now.kept.stock_quantity).toBeGreaterThanOrEqual(now.recount.stock_quantity);
    await s.db.query('select private.refresh_product_stock()');
    const { kept, recount } = await read(p);
    expect(kept).toEqual(recount);
    return kept;
  }
  /** The kept summary and the same figures counted from the active variants. */
  async function read(p: MadeProduct): Promise<{ kept: Summary; recount: Summary }> {
    const { rows } = await s.db.query<Summary & { recount: Summary }>(
      `select p.stock_quantity, p.in_stock, p.price::text as price, p.price_max::text as price_max, p.variant_count,
         json_build_object(
           'stock_quantity', coalesce(sum(v.stock_quantity) filter (where v.is_active), 0)::integer,
           'in_stock', coalesce(bool_or(v.is_active and (v.made_to_order or v.stock_quantity > 0)), false),
           'price', min(v.price) filter (where v.is_active)::text,
           'price_max', max(v.price) filter (where v.is_active)::text,
           'variant_count', (count(*) filter (where v.is_active))::integer
         ) as recount
       from public.products as p
       join public.product_variants as v on v.product_id = p.id
       where p.id = $1
       group by p.id`,
      [p.id],
    );
    const { recount, ...kept } = rows[0]!;
    return { kept, recount };
  }
  const stocks = async (p: MadeProduct) =>
    (
      await s.db.query<{ stock_quantity: number }>(
        'select stock_quantity from public.product_variants where product_id = $1 order by id',
        [p.id],
      )
    ).rows.map((r) => r.stock_quantity);

  it(`multi-line orders, a refusal, concurrent checkouts, selling out, receipts, reprices and deactivation [${kind}]`, async () => {
    const code = uniq('SM');
    const p = await optionedProduct(
      s.db,
      [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      [
        { sku: `${code}-S`, values: ['S'], price: 10000, stock: 5 },
        { sku: `${code}-M`, values: ['M'], price: 12000, original_price: 15000, stock: 5 },
        { sku: `${code}-L`, values: ['L'], price: 15000, stock: 5 },
        { sku: `${code}-XL`, values: ['XL'], price: 18000, stock: 0 },
      ],
    );
    const [v0, v1, v2, v3] = Object.values(p.variants) as [number, number, number, number];
    expect(await summary(p)).toMatchObject({ stock_quantity: 15, in_stock: true, variant_count: 4 });

    // The same variant on two lines and two other variants: one sale per variant, in one order.
    const first = await place(asha, [
      { variant_id: v0, quantity: 1 },
      { variant_id: v0, quantity: 2 },
      { variant_id: v1, quantity: 1 },
      { variant_id: v2, quantity: 1 },
    ]);
    expect(first.error).toBeNull();
    expect(await stocks(p)).toEqual([2, 4, 4, 0]);
    expect((await movementsOf(s.db, v0)).at(-1)).toEqual({
      reason: 'sale',
      quantity: -3,
      reserved_change: 0,
      balance_after: 2,
      order_id: first.data!.id,
    });
    expect(await summary(p)).toMatchObject({ stock_quantity: 10, in_stock: true });

    // Refused: a checkout whose second line is short, and a ledger insert whose second row would go
    // below zero. Nothing of either stays.
    const short = await place(bilal, [
      { variant_id: v1, quantity: 1 },
      { variant_id: v2, quantity: 5 },
    ]);
    expect(short.error).toMatchObject({ details: 'insufficient_stock', hint: String(v2) });
    await expect(
      s.db.query(
        `insert into public.stock_movements (variant_id, quantity, reason, note)
         values ($1, -1, 'adjustment', 'first row'), ($2, -99, 'adjustment', 'second row')`,
        [v0, v1],
      ),
    ).rejects.toThrow();
    expect(await stocks(p)).toEqual([2, 4, 4, 0]);
    expect(await summary(p)).toMatchObject({ stock_quantity: 10, in_stock: true });

    // Eight concurrent checkouts of M and L (4 of each left): four are sold, four refused.
    const race = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        place(i % 2 === 0 ? asha : bilal, [
          { variant_id: v2, quantity: 1 },
          { variant_id: v1, quantity: 1 },
        ]),
      ),
    );
    expect(race.filter((r) => r.error === null)).toHaveLength(4);
    expect(race.filter((r) => r.error !== null).map((r) => r.error!.details)).toEqual(
      Array.from({ length: 4 }, () => 'out_of_stock'),
    );
    expect(await stocks(p)).toEqual([2, 0, 0, 0]);
    expect(await summary(p)).toMatchObject({ stock_quantity: 2, in_stock: true });

    // The last units: the product is out of stock; a receipt brings it back.
    expect((await place(bilal, [{ variant_id: v0, quantity: 2 }])).error).toBeNull();
    expect(await summary(p)).toMatchObject({ stock_quantity: 0, in_stock: false });
    await receive(s.db, v2, 3);
    await receive(s.db, v2, 2);
    expect(await summary(p)).toMatchObject({ stock_quantity: 5, in_stock: true });

    // Reprices recompute the price figures; the stock stays.
    await s.db.query('update public.product_variants set price = 9000 where id = $1', [v1]);
    await s.db.query(
      'update public.product_variants set price = 19000, original_price = 21000 where id = $1',
      [v3],
    );
    expect(await summary(p)).toEqual({
      stock_quantity: 5,
      in_stock: true,
      price: '9000.00',
      price_max: '19000.00',
      variant_count: 4,
    });

    // An inactive variant's stock is not the product's: deactivating L (the only one with stock)
    // takes it out, a receipt to it changes nothing, reactivating it brings both back.
    await s.db.query('update public.product_variants set is_active = false where id = $1', [v2]);
    expect(await summary(p)).toMatchObject({ stock_quantity: 0, in_stock: false, variant_count: 3 });
    await receive(s.db, v2, 1);
    expect(await summary(p)).toMatchObject({ stock_quantity: 0, in_stock: false, variant_count: 3 });
    await s.db.query('update public.product_variants set is_active = true where id = $1', [v2]);
    expect(await summary(p)).toMatchObject({ stock_quantity: 6, in_stock: true, variant_count: 4 });
    expect(await stocks(p)).toEqual([0, 0, 6, 0]);
  }, 120_000);
});
