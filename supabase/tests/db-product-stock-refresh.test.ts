/**
 * A product's stock total after a sale (issue 22, place_order ≥ 500 orders/s): the sale moves its
 * variants' stock through the ledger and leaves the product's total (products.stock_quantity, the sum
 * of its active variants' stock) to private.refresh_product_stock(), which pg_cron runs every 30
 * seconds (refresh-product-stock) and over every product nightly (refresh-product-stock-all). Through
 * supabase-js over HTTP against the real migrations and seed, on PGlite and PostgreSQL: a sale leaves
 * the total until the refresh, which makes it exact; selling a product out flips in_stock and its
 * total in the sale itself; a staff adjustment keeps the total in its own transaction. On PostgreSQL
 * (real concurrent transactions): a sale whose transaction began before a run and committed after it
 * is folded in by the next run (the run's mark is the oldest open transaction's start), and a run
 * skips a product another transaction holds instead of waiting, and folds it in later. Every suite
 * also checks, before its database goes away, that every product's total equals its variants' stock
 * after a run (support/store.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Queryable } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../shared/src/types/database.ts';
import { ADDRESS } from './support/gst.ts';
import { addPeople, forEachStoreServer, liftRateLimits, PEOPLE, storeClient } from './support/store.ts';
import { plainProduct, stockOf, uniq } from './support/variants.ts';

type Client = SupabaseClient<Database>;

const productOf = async (db: Queryable, id: number) =>
  (
    await db.query<{ stock_quantity: number; in_stock: boolean }>(
      'select stock_quantity, in_stock from public.products where id = $1',
      [id],
    )
  ).rows[0]!;

const refresh = async (db: Queryable, all = false) =>
  Number((await db.query<{ n: number }>('select private.refresh_product_stock($1) as n', [all])).rows[0]!.n);

forEachStoreServer('product stock totals after sales', ({ kind, server }) => {
  let s: TestServer;
  let asha: Client;
  let staff: Client;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db); // PEOPLE.admin is an owner
    await liftRateLimits(s.db);
    asha = storeClient(s, PEOPLE.customerA);
    staff = storeClient(s, PEOPLE.admin);
  });

  const buy = async (productId: number, quantity: number) => {
    const { error } = await asha.rpc('place_order', {
      items: [{ product_id: productId, quantity }],
      shipping_address: ADDRESS.KA,
      payment_method: 'cod',
      idempotency_key: uniq('psr-'),
    });
    expect(error).toBeNull();
  };

  it(`a sale leaves the product's total to the refresh, which makes it the variants' sum [${kind}]`, async () => {
    const p = await plainProduct(s.db, { stock: 10 });
    await refresh(s.db);
    await buy(p.id, 3);
    // The sale itself is exact on the variant; the product's total waits for the job.
    expect((await stockOf(s.db, p.variantId)).stock_quantity).toBe(7);
    expect(await productOf(s.db, p.id)).toEqual({ stock_quantity: 10, in_stock: true });
    expect(await refresh(s.db)).toBeGreaterThanOrEqual(1);
    expect(await productOf(s.db, p.id)).toEqual({ stock_quantity: 7, in_stock: true });
    // Nothing left to fold in.
    expect(await refresh(s.db)).toBe(0);
  });

  it(`selling a product out flips in_stock and its total in the sale itself [${kind}]`, async () => {
    const p = await plainProduct(s.db, { stock: 2 });
    await buy(p.id, 2);
    expect(await productOf(s.db, p.id)).toEqual({ stock_quantity: 0, in_stock: false });
  });

  it(`a staff adjustment moves the total in its own transaction [${kind}]`, async () => {
    const p = await plainProduct(s.db, { stock: 5 });
    const { error } = await staff.rpc('admin_adjust_stock', {
      changes: [{ variant_id: p.variantId, quantity_change: 4 }],
      reason: 'receipt',
      note: 'Morning delivery',
    });
    expect(error).toBeNull();
    expect(await productOf(s.db, p.id)).toEqual({ stock_quantity: 9, in_stock: true });
  });

  it(`the nightly pass over every product corrects a total whatever set it [${kind}]`, async () => {
    const p = await plainProduct(s.db, { stock: 6 });
    // A total set wrong behind the triggers' back (replication mode skips them), its ledger rows an
    // hour old: no later run reads them again.
    await s.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query('update public.products set stock_quantity = 60 where id = $1', [p.id]);
      await tx.query(
        `update public.stock_movements set created_at = created_at - interval '1 hour' where product_id = $1`,
        [p.id],
      );
    });
    await refresh(s.db);
    expect((await productOf(s.db, p.id)).stock_quantity).toBe(60);
    expect(await refresh(s.db, true)).toBeGreaterThanOrEqual(1);
    expect((await productOf(s.db, p.id)).stock_quantity).toBe(6);
  });

  it(`pg_cron runs the refresh every 30 seconds and over every product nightly [${kind}]`, async () => {
    const { rows } = await s.db.query<{ jobname: string; schedule: string; command: string }>(
      `select jobname, schedule, command from cron.job where jobname like 'refresh-product-stock%' order by jobname`,
    );
    expect(rows).toEqual([
      {
        jobname: 'refresh-product-stock',
        schedule: '30 seconds',
        command: 'select private.refresh_product_stock()',
      },
      {
        jobname: 'refresh-product-stock-all',
        schedule: '45 20 * * *',
        command: 'select private.refresh_product_stock(true)',
      },
    ]);
  });

  it.skipIf(kind !== 'postgres')(
    'a sale whose transaction began before a run and committed after it is folded in by the next run',
    async () => {
      const p = await plainProduct(s.db, { stock: 10 });
      await refresh(s.db);
      await s.db.transaction(async (tx) => {
        // The checkout's transaction has begun (its ledger rows are dated now)...
        await tx.query('select now()');
        await new Promise((r) => setTimeout(r, 50));
        // ...a run happens meanwhile on another connection (it sees nothing of this product)...
        await refresh(s.db);
        // ...and then the sale, committed after the run.
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`,
          [JSON.stringify({ sub: PEOPLE.customerA.id, role: 'authenticated', aud: 'authenticated' })],
        );
        await tx.query(`select public.place_order($1::jsonb, $2::jsonb, 'cod', null, $3)`, [
          JSON.stringify([{ product_id: p.id, quantity: 4 }]),
          JSON.stringify(ADDRESS.KA),
          uniq('psr-open-'),
        ]);
      });
      expect((await stockOf(s.db, p.variantId)).stock_quantity).toBe(6);
      expect((await productOf(s.db, p.id)).stock_quantity).toBe(10);
      await refresh(s.db);
      expect((await productOf(s.db, p.id)).stock_quantity).toBe(6);
    },
  );

  it.skipIf(kind !== 'postgres')(
    'a run skips a product another transaction holds instead of waiting, and a later run folds it in',
    async () => {
      const p = await plainProduct(s.db, { stock: 10 });
      await buy(p.id, 1);
      await s.db.transaction(async (tx) => {
        // A checkout holding the product (place_order locks its products until it commits).
        await tx.query('select 1 from public.products where id = $1 for no key update', [p.id]);
        // Awaited inside the transaction: a run that waited for the lock would never return.
        await refresh(s.db);
        expect((await productOf(s.db, p.id)).stock_quantity).toBe(10);
      });
      await refresh(s.db);
      expect((await productOf(s.db, p.id)).stock_quantity).toBe(9);
    },
  );
});
