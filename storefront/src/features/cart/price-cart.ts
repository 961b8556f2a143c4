import { freeDeliveryHint } from 'shared/pricing/delivery';
import { roundMoney, type Rupees } from 'shared/pricing/money';
import { orderSummary, type OrderSummary, type PreviewedDiscount } from 'shared/pricing/order-summary';
import { buyableQuantity } from 'shared/catalog/variant-stock';
import type { CartLine, DefaultVariant } from '@/features/cart/cart-lines';

/** What pricing reads of a variant (the catalog's product page select has all of it). */
interface PriceableVariant {
  id: number;
  sku: string;
  title: string;
  price: number;
  is_default: boolean;
  is_active: boolean;
  made_to_order: boolean;
  available_quantity: number | null;
}

export interface PricedLine<P, V> {
  line: CartLine;
  product: P;
  /** The line's variant: its own, or its product's default for a product-only line. */
  variant: V;
  /** The most this line may hold: the variant's available quantity; undefined when made to order. */
  max: number | undefined;
  /** variant price × quantity, to the paise */
  total: Rupees;
}

export interface PricedCart<P, V> {
  lines: PricedLine<P, V>[];
  /** Lines whose product or variant is no longer sold: neither priced nor counted. */
  unavailable: CartLine[];
  /**
   * subtotal, delivery fee, discount and total (shared/pricing/order-summary): the fee check_delivery
   * quoted for the pincode when there is one, else the default zone's rule (shared/pricing/delivery)
   */
  summary: OrderSummary;
  /** how much more for free delivery; 0 once it is free */
  freeDeliveryHint: Rupees;
}

function defaultOf<V extends PriceableVariant>(variants: readonly V[]): V | undefined {
  const live = variants.filter((v) => v.is_active);
  return live.find((v) => v.is_default) ?? live[0];
}

/** The stock cap of a variant: none when it is made to order (orderable at 0, ships after its lead time). */
export const variantMax = buyableQuantity;

/** What check_delivery quoted for the shipping pincode: its zone's fee for these items, and from when it is free. */
export interface QuotedDelivery {
  fee: Rupees;
  /** null: the zone never delivers free */
  freeAbove: Rupees | null;
}

/**
 * The cart priced from the variants: the one place the cart page and the checkout get their lines and
 * totals from. Lines whose product or variant left the catalog are neither priced nor counted. A
 * preview only: place_order prices the order again from the variant rows (and its delivery by the
 * same check_delivery that gave `delivery`).
 */
export function priceCart<P extends { id: number; variants: readonly PriceableVariant[] }>(
  lines: readonly CartLine[],
  products: readonly P[],
  promo?: PreviewedDiscount,
  delivery?: QuotedDelivery,
): PricedCart<P, P['variants'][number]> {
  type V = P['variants'][number];
  const byId = new Map(products.map((p) => [p.id, p]));
  const priced: PricedLine<P, V>[] = [];
  const unavailable: CartLine[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    const variants: readonly V[] = product?.variants ?? [];
    const variant =
      line.variantId === null
        ? defaultOf(variants)
        : variants.find((v) => v.id === line.variantId && v.is_active);
    if (!product || !variant) {
      unavailable.push(line);
      continue;
    }
    priced.push({
      line,
      product,
      variant,
      max: variantMax(variant),
      total: roundMoney(variant.price * line.qty),
    });
  }
  const subtotal = priced.reduce((sum, l) => sum + l.total, 0);
  const summary = orderSummary(roundMoney(subtotal), promo, delivery?.fee);
  const hint = !delivery
    ? freeDeliveryHint(summary.subtotal)
    : delivery.freeAbove === null
      ? 0
      : Math.max(0, roundMoney(delivery.freeAbove - summary.subtotal));
  return { lines: priced, unavailable, summary, freeDeliveryHint: hint };
}

/** Each priced product's default variant, for the lines that still name only their product. */
export function defaultVariants<V extends PriceableVariant>(
  products: readonly { id: number; variants: readonly V[] }[],
): Map<number, DefaultVariant> {
  const out = new Map<number, DefaultVariant>();
  for (const p of products) {
    const d = defaultOf(p.variants);
    if (!d) continue;
    const entry: DefaultVariant = { variantId: d.id, variantTitle: d.title, sku: d.sku };
    const max = variantMax(d);
    if (max !== undefined) entry.max = max;
    out.set(p.id, entry);
  }
  return out;
}
