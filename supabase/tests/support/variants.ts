/**
 * Variants and stock for the db-variants / db-stock suites (issue 16): products with options and
 * variants written as the superuser (one transaction per variant, as the deferred checks want a
 * variant and its values together), stock given through the ledger (a 'receipt' movement: the only
 * way stock_quantity changes), and the ledger invariant every store suite checks before its
 * database goes away: for every variant, stock_quantity = sum(stock_movements.quantity).
 */
import type { Queryable } from 'supabase-local';

let serial = 0;
/** A name or SKU part no other test (or other run on the same server) uses. */
export const uniq = (prefix: string): string => `${prefix}${process.pid % 10000}x${++serial}`;

export interface VariantSpec {
  sku: string;
  /** one value per option, in option order */
  values: string[];
  price: number;
  original_price?: number | null;
  stock?: number;
  made_to_order?: boolean;
  lead_time_days?: number;
  title?: string;
  is_active?: boolean;
  low_stock_threshold?: number | null;
}

export interface MadeProduct {
  id: number;
  name: string;
  slug: string;
  /** variant id by SKU (the default variant first) */
  variants: Record<string, number>;
  /** option id by name, value id by "Option:Value" */
  options: Record<string, number>;
  values: Record<string, number>;
}

const num = (v: unknown): number => Number(v);

/** A plain product (its default variant is made by the database), with stock as an 'import'. */
export async function plainProduct(
  db: Queryable,
  {
    name = uniq('Plain piece '),
    price = 4999,
    stock = 10,
  }: { name?: string; price?: number; stock?: number } = {},
): Promise<{ id: number; variantId: number; sku: string; name: string }> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.products (name, price, original_price, category_id, stock_quantity, image_url)
     values ($1, $2::numeric, $2::numeric * 2, 1, $3, '/images/products/test.webp') returning id`,
    [name, price, stock],
  );
  const id = num(rows[0]!.id);
  const v = await db.query<{ id: string; sku: string }>(
    'select id, sku from public.product_variants where product_id = $1 and is_default',
    [id],
  );
  return { id, variantId: num(v.rows[0]!.id), sku: v.rows[0]!.sku, name };
}

/**
 * A product with options and variants. The first variant becomes the default (the product's own
 * default variant gets its values, SKU and price); the others are inserted one transaction each.
 */
export async function optionedProduct(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  options: { name: string; values: string[] }[],
  variants: VariantSpec[],
  name = uniq('Variant piece '),
): Promise<MadeProduct> {
  const first = variants[0]!;
  const product = await plainProduct(db, { name, price: first.price, stock: 0 });
  const made: MadeProduct = { id: product.id, name, slug: '', variants: {}, options: {}, values: {} };
  made.slug = (
    await db.query<{ slug: string }>('select slug from public.products where id = $1', [product.id])
  ).rows[0]!.slug;
  const valueIds = (spec: VariantSpec) =>
    options.map((o, i) => ({
      option: made.options[o.name]!,
      value: made.values[`${o.name}:${spec.values[i]}`]!,
    }));

  await db.transaction(async (tx) => {
    for (const [position, o] of options.entries()) {
      const opt = await tx.query<{ id: string }>(
        'insert into public.product_options (product_id, name, position) values ($1, $2, $3) returning id',
        [product.id, o.name, position],
      );
      made.options[o.name] = num(opt.rows[0]!.id);
      for (const [vp, value] of o.values.entries()) {
        const val = await tx.query<{ id: string }>(
          'insert into public.product_option_values (option_id, value, position) values ($1, $2, $3) returning id',
          [made.options[o.name], value, vp],
        );
        made.values[`${o.name}:${value}`] = num(val.rows[0]!.id);
      }
    }
    await tx.query(
      `update public.product_variants set sku = $2, title = $3, price = $4, original_price = $5,
         made_to_order = $6, lead_time_days = $7, low_stock_threshold = $8
       where id = $1`,
      [
        product.variantId,
        first.sku,
        first.title ?? '',
        first.price,
        first.original_price ?? null,
        first.made_to_order ?? false,
        first.lead_time_days ?? 0,
        first.low_stock_threshold ?? null,
      ],
    );
    for (const x of valueIds(first))
      await tx.query(
        'insert into public.variant_option_values (variant_id, option_id, value_id) values ($1, $2, $3)',
        [product.variantId, x.option, x.value],
      );
  });
  made.variants[first.sku] = product.variantId;

  for (const [position, spec] of variants.slice(1).entries()) {
    made.variants[spec.sku] = await db.transaction(async (tx) => {
      const v = await tx.query<{ id: string }>(
        `insert into public.product_variants (product_id, sku, title, price, original_price, made_to_order,
           lead_time_days, is_active, position, low_stock_threshold)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          product.id,
          spec.sku,
          spec.title ?? '',
          spec.price,
          spec.original_price ?? null,
          spec.made_to_order ?? false,
          spec.lead_time_days ?? 0,
          spec.is_active ?? true,
          position + 1,
          spec.low_stock_threshold ?? null,
        ],
      );
      const id = num(v.rows[0]!.id);
      for (const x of valueIds(spec))
        await tx.query(
          'insert into public.variant_option_values (variant_id, option_id, value_id) values ($1, $2, $3)',
          [id, x.option, x.value],
        );
      return id;
    });
  }
  for (const spec of variants)
    if (spec.stock) await receive(db, made.variants[spec.sku]!, spec.stock, 'test stock');
  return made;
}

