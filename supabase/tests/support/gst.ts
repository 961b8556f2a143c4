/**
 * GST (issue 18) for the db-gst* suites: GSTINs with their check character, the delivery addresses
 * of the places of supply the suites use, shared/src/gst's split in paise (the preview the database
 * is held to; db-gst-split checks both against the hand-checked fixture) and readers of what
 * place_order and the invoice trigger wrote (as the superuser, amounts as exact text → paise).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Queryable } from 'supabase-local';
import type { TestServer } from 'supabase-local/testing';
import { financialYear as sharedFinancialYear } from '../../../shared/src/gst/financial-year.ts';
import { gstinCheckCharacter } from '../../../shared/src/gst/gstin.ts';
import { apportion, splitChargedPaise, type SupplyType } from '../../../shared/src/gst/split.ts';
import type { Json } from '../../../shared/src/types/database.ts';
import { plainProduct, uniq } from './variants.ts';
import { shippingAddress, storeClient, serviceClient, type Person } from './store.ts';

/** A GSTIN with the right check character. */
export const gstin = (first14: string): string => first14 + gstinCheckCharacter(first14);
export { gstinCheckCharacter as gstinCheckChar };

/** The demo store's GSTIN (Karnataka, 29), as the seed has it. */
export const STORE_GSTIN = '29AAECF1234K1ZM';

type Address = { [key: string]: Json | undefined };

/** Delivery addresses by place of supply (pincodes of the directory). */
export const ADDRESS: Record<'KA' | 'MH' | 'CH' | 'DL', Address> = {
  KA: shippingAddress({ pincode: '560001', city: 'Bengaluru', state: 'Karnataka' }),
  MH: shippingAddress({ pincode: '400001', city: 'Mumbai', state: 'Maharashtra' }),
  CH: shippingAddress({ pincode: '160017', city: 'Chandigarh', state: 'Chandigarh' }),
  DL: shippingAddress({ pincode: '110001', city: 'New Delhi', state: 'Delhi' }),
};

/**
 * supabase-js clients without the generated types: the suites reach tables and functions the types
 * may not list yet, and check shapes themselves.
 */
export const gstClient = (s: TestServer, p?: Person): SupabaseClient =>
  storeClient(s, p) as unknown as SupabaseClient;
export const gstService = (s: TestServer): SupabaseClient => serviceClient(s) as unknown as SupabaseClient;

/** Rupees as the database's text ('1083.90') or a JSON number → integer paise. */
export const paise = (v: string | number): number => Math.round(Number(v) * 100);

/** A product of the test's own with an HSN code (the default variant sells it). */
export async function hsnProduct(
  db: Queryable,
  price: number,
  hsn = '9403',
  stock = 500,
): Promise<{ id: number; variantId: number; name: string }> {
  const p = await plainProduct(db, { name: uniq(`GST piece ${hsn} `), price, stock });
  await db.query('update public.products set hsn_code = $2 where id = $1', [p.id, hsn]);
  return p;
}

export type { SupplyType };

export interface SplitLine {
  discount_share: number;
  delivery_share: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
}

/** shared/src/gst's split of lines in paise (amounts, discount and fee in paise; rates in %). */
export function referenceSplit(
  lines: { amount: number; rate: number }[],
  discount: number,
  delivery: number,
  supply: SupplyType,
): SplitLine[] {
  const amounts = lines.map((l) => l.amount);
  const d = apportion(discount, amounts);
  const f = apportion(delivery, amounts);
  return lines.map((l, i) => {
    const x = splitChargedPaise(l.amount - d[i]! + f[i]!, l.rate, supply);
    return {
      discount_share: d[i]!,
      delivery_share: f[i]!,
      taxable_value: x.taxableValue,
      cgst: x.cgst,
      sgst: x.sgst,
      utgst: x.utgst,
      igst: x.igst,
    };
  });
}

export interface OrderTax {
  id: string;
  order_number: string;
  status: string;
  place_of_supply: string | null;
  supply_type: SupplyType | null;
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  tax_total: number;
}

export interface ItemTax extends SplitLine {
  id: number;
  product_id: number;
  quantity: number;
  hsn_code: string | null;
  gst_rate: number | null;
  line_total: number;
}

