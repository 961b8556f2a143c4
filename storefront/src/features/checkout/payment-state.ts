import type { ShippingAddress } from 'shared/schemas/checkout';
import type { Enums } from 'shared/types/database';
import type { TaxRow } from '@/lib/tax-lines';

export type PaymentMethod = Enums<'payment_method'>;

/** One cart line as the payment page shows it (the price is the catalog's preview, not the truth). */
export interface PaymentLine {
  productId: number;
  /** The variant the line buys (place_order prices and stocks it); null only for a line still named by its product. */
  variantId: number | null;
  name: string;
  /** The variant's title ('Teal velvet / 3-seater'; 'Default' for a product without options). */
  variantTitle?: string;
  sku?: string;
  price: number;
  qty: number;
}

/** place_order's items: each line by its variant (a bare product id means that product's default variant). */
export function orderItems(lines: readonly PaymentLine[]) {
  return lines.map((l) =>
    l.variantId === null
      ? { product_id: l.productId, quantity: l.qty }
      : { variant_id: l.variantId, quantity: l.qty },
  );
}

/**
 * What /checkout hands to /payment through navigation state (spec: items, total, address, method,
 * subtotal, delivery fee, discount). The figures are a preview: place_order prices the order again.
 * The idempotency key is made once per checkout, so a retry or a double click makes one order.
 */
export interface PaymentState {
  items: PaymentLine[];
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  promoCode: string | null;
  address: ShippingAddress;
  method: PaymentMethod;
  idempotencyKey: string;
  /** The business invoice's GSTIN and registered name (both or neither; checked at checkout). */
  buyerGstin?: string | null;
  buyerLegalName?: string | null;
  /** The GST the total includes, per rate, as the checkout previewed it. */
  tax?: { tax: number; rows: TaxRow[] } | null;
}

/** The state if it is complete enough to pay (a total and a non-empty item list), else null. */
export function readPaymentState(state: unknown): PaymentState | null {
  const s = state as Partial<PaymentState> | null;
  if (!s || typeof s.total !== 'number' || !Array.isArray(s.items) || s.items.length === 0) return null;
  if (!s.address || !s.idempotencyKey || (s.method !== 'cod' && s.method !== 'razorpay')) return null;
  return s as PaymentState;
}
