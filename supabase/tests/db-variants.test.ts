/**
 * Variants (issue 16) through supabase-js over HTTP and as the superuser, on PGlite and PostgreSQL:
 * the rules the database enforces whoever writes (one value per option, no duplicate active
 * combination — also when two transactions commit the same one at once on PostgreSQL —,
 * original_price ≥ price, stock never below 0, SKUs unique in any letter case), stock and product
 * prices out of every JWT's reach, the RLS of each new table per role, the product page in one
 * request, and order lines that keep the SKU and title they were sold under.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from 'supabase-local';
import type { Database } from '../../shared/src/types/database.ts';
import {
  addPeople,
  forEachStoreServer,
  liftRateLimits,
  PEOPLE,
  shippingAddress,
  storeClient,
} from './support/store.ts';
import {
  optionedProduct,
  plainProduct,
  productStockOf,
  receive,
  stockOf,
  uniq,
  type MadeProduct,
} from './support/variants.ts';
import type { TestServer } from 'supabase-local/testing';

type Client = SupabaseClient<Database>;
type Who = 'anon' | 'customerA' | 'customerB' | 'admin' | 'staleAdmin';
const EVERYONE: Who[] = ['anon', 'customerA', 'customerB', 'admin', 'staleAdmin'];

const SOFA_OPTIONS = [
  { name: 'Fabric', values: ['Grey linen', 'Teal velvet'] },
  { name: 'Size', values: ['3-seater', 'L-shape'] },
];

forEachStoreServer('variants: rules, grants and RLS', ({ kind, server }) => {
  let s: TestServer;
  const clients = {} as Record<Who, Client>;

  beforeAll(async () => {
    s = server();
    await addPeople(s.db);
    await liftRateLimits(s.db);
    clients.anon = storeClient(s);
    for (const who of EVERYONE.slice(1)) clients[who] = storeClient(s, PEOPLE[who as Exclude<Who, 'anon'>]);
  });

  /** A sofa with three of its four combinations (Teal velvet / L-shape is missing). */
  async function sofa(stock = 5): Promise<MadeProduct> {
    const p = uniq('SOFA');
    return optionedProduct(s.db, SOFA_OPTIONS, [
      { sku: `${p}-GL-3S`, values: ['Grey linen', '3-seater'], price: 24999, original_price: 38999, stock },
      { sku: `${p}-GL-LS`, values: ['Grey linen', 'L-shape'], price: 34999, original_price: 49999, stock },
      { sku: `${p}-TV-3S`, values: ['Teal velvet', '3-seater'], price: 27999, stock },
    ]);
  }

  /** A new variant with the given values, written with them in one transaction (as the superuser). */
  async function addVariant(
    p: MadeProduct,
    sku: string,
    values: Record<string, string>,
    active = true,
  ): Promise<number> {
    return s.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.product_variants (product_id, sku, price, is_active) values ($1, $2, 9999, $3) returning id`,
        [p.id, sku, active],
      );
      const id = Number(rows[0]!.id);
      for (const [option, value] of Object.entries(values))
        await tx.query(
          'insert into public.variant_option_values (variant_id, option_id, value_id) values ($1, $2, $3)',
          [id, p.options[option], p.values[`${option}:${value}`]],
        );
      return id;
    });
  }
  const caught = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: { code?: string; detail?: string; message: string }) => e,
    );
  const countVariants = async (productId: number) =>
    Number(
      (
        await s.db.query<{ n: string }>(
          'select count(*)::text as n from public.product_variants where product_id = $1',
          [productId],
        )
      ).rows[0]!.n,
    );

  describe('one value per option, no two active variants alike', () => {
    it('refuses a duplicate combination with a message naming both SKUs', async () => {
      const p = await sofa();
      const [first] = Object.keys(p.variants);
      const e = await caught(addVariant(p, `${first}-COPY`, { Fabric: 'Grey linen', Size: '3-seater' }));
      expect(e).toMatchObject({ code: 'P0001', detail: 'variant_options_duplicate' });
      expect(e!.message).toContain(first);
      expect(e!.message).toContain(`${first}-COPY`);
      expect(e!.message).toContain(p.name);
      expect(await countVariants(p.id)).toBe(3);
      // The missing combination is fine.
      await addVariant(p, `${first}-TVLS`, { Fabric: 'Teal velvet', Size: 'L-shape' });
      expect(await countVariants(p.id)).toBe(4);
    });

    it('refuses an admin changing a value into another variant’s combination (one API request)', async () => {
      const p = await sofa();
      const skus = Object.keys(p.variants);
      // GL-LS → Grey linen / 3-seater, which GL-3S has.
      const { error } = await clients.admin
        .from('variant_option_values')
        .update({ value_id: p.values['Size:3-seater'] })
        .eq('variant_id', p.variants[skus[1]!]!)
        .eq('option_id', p.options.Size!);
      expect(error).toMatchObject({ code: 'P0001', details: 'variant_options_duplicate' });
      const { rows } = await s.db.query<{ value_id: string }>(
        'select value_id from public.variant_option_values where variant_id = $1 and option_id = $2',
        [p.variants[skus[1]!], p.options.Size],
      );
      expect(Number(rows[0]!.value_id)).toBe(p.values['Size:L-shape']);
    });

    it('lets an inactive variant share a combination, but not be reactivated while its twin is active', async () => {
      const p = await sofa();
      const [first] = Object.keys(p.variants);
      const twin = await addVariant(p, `${first}-OLD`, { Fabric: 'Grey linen', Size: '3-seater' }, false);
      const { error } = await clients.admin
        .from('product_variants')
        .update({ is_active: true })
        .eq('id', twin);
      expect(error).toMatchObject({ code: 'P0001', details: 'variant_options_duplicate' });
      expect(error!.message).toContain(first!);
      expect(error!.message).toContain(`${first}-OLD`);
      expect(
        (
          await s.db.query<{ is_active: boolean }>(
            'select is_active from public.product_variants where id = $1',
            [twin],
          )
        ).rows[0]!.is_active,
      ).toBe(false);
    });

    it('refuses a variant without a value for every option of its product', async () => {
      const p = await sofa();
      const e = await caught(addVariant(p, uniq('HALF'), { Fabric: 'Teal velvet' }));
      expect(e).toMatchObject({ code: 'P0001', detail: 'variant_options_incomplete' });
      expect(e!.message).toContain('Size');
      // Over the API: a variant inserted alone, without values.
      const { error } = await clients.admin
        .from('product_variants')
        .insert({ product_id: p.id, sku: uniq('BARE'), price: 1000 });
      expect(error).toMatchObject({ code: 'P0001', details: 'variant_options_incomplete' });
      // Removing a value from an existing variant, or adding an option nobody has a value for.
      const del = await clients.admin
        .from('variant_option_values')
        .delete()
        .eq('variant_id', Object.values(p.variants)[0]!)
        .eq('option_id', p.options.Fabric!);
      expect(del.error).toMatchObject({ details: 'variant_options_incomplete' });
      const opt = await clients.admin.from('product_options').insert({ product_id: p.id, name: 'Legs' });
      expect(opt.error).toMatchObject({ details: 'variant_options_incomplete' });
      expect(await countVariants(p.id)).toBe(3);
    });

    it.runIf(kind === 'postgres')(
      'refuses the same combination committed by two transactions at once (PostgreSQL)',
      async () => {
        const p = await sofa();
        // A writes its variant and values and keeps its transaction open; B starts meanwhile on
        // another connection with the same combination (its insert queues behind A's uncommitted
        // row); then A commits. Exactly one of them may keep the combination.
        let aWrote!: () => void;
        const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
        let bStarted!: () => void;
        const bIsWriting = new Promise<void>((resolve) => (bStarted = resolve));
        const write = async (tx: Queryable, sku: string) => {
          const { rows } = await tx.query<{ id: string }>(
            `insert into public.product_variants (product_id, sku, price) values ($1, $2, 5000) returning id`,
            [p.id, sku],
          );
          for (const [option, value] of [
            ['Fabric', 'Teal velvet'],
            ['Size', 'L-shape'],
          ] as const)
            await tx.query(
              'insert into public.variant_option_values (variant_id, option_id, value_id) values ($1, $2, $3)',
              [rows[0]!.id, p.options[option], p.values[`${option}:${value}`]],
            );
        };
        const a = s.db.transaction(async (tx) => {
          await write(tx, uniq('RACE-A'));
          aWrote();
          await bIsWriting;
          await new Promise((r) => setTimeout(r, 300));
        });
        const b = (async () => {
          await aHasWritten;
          await s.db.transaction(async (tx) => {
            bStarted();
            await write(tx, uniq('RACE-B'));
          });
        })();
        const results = await Promise.allSettled([a, b]);
        const ok = results.filter((r) => r.status === 'fulfilled');
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(ok).toHaveLength(1);
        expect(refused).toHaveLength(1);
        const reason = refused[0]!.reason as { code?: string; detail?: string };
        expect(
          reason.code === '23505' ||
            (reason.code === 'P0001' && reason.detail === 'variant_options_duplicate'),
          JSON.stringify(reason),
        ).toBe(true);
        expect(await countVariants(p.id)).toBe(4);
      },
      60_000,
    );
  });

  describe('prices, stock and SKUs', () => {
    it('refuses an original price below the price (check constraint), for an admin too', async () => {
      const p = await sofa();
      const id = Object.values(p.variants)[0]!;
      const { error } = await clients.admin
        .from('product_variants')
        .update({ original_price: 19999 })
        .eq('id', id);
      expect(error?.code).toBe('23514');
      expect(error?.message).toContain('product_variants_original_price_check');
      const e = await caught(
        s.db.query('update public.product_variants set price = 40000 where id = $1', [id]),
      );
      expect(e).toMatchObject({ code: '23514' });
      // Equal is fine; no original price is fine.
      expect(
        (await clients.admin.from('product_variants').update({ original_price: 24999 }).eq('id', id)).error,
      ).toBeNull();
      expect(
        (await clients.admin.from('product_variants').update({ original_price: null }).eq('id', id)).error,
      ).toBeNull();
    });

    it('refuses stock below zero: admin_adjust_stock says stock_negative, the ledger itself refuses too', async () => {
      const p = await plainProduct(s.db, { stock: 3 });
      const { error } = await clients.admin.rpc('admin_adjust_stock', {
        changes: [{ variant_id: p.variantId, quantity_change: -4 }],
        reason: 'adjustment',
        note: 'count',
      });
      expect(error).toMatchObject({ code: 'P0001', details: 'stock_negative', hint: String(p.variantId) });
      const e = await caught(
        s.db.query(
          `insert into public.stock_movements (variant_id, quantity, reason, note) values ($1, -4, 'adjustment', 'x')`,
          [p.variantId],
        ),
      );
      expect(e).not.toBeNull();
      expect((await stockOf(s.db, p.variantId)).stock_quantity).toBe(3);
    });

    it('refuses a duplicate SKU in any letter case (unique index product_variants_sku_key)', async () => {
      const a = await plainProduct(s.db);
      const b = await plainProduct(s.db);
      const sku = uniq('Teak-Table-');
      expect(
        (await clients.admin.from('product_variants').update({ sku }).eq('id', a.variantId)).error,
      ).toBeNull();
      for (const other of [sku.toLowerCase(), sku.toUpperCase(), ` ${sku} `]) {
        const { error } = await clients.admin
          .from('product_variants')
          .update({ sku: other })
          .eq('id', b.variantId);
        expect(error?.code, other).toBe('23505');
        expect(error?.message, other).toContain('product_variants_sku_key');
      }
      const e = await caught(
        s.db.query(`insert into public.product_variants (product_id, sku, price) values ($1, $2, 100)`, [
          b.id,
          sku.toLowerCase(),
        ]),
      );
      expect(e).toMatchObject({ code: '23505', constraint: 'product_variants_sku_key' });
      expect(
        (
          await s.db.query<{ sku: string }>('select sku from public.product_variants where id = $1', [
            b.variantId,
          ])
        ).rows[0]!.sku,
      ).toBe(b.sku);
    });

    it('keeps stock_quantity out of every JWT’s reach, admins included', async () => {
      const p = await plainProduct(s.db, { stock: 7 });
      for (const who of EVERYONE) {
        const { error, count } = await clients[who]
          .from('product_variants')
          .update({ stock_quantity: 500 }, { count: 'exact' })
          .eq('id', p.variantId);
        expect(error !== null || count === 0, who).toBe(true);
        if (who === 'admin') expect(error?.code, who).toBe('42501');
      }
      // Not at insert either.
      const ins = await clients.admin
        .from('product_variants')
        .insert({ product_id: p.id, sku: uniq('STOCKY'), price: 100, stock_quantity: 9 });
      expect(ins.error).not.toBeNull();
      // The superuser writing it directly is refused too: only a movement changes stock.
      const e = await caught(
        s.db.query('update public.product_variants set stock_quantity = 500 where id = $1', [p.variantId]),
      );
      expect(e).toMatchObject({ code: 'P0001', detail: 'stock_ledger_only' });
      expect((await stockOf(s.db, p.variantId)).stock_quantity).toBe(7);
    });

    it('keeps products.price, original_price and stock_quantity out of every JWT’s reach', async () => {
      const p = await plainProduct(s.db, { price: 4999, stock: 7 });
      for (const patch of [{ price: 1 }, { original_price: 2 }, { stock_quantity: 999 }])
        for (const who of EVERYONE) {
          const { error, count } = await clients[who]
            .from('products')
            .update(patch, { count: 'exact' })
            .eq('id', p.id);
          expect(error !== null || count === 0, `${who} ${JSON.stringify(patch)}`).toBe(true);
        }
      const { rows } = await s.db.query<{ price: string; original_price: string; stock_quantity: number }>(
        'select price::text, original_price::text, stock_quantity from public.products where id = $1',
        [p.id],
      );
      expect(rows[0]).toEqual({ price: '4999.00', original_price: '9998.00', stock_quantity: 7 });
      // The admin still edits the rest of the product.
      const { error } = await clients.admin
        .from('products')
        .update({ description: 'Solid sheesham.' })
        .eq('id', p.id);
      expect(error).toBeNull();
    });

    it('keeps the product’s price, price_max, original price, stock and variant count as the summary of its active variants', async () => {
      const p = await sofa(4);
      const skus = Object.keys(p.variants);
      const summary = async () =>
        (
          await s.db.query<{
            price: string;
            price_max: string;
            original_price: string | null;
            stock_quantity: number;
            in_stock: boolean;
            variant_count: number;
          }>(
            'select price::text, price_max::text, original_price::text, stock_quantity, in_stock, variant_count from public.products where id = $1',
            [p.id],
          )
        ).rows[0]!;
      expect(await summary()).toEqual({
        price: '24999.00',
        price_max: '34999.00',
        original_price: '38999.00',
        stock_quantity: 12,
        in_stock: true,
        variant_count: 3,
      });
      // The admin edits a variant's price; deactivating one drops it from the summary.
      expect(
        (
          await clients.admin
            .from('product_variants')
            .update({ price: 19999 })
            .eq('id', p.variants[skus[2]!]!)
        ).error,
      ).toBeNull();
      expect(await summary()).toMatchObject({ price: '19999.00', original_price: null });
      expect(
        (
          await clients.admin
            .from('product_variants')
            .update({ is_active: false })
            .eq('id', p.variants[skus[1]!]!)
        ).error,
      ).toBeNull();
      expect(await summary()).toMatchObject({ price_max: '24999.00', stock_quantity: 8, variant_count: 2 });
    });

    it('turns in_stock off when checkouts sell the last orderable variant and on when one comes back, and only then', async () => {
      // product_variants_summarize asks whether another variant can be ordered only when the moved
      // variant's own orderability changes (issue 22): each step below is a case that shortcut decides.
      const p = await sofa(2);
      const [a, b, c] = Object.values(p.variants) as [number, number, number];
      // (the stock total once the refresh-product-stock job has folded the sales in)
      const product = () => productStockOf(s.db, p.id);
      const buy = async (variant_id: number) => {
        const { error } = await clients.customerA.rpc('place_order', {
          items: [{ variant_id, quantity: 1 }],
          shipping_address: shippingAddress(),
          payment_method: 'cod',
          idempotency_key: uniq('in-stock-'),
        });
        expect(error).toBeNull();
      };
      await buy(a); // stock left: orderability unchanged
      expect(await product()).toEqual({ in_stock: true, stock_quantity: 5 });
      await buy(a); // a sold out while b and c can still be ordered
      expect(await product()).toEqual({ in_stock: true, stock_quantity: 4 });
      for (const v of [b, b, c]) await buy(v);
      expect(await product()).toEqual({ in_stock: true, stock_quantity: 1 });
      await buy(c); // the last unit of the last orderable variant
      expect(await product()).toEqual({ in_stock: false, stock_quantity: 0 });
      await receive(s.db, a, 1); // one variant orderable again
      expect(await product()).toEqual({ in_stock: true, stock_quantity: 1 });
      // Taken off sale by hand: stock that leaves the variant's orderability as it was keeps it off.
      await s.db.query('update public.products set in_stock = false where id = $1', [p.id]);
      await receive(s.db, a, 1);
      expect(await product()).toEqual({ in_stock: false, stock_quantity: 2 });
    });
  });

  describe('admin_set_product_options and admin_generate_variants', () => {
    it('defines options, gives the existing variant the first values, and generates the missing combinations with stock 0', async () => {
      const p = await plainProduct(s.db, { price: 12999, stock: 4 });
      const set = await clients.admin.rpc('admin_set_product_options', {
        product_id: p.id,
        options: [
          {
            name: 'Finish',
            values: [
              { value: 'Teak', swatch_color: '#8b5a2b' },
              { value: 'Walnut', swatch_color: '#5c4033' },
            ],
          },
          { name: 'Size', values: [{ value: '4-seater' }, { value: '6-seater' }] },
        ],
      });
      expect(set.error).toBeNull();
      const { data: def } = await clients.admin
        .from('product_variants')
        .select('title, sku, stock_quantity')
        .eq('id', p.variantId)
        .single();
      expect(def).toEqual({ title: 'Teak / 4-seater', sku: p.sku, stock_quantity: 4 });
      const gen = await clients.admin.rpc('admin_generate_variants', { product_id: p.id });
      expect(gen.error).toBeNull();
      const made = gen.data ?? [];
      expect(made.map((v) => v.title).sort()).toEqual([
        'Teak / 6-seater',
        'Walnut / 4-seater',
        'Walnut / 6-seater',
      ]);
      const { data: titles } = await clients.admin
        .from('product_variants')
        .select('title')
        .in(
          'id',
          made.map((v) => v.id),
        );
      expect(titles!.map((v) => v.title).sort()).toEqual([
        'Teak / 6-seater',
        'Walnut / 4-seater',
        'Walnut / 6-seater',
      ]);
      for (const v of made) {
        expect(v).toMatchObject({ price: 12999, stock_quantity: 0, is_active: true });
        expect(v.sku.startsWith(`${p.sku}-`)).toBe(true);
      }
      expect(await countVariants(p.id)).toBe(4);
      // Again: nothing is missing any more.
      expect((await clients.admin.rpc('admin_generate_variants', { product_id: p.id })).data?.length).toBe(0);
      // Only a fresh admin.
      expect(
        (await clients.customerA.rpc('admin_generate_variants', { product_id: p.id })).error,
      ).not.toBeNull();
      expect(
        (await clients.staleAdmin.rpc('admin_generate_variants', { product_id: p.id })).error,
      ).not.toBeNull();
    });
  });

  describe('admin_set_product_options replacing the set', () => {
    type OptionsOut = { id: number; name: string; values: { id: number; value: string }[] }[];
    const optionsOf = async (productId: number): Promise<OptionsOut> => {
      const { data } = await clients.admin
        .from('product_options')
        .select('id, name, values:product_option_values(id, value)')
        .eq('product_id', productId)
        .order('position');
      return data ?? [];
    };
    const titles = async (productId: number) =>
      (
        await s.db.query<{ title: string }>(
          'select title from public.product_variants where product_id = $1 order by title',
          [productId],
        )
      ).rows.map((r) => r.title);

    it('removing a value deletes the variants using it; renaming one retitles them (db-findings F7)', async () => {
      const p = await sofa();
      const opts = await optionsOf(p.id);
      const [fabric, size] = opts;
      const keep = (o: OptionsOut[number], drop?: string, rename?: [string, string]) => ({
        id: o.id,
        name: o.name,
        values: o.values
          .filter((v) => v.value !== drop)
          .map((v) => ({ id: v.id, value: rename && v.value === rename[0] ? rename[1] : v.value })),
      });
      const { error } = await clients.admin.rpc('admin_set_product_options', {
        product_id: p.id,
        options: [keep(fabric!, 'Teal velvet'), keep(size!, undefined, ['L-shape', 'L-shaped corner'])],
      });
      expect(error).toBeNull();
      expect(await countVariants(p.id)).toBe(2);
      expect(await titles(p.id)).toEqual(['Grey linen / 3-seater', 'Grey linen / L-shaped corner']);
    });

    it('refuses to remove a value an ordered variant uses, changing nothing', async () => {
      const p = await sofa();
      const tv = p.variants[Object.keys(p.variants)[2]!]!; // Teal velvet / 3-seater
      const placed = await clients.customerA.rpc('place_order', {
        items: [{ variant_id: tv, quantity: 1 }],
        shipping_address: shippingAddress(),
        payment_method: 'razorpay',
        idempotency_key: uniq('opt-'),
      });
      expect(placed.error).toBeNull();
      const [fabric, size] = await optionsOf(p.id);
      const { error } = await clients.admin.rpc('admin_set_product_options', {
        product_id: p.id,
        options: [
          { id: fabric!.id, name: 'Fabric', values: fabric!.values.filter((v) => v.value !== 'Teal velvet') },
          { id: size!.id, name: 'Size', values: size!.values },
        ],
      });
      expect(error).toMatchObject({ code: 'P0001', details: 'variant_ordered' });
      expect(await countVariants(p.id)).toBe(3);
      expect((await optionsOf(p.id))[0]!.values).toHaveLength(2);
      // A customer or a stale admin cannot call it at all.
      for (const who of ['customerA', 'staleAdmin'] as const)
        expect(
          (await clients[who].rpc('admin_set_product_options', { product_id: p.id, options: [] })).error,
          who,
        ).not.toBeNull();
      expect(await countVariants(p.id)).toBe(3);
    });
  });

  describe('RLS of the new tables', () => {
    let p: MadeProduct;
    let hidden: number;
    beforeAll(async () => {
      p = await sofa();
      hidden = await addVariant(p, uniq('HIDDEN'), { Fabric: 'Teal velvet', Size: 'L-shape' }, false);
    });

    it('options, values and variant values: everyone reads, only a fresh admin writes', async () => {
      for (const who of EVERYONE) {
        const o = await clients[who]
          .from('product_options')
          .select('id, name')
          .eq('product_id', p.id)
          .order('position');
        expect(
          o.data?.map((x) => x.name),
          who,
        ).toEqual(['Fabric', 'Size']);
        const v = await clients[who]
          .from('product_option_values')
          .select('id')
          .eq('option_id', p.options.Fabric!);
        expect(v.data, who).toHaveLength(2);
        const x = await clients[who]
          .from('variant_option_values')
          .select('variant_id')
          .eq('product_id', p.id);
        expect(x.data!.length, who).toBeGreaterThanOrEqual(6);
      }
      for (const who of EVERYONE) {
        const fresh = who === 'admin';
        const ins = await clients[who]
          .from('product_option_values')
          .insert({ option_id: p.options.Fabric!, value: `Mustard ${who}` });
        expect(ins.error === null, `${who} inserts a value`).toBe(fresh);
        const upd = await clients[who]
          .from('product_options')
          .update({ position: 7 }, { count: 'exact' })
          .eq('id', p.options.Size!);
        expect(upd.error === null && upd.count === 1, `${who} updates an option`).toBe(fresh);
      }
      for (const who of EVERYONE.filter((w) => w !== 'admin')) {
        const del = await clients[who]
          .from('product_option_values')
          .delete({ count: 'exact' })
          .eq('option_id', p.options.Fabric!);
        expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      const { rows } = await s.db.query('select 1 from public.product_option_values where option_id = $1', [
        p.options.Fabric,
      ]);
      expect(rows).toHaveLength(3);
      // Nobody but a fresh admin adds or removes options, variants or a variant's values.
      const [first, second] = Object.values(p.variants);
      for (const who of EVERYONE.filter((w) => w !== 'admin')) {
        const opt = await clients[who]
          .from('product_options')
          .insert({ product_id: p.id, name: `Legs ${who}` });
        expect(opt.error, `${who} adds an option`).not.toBeNull();
        const delOpt = await clients[who]
          .from('product_options')
          .delete({ count: 'exact' })
          .eq('id', p.options.Size!);
        expect(delOpt.error !== null || delOpt.count === 0, `${who} removes an option`).toBe(true);
        const variant = await clients[who]
          .from('product_variants')
          .insert({ product_id: p.id, sku: uniq('NOPE'), price: 1 });
        expect(variant.error, `${who} adds a variant`).not.toBeNull();
        const value = await clients[who]
          .from('variant_option_values')
          .update({ value_id: p.values['Size:L-shape']! }, { count: 'exact' })
          .eq('variant_id', first!)
          .eq('option_id', p.options.Size!);
        expect(value.error !== null || value.count === 0, `${who} changes a variant's value`).toBe(true);
        const delValue = await clients[who]
          .from('variant_option_values')
          .delete({ count: 'exact' })
          .eq('variant_id', second!);
        expect(delValue.error !== null || delValue.count === 0, `${who} removes a variant's values`).toBe(
          true,
        );
        const addValue = await clients[who].from('variant_option_values').insert({
          variant_id: second!,
          product_id: p.id,
          option_id: p.options.Size!,
          value_id: p.values['Size:3-seater']!,
        });
        expect(addValue.error, `${who} adds a variant's value`).not.toBeNull();
      }
      const { rows: left } = await s.db.query<{ n: string }>(
        'select count(*)::text as n from public.variant_option_values where product_id = $1',
        [p.id],
      );
      expect(left[0]!.n).toBe('8'); // 3 active + 1 hidden variant, 2 values each
      expect(
        (await s.db.query('select 1 from public.product_options where product_id = $1', [p.id])).rows,
      ).toHaveLength(2);
    });

    it('variants: anon and customers see only active ones; admins (stale too) see all; only a fresh admin writes', async () => {
      const all = Object.values(p.variants);
      for (const who of EVERYONE) {
        const { data } = await clients[who].from('product_variants').select('id').eq('product_id', p.id);
        const seen = data!.map((v) => Number(v.id)).sort((a, b) => a - b);
        const staff = who === 'admin' || who === 'staleAdmin';
        expect(seen, who).toEqual((staff ? [...all, hidden] : all).sort((a, b) => a - b));
      }
      for (const who of EVERYONE) {
        const upd = await clients[who]
          .from('product_variants')
          .update({ lead_time_days: 14 }, { count: 'exact' })
          .eq('id', all[0]!);
        expect(upd.error === null && upd.count === 1, who).toBe(who === 'admin');
        const del = await clients[who].from('product_variants').delete({ count: 'exact' }).eq('id', hidden);
        if (who !== 'admin') expect(del.error !== null || del.count === 0, who).toBe(true);
      }
      // The fresh admin's delete went through (nobody had ordered it).
      expect(
        (await s.db.query('select 1 from public.product_variants where id = $1', [hidden])).rows,
      ).toHaveLength(0);
    });

    it('stock_movements, stock_reservations, stock_alerts: staff read, nobody writes', async () => {
      const v = Object.values(p.variants)[0]!;
      await receive(s.db, v, 1);
      const { rows } = await s.db.query<{ id: string }>(
        'select id from public.stock_movements where variant_id = $1 order by id desc limit 1',
        [v],
      );
      const movement = Number(rows[0]!.id);
      for (const table of ['stock_movements', 'stock_reservations', 'stock_alerts'] as const) {
        for (const who of EVERYONE) {
          const { data, error } = await clients[who].from(table).select('id').limit(1000);
          const staff = who === 'admin' || who === 'staleAdmin';
          if (!staff) expect(error !== null || data!.length === 0, `${who} reads ${table}`).toBe(true);
          else expect(error, `${who} reads ${table}`).toBeNull();
          const ins = await clients[who]
            .from(table)
            .insert({ variant_id: v, quantity: 5, reason: 'receipt' } as never);
          expect(ins.error, `${who} inserts into ${table}`).not.toBeNull();
        }
      }
      const seen = await clients.admin
        .from('stock_movements')
        .select('id, reason, quantity')
        .eq('id', movement);
      expect(seen.data).toEqual([{ id: movement, reason: 'receipt', quantity: 1 }]);
    });

    it('the ledger is append-only: update and delete refused for every role, and for the superuser', async () => {
      const v = Object.values(p.variants)[0]!;
      await receive(s.db, v, 2);
      const { rows } = await s.db.query<{ id: string }>(
        'select id from public.stock_movements where variant_id = $1 order by id desc limit 1',
        [v],
      );
      const id = Number(rows[0]!.id);
      for (const who of EVERYONE) {
        const upd = await clients[who]
          .from('stock_movements')
          .update({ note: 'changed' }, { count: 'exact' })
          .eq('id', id);
        expect(upd.error !== null || upd.count === 0, `${who} updates`).toBe(true);
        const del = await clients[who].from('stock_movements').delete({ count: 'exact' }).eq('id', id);
        expect(del.error !== null || del.count === 0, `${who} deletes`).toBe(true);
      }
      for (const sql of [
        'update public.stock_movements set quantity = 100 where id = $1',
        'delete from public.stock_movements where id = $1',
      ]) {
        const e = await caught(s.db.query(sql, [id]));
        expect(e, sql).toMatchObject({ code: 'P0001', detail: 'ledger_append_only' });
      }
      const e = await caught(s.db.query('truncate public.stock_movements'));
      expect(e).not.toBeNull();
      const after = await s.db.query<{ quantity: number; note: string }>(
        'select quantity, note from public.stock_movements where id = $1',
        [id],
      );
      expect(after.rows).toEqual([{ quantity: 2, note: 'received' }]);
    });

    it('wishlist_items: a customer saves a variant of the product, never a variant of another product', async () => {
      const other = await plainProduct(s.db);
      const [, second] = Object.values(p.variants);
      await s.db.query(
        'delete from public.wishlist_items where user_id = $1 and product_id = any ($2::bigint[])',
        [PEOPLE.customerB.id, [p.id, other.id]],
      );
      const ok = await clients.customerB
        .from('wishlist_items')
        .insert({ user_id: PEOPLE.customerB.id, product_id: p.id, variant_id: second! })
        .select('product_id, variant_id')
        .single();
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual({ product_id: p.id, variant_id: second });
      const wrong = await clients.customerB
        .from('wishlist_items')
        .insert({ user_id: PEOPLE.customerB.id, product_id: other.id, variant_id: second! });
      expect(wrong.error, 'a variant of another product (db-findings F8)').not.toBeNull();
    });

    it('back_in_stock_requests: customers read and withdraw their own, never insert; staff read all', async () => {
      const p2 = await plainProduct(s.db, { stock: 0 });
      const mine = await clients.customerA.rpc('request_back_in_stock', { variant_id: p2.variantId });
      expect(mine.error).toBeNull();
      const theirs = await clients.customerB.rpc('request_back_in_stock', { variant_id: p2.variantId });
      expect(theirs.error).toBeNull();
      const ids = async (who: Who) =>
        (
          (await clients[who].from('back_in_stock_requests').select('id').eq('variant_id', p2.variantId))
            .data ?? []
        ).length;
      expect(await ids('anon')).toBe(0);
      expect(await ids('customerA')).toBe(1);
      expect(await ids('customerB')).toBe(1);
      expect(await ids('admin')).toBe(2);
      expect(await ids('staleAdmin')).toBe(2);
      for (const who of EVERYONE) {
        const ins = await clients[who]
          .from('back_in_stock_requests')
          .insert({ variant_id: p2.variantId, user_id: PEOPLE.customerA.id, email: 'x@example.in' });
        expect(ins.error, who).not.toBeNull();
      }
      const notMine = await clients.customerA
        .from('back_in_stock_requests')
        .delete({ count: 'exact' })
        .eq('user_id', PEOPLE.customerB.id);
      expect(notMine.count ?? 0).toBe(0);
      const anon = await clients.anon.rpc('request_back_in_stock', { variant_id: p2.variantId });
      expect(anon.error).not.toBeNull();
      const own = await clients.customerA
        .from('back_in_stock_requests')
        .delete({ count: 'exact' })
        .eq('variant_id', p2.variantId);
      expect(own.count).toBe(1);
      expect(await ids('admin')).toBe(1);
    });
  });

  describe('the product page in one request (anon)', () => {
    it('returns the product with its options, values, active variants, their availability and values', async () => {
      const p = await sofa(3);
      await addVariant(p, uniq('GONE'), { Fabric: 'Teal velvet', Size: 'L-shape' }, false);
      const { data, error } = await clients.anon
        .from('products')
        .select(
          '*,category:categories(*),options:product_options(id,name,position,values:product_option_values(id,value,swatch_color,swatch_image,position)),variants:product_variants(*,available_quantity,option_values:variant_option_values(option_id,value_id))',
        )
        .eq('slug', p.slug)
        .single();
      expect(error).toBeNull();
      const page = data!;
      expect(page.price_max).toBe(34999);
      expect(page.options.map((o) => o.name).sort()).toEqual(['Fabric', 'Size']);
      expect(page.variants.map((v) => v.sku).sort()).toEqual(Object.keys(p.variants).sort());
      for (const v of page.variants) {
        expect(v.available_quantity).toBe(3);
        expect(v.option_values).toHaveLength(2);
      }
      expect(page.variants.map((v) => v.title).sort()).toEqual([
        'Grey linen / 3-seater',
        'Grey linen / L-shape',
        'Teal velvet / 3-seater',
      ]);
    });
  });

  describe('orders keep what was sold', () => {
    it('snapshots SKU and variant title on the order line; renaming the variant does not change it', async () => {
      const p = await sofa(4);
      const [, sku] = Object.keys(p.variants);
      const { data: order, error } = await clients.customerA.rpc('place_order', {
        items: [{ variant_id: p.variants[sku!]!, quantity: 1 }],
        shipping_address: shippingAddress(),
        payment_method: 'cod',
        idempotency_key: uniq('snap-'),
      });
      expect(error).toBeNull();
      const orderId = order!.id;
      const line = async () =>
        (
          await clients.customerA
            .from('order_items')
            .select('variant_id, sku, variant_title, unit_price')
            .eq('order_id', orderId)
            .single()
        ).data;
      const before = await line();
      expect(before).toEqual({
        variant_id: p.variants[sku!],
        sku,
        variant_title: 'Grey linen / L-shape',
        unit_price: 34999,
      });
      expect(
        (
          await clients.admin
            .from('product_variants')
            .update({ title: 'Grey linen / Corner', sku: `${sku}-NEW`, price: 39999 })
            .eq('id', p.variants[sku!]!)
        ).error,
      ).toBeNull();
      expect(await line()).toEqual(before);
    });

    it('refuses deleting an ordered variant (deactivate instead) and its product; an unordered one goes', async () => {
      const p = await sofa(4);
      const [, ordered, spare] = Object.keys(p.variants);
      const placed = await clients.customerB.rpc('place_order', {
        items: [{ variant_id: p.variants[ordered!]!, quantity: 1 }],
        shipping_address: shippingAddress(),
        payment_method: 'cod',
        idempotency_key: uniq('del-'),
      });
      expect(placed.error).toBeNull();
      const del = await clients.admin.from('product_variants').delete().eq('id', p.variants[ordered!]!);
      expect(del.error).toMatchObject({ code: 'P0001', details: 'variant_ordered' });
      expect(del.error!.message).toBe(
        `Variant ${ordered} has been ordered, so it cannot be deleted. Deactivate it instead.`,
      );
      const prod = await clients.admin.from('products').delete().eq('id', p.id);
      expect(prod.error).not.toBeNull();
      expect(await countVariants(p.id)).toBe(3);
      expect(
        (
          await clients.admin
            .from('product_variants')
            .update({ is_active: false })
            .eq('id', p.variants[ordered!]!)
        ).error,
      ).toBeNull();
      expect(
        (
          await clients.admin
            .from('product_variants')
            .delete({ count: 'exact' })
            .eq('id', p.variants[spare!]!)
        ).count,
      ).toBe(1);
    });
  });
});