/** An order's GST snapshot as stored (amounts in paise, rate in percent). */
export async function orderTax(
  db: Queryable,
  orderId: string,
): Promise<{ order: OrderTax; items: ItemTax[] }> {
  const o = await db.query<Record<string, string>>(
    `select id::text, order_number, status::text, place_of_supply, supply_type, buyer_gstin, buyer_legal_name,
       subtotal::text, discount::text, delivery_fee::text, total::text, tax_total::text
     from public.orders where id = $1`,
    [orderId],
  );
  const r = o.rows[0];
  if (!r) throw new Error(`order ${orderId} not found`);
  const i = await db.query<Record<string, string>>(
    `select id::text, product_id::text, quantity::text, hsn_code, gst_rate::text, line_total::text,
       discount_share::text, delivery_share::text, taxable_value::text, cgst::text, sgst::text,
       utgst::text, igst::text
     from public.order_items where order_id = $1 order by id`,
    [orderId],
  );
  const n = (v: string | null | undefined) => (v === null || v === undefined ? null : paise(v));
  return {
    order: {
      id: r.id!,
      order_number: r.order_number!,
      status: r.status!,
      place_of_supply: r.place_of_supply ?? null,
      supply_type: (r.supply_type ?? null) as SupplyType | null,
      buyer_gstin: r.buyer_gstin ?? null,
      buyer_legal_name: r.buyer_legal_name ?? null,
      subtotal: paise(r.subtotal!),
      discount: paise(r.discount!),
      delivery_fee: paise(r.delivery_fee!),
      total: paise(r.total!),
      tax_total: n(r.tax_total) ?? NaN,
    },
    items: i.rows.map((x) => ({
      id: Number(x.id),
      product_id: Number(x.product_id),
      quantity: Number(x.quantity),
      hsn_code: x.hsn_code ?? null,
      gst_rate: x.gst_rate === null || x.gst_rate === undefined ? null : Number(x.gst_rate),
      line_total: paise(x.line_total!),
      discount_share: n(x.discount_share) ?? NaN,
      delivery_share: n(x.delivery_share) ?? NaN,
      taxable_value: n(x.taxable_value) ?? NaN,
      cgst: n(x.cgst) ?? NaN,
      sgst: n(x.sgst) ?? NaN,
      utgst: n(x.utgst) ?? NaN,
      igst: n(x.igst) ?? NaN,
    })),
  };
}

const taxOf = (l: SplitLine) => l.cgst + l.sgst + l.utgst + l.igst;
export const charged = (l: SplitLine) => l.taxable_value + taxOf(l);

/** What the snapshot should be, by the reference split over the order's own lines, rates and totals. */
export function expectedSplit(t: { order: OrderTax; items: ItemTax[] }, supply: SupplyType): SplitLine[] {
  return referenceSplit(
    t.items.map((i) => ({ amount: i.line_total, rate: i.gst_rate ?? NaN })),
    t.order.discount,
    t.order.delivery_fee,
    supply,
  );
}

/** The stored split of each line, in the reference split's shape. */
export const storedSplit = (items: ItemTax[]): SplitLine[] =>
  items.map((i) => ({
    discount_share: i.discount_share,
    delivery_share: i.delivery_share,
    taxable_value: i.taxable_value,
    cgst: i.cgst,
    sgst: i.sgst,
    utgst: i.utgst,
    igst: i.igst,
  }));

/** Sums the contract asks to hold over an order: Σ charged = total, Σ shares = discount and fee, Σ tax = tax_total. */
export function orderSums(t: { order: OrderTax; items: ItemTax[] }) {
  const sum = (f: (i: ItemTax) => number) => t.items.reduce((a, i) => a + f(i), 0);
  return {
    charged: sum(charged),
    discount: sum((i) => i.discount_share),
    delivery: sum((i) => i.delivery_share),
    tax: sum(taxOf),
    lineInvariant: t.items.every((i) => charged(i) === i.line_total - i.discount_share + i.delivery_share),
  };
}

/** The financial year of an instant, by its date in India: '2026-27' and its invoice form '2627'. */
export function financialYear(at: Date): { fy: string; fy4: string } {
  const y = sharedFinancialYear(at);
  return { fy: y.label, fy4: y.short };
}

/** Sets a document's issue time as a test fixture: the superuser with user triggers off, in one transaction. */
export async function backdate(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  table: 'invoices' | 'credit_notes',
  id: number,
  issuedAt: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(`update public.${table} set issued_at = $2::timestamptz where id = $1`, [id, issuedAt]);
  });
}