/** Stock in through the ledger, as the superuser (a 'receipt' movement). */
export async function receive(
  db: Queryable,
  variantId: number,
  quantity: number,
  note = 'received',
): Promise<void> {
  await db.query(
    `insert into public.stock_movements (variant_id, quantity, reason, note) values ($1, $2, 'receipt', $3)`,
    [variantId, quantity, note],
  );
}

export interface VariantStock {
  stock_quantity: number;
  available_quantity: number;
  reserved_quantity: number;
}

/** A variant's on-hand, available and reserved stock, as the computed columns give them. */
export async function stockOf(db: Queryable, variantId: number): Promise<VariantStock> {
  const { rows } = await db.query<VariantStock>(
    `select v.stock_quantity, public.available_quantity(v) as available_quantity,
       public.reserved_quantity(v) as reserved_quantity
     from public.product_variants as v where v.id = $1`,
    [variantId],
  );
  return rows[0]!;
}

/** The ledger's rows for a variant, oldest first. */
export async function movementsOf(
  db: Queryable,
  variantId: number,
): Promise<
  {
    reason: string;
    quantity: number;
    reserved_change: number;
    balance_after: number | null;
    order_id: string | null;
  }[]
> {
  const { rows } = await db.query<{
    reason: string;
    quantity: number;
    reserved_change: number;
    balance_after: number | null;
    order_id: string | null;
  }>(
    `select reason, quantity, reserved_change, balance_after, order_id::text as order_id
     from public.stock_movements where variant_id = $1 order by id`,
    [variantId],
  );
  return rows;
}

/** A product's stock total and in_stock once the refresh-product-stock job has folded the sales in. */
export async function productStockOf(
  db: Queryable,
  productId: number,
): Promise<{ stock_quantity: number; in_stock: boolean }> {
  await db.query('select private.refresh_product_stock()');
  const { rows } = await db.query<{ stock_quantity: number; in_stock: boolean }>(
    'select stock_quantity, in_stock from public.products where id = $1',
    [productId],
  );
  return rows[0]!;
}

/**
 * Products whose stock total is not the sum of their active variants' stock once the ledger's last
 * rows are folded in (private.refresh_product_stock(), the refresh-product-stock job's run): a sale
 * leaves the total to that job, everything else keeps it in its own transaction. Empty on a database
 * without the job.
 */
export async function productTotalMismatches(
  db: Queryable,
): Promise<{ id: string; stock_quantity: number; variants: number }[]> {
  const has = await db.query<{ f: string | null }>(
    `select to_regprocedure('private.refresh_product_stock(boolean)')::text as f`,
  );
  if (!has.rows[0]?.f) return [];
  await db.query('select private.refresh_product_stock()');
  const { rows } = await db.query<{ id: string; stock_quantity: number; variants: number }>(
    `select p.id, p.stock_quantity, s.stock as variants
     from public.products as p
     join (
       select v.product_id, coalesce(sum(v.stock_quantity) filter (where v.is_active), 0)::integer as stock
       from public.product_variants as v group by v.product_id
     ) as s on s.product_id = p.id
     where p.stock_quantity <> s.stock
     order by p.id`,
  );
  return rows;
}

/**
 * Variants whose stock is not the sum of their movements (none, when the ledger holds). Skipped
 * (empty) on a database without the ledger.
 */
export async function ledgerMismatches(
  db: Queryable,
): Promise<{ id: string; sku: string; stock_quantity: number; ledger: number }[]> {
  const has = await db.query<{ t: string | null }>(`select to_regclass('public.stock_movements')::text as t`);
  if (!has.rows[0]?.t) return [];
  const { rows } = await db.query<{ id: string; sku: string; stock_quantity: number; ledger: number }>(
    `select v.id, v.sku, v.stock_quantity, coalesce(m.total, 0)::integer as ledger
     from public.product_variants as v
     left join (select variant_id, sum(quantity) as total from public.stock_movements group by variant_id) as m
       on m.variant_id = v.id
     where v.stock_quantity <> coalesce(m.total, 0)
     order by v.id`,
  );
  return rows;
}

/**
 * Sells out every variant of the given products elsewhere (an 'adjustment' through the ledger): what
 * `update products set stock_quantity = 0` did before stock moved only through movements.
 */
export async function sellOut(db: Queryable, productIds: number[]): Promise<void> {
  await db.query(
    `insert into public.stock_movements (variant_id, quantity, reason, note)
     select v.id, -v.stock_quantity, 'adjustment', 'sold elsewhere (test)'
     from public.product_variants as v
     where v.product_id = any ($1::bigint[]) and v.stock_quantity > 0
     order by v.id`,
    [productIds],
  );
}

/** Sets a variant's on-hand stock through the ledger (a 'receipt' or 'adjustment' of the difference). */
export async function setStock(db: Queryable, productId: number, stock: number): Promise<void> {
  await db.query(
    `insert into public.stock_movements (variant_id, quantity, reason, note)
     select v.id, $2 - v.stock_quantity, case when $2 > v.stock_quantity then 'receipt' else 'adjustment' end, 'set by a test'
     from public.product_variants as v
     where v.product_id = $1 and v.is_default and v.stock_quantity <> $2`,
    [productId, stock],
  );
}
