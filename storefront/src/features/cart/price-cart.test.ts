import { describe, expect, it } from 'vitest';
import { lineKey, type CartLine } from '@/features/cart/cart-lines';
import { defaultVariants, priceCart } from '@/features/cart/price-cart';

const line = (productId: number, qty: number, variantId: number | null = null): CartLine => ({
  key: lineKey(productId, variantId),
  productId,
  variantId,
  qty,
});
const v = (
  id: number,
  price: number,
  extra: Partial<{
    is_default: boolean;
    is_active: boolean;
    made_to_order: boolean;
    available_quantity: number;
  }> = {},
) => ({
  id,
  sku: `SKU-${id}`,
  title: `Variant ${id}`,
  price,
  is_default: false,
  is_active: true,
  made_to_order: false,
  available_quantity: 10,
  ...extra,
});
// The sofa's variants differ in price; its default is the ₹24,999 one.
const SOFA = {
  id: 1,
  variants: [
    v(11, 24999, { is_default: true, available_quantity: 3 }),
    v(12, 38999, { available_quantity: 0 }),
  ],
};
const STOOL = { id: 2, variants: [v(21, 1249.5, { is_default: true })] };
const LAMP = { id: 3, variants: [v(31, 0.1, { is_default: true })] };
const BED = {
  id: 4,
  variants: [
    v(41, 45000, { is_default: true, made_to_order: true, available_quantity: 0 }),
    v(42, 9, { is_active: false }),
  ],
};

describe('priceCart: the cart and the checkout price the cart the same way, from the variants', () => {
  it("prices each line from its variant's price; free delivery from ₹2,999", () => {
    const cart = priceCart([line(1, 1, 12), line(2, 2, 21)], [SOFA, STOOL]);
    expect(cart.lines.map((l) => l.total)).toEqual([38999, 2499]);
    expect(cart.summary).toEqual({ subtotal: 41498, deliveryFee: 0, discount: 0, total: 41498 });
    expect(cart.freeDeliveryHint).toBe(0);
  });

  it('charges ₹99 below the threshold and says how much more is free', () => {
    const cart = priceCart([line(2, 2, 21)], [STOOL]);
    expect(cart.summary).toEqual({ subtotal: 2499, deliveryFee: 99, discount: 0, total: 2598 });
    expect(cart.freeDeliveryHint).toBe(500);
  });

  it("prices a product-only line (a card's, or a cart from before variants) from the default variant", () => {
    const cart = priceCart([line(1, 1)], [SOFA]);
    expect(cart.lines[0]).toMatchObject({ variant: { id: 11 }, total: 24999 });
  });

  it('keeps two variants of one product apart, and sets aside lines whose product or variant is gone', () => {
    const cart = priceCart(
      [line(1, 1, 11), line(1, 1, 12), line(9, 3), line(4, 1, 42), line(1, 1, 99)],
      [SOFA, BED],
    );
    expect(cart.lines.map((l) => l.line.key)).toEqual(['v11', 'v12']);
    expect(cart.unavailable.map((l) => l.key)).toEqual(['p9', 'v42', 'v99']);
    expect(cart.summary.subtotal).toBe(63998);
  });

  it("caps each line at its variant's available quantity, and made-to-order lines not at all", () => {
    const cart = priceCart([line(1, 1, 11), line(1, 1, 12), line(4, 2, 41)], [SOFA, BED]);
    expect(cart.lines.map((l) => l.max)).toEqual([3, 0, undefined]);
  });

  it('applies the discount the database previewed after deciding the fee', () => {
    const cart = priceCart([line(1, 1, 11)], [SOFA], { discount: 2499.9 });
    expect(cart.summary).toEqual({ subtotal: 24999, deliveryFee: 0, discount: 2499.9, total: 22499.1 });
  });

  it('rounds to the paise (no float noise in the totals)', () => {
    const cart = priceCart([line(3, 3, 31)], [LAMP]);
    expect(cart.lines[0]!.total).toBe(0.3);
    expect(cart.summary.total).toBe(99.3);
  });

  it("gives each product's default variant for mapping product-only lines (no cap when made to order)", () => {
    expect([...defaultVariants([SOFA, BED])]).toEqual([
      [1, { variantId: 11, variantTitle: 'Variant 11', sku: 'SKU-11', max: 3 }],
      [4, { variantId: 41, variantTitle: 'Variant 41', sku: 'SKU-41' }],
    ]);
  });

  it("charges the fee check_delivery quoted for the pincode's zone, and hints at that zone's free threshold", () => {
    const quoted = priceCart([line(2, 1, 21)], [STOOL], undefined, { fee: 149, freeAbove: 4999 });
    expect(quoted.summary).toEqual({ subtotal: 1249.5, deliveryFee: 149, discount: 0, total: 1398.5 });
    expect(quoted.freeDeliveryHint).toBe(3749.5);
    const neverFree = priceCart([line(1, 1, 11)], [SOFA], undefined, { fee: 499, freeAbove: null });
    expect(neverFree.summary.deliveryFee).toBe(499);
    expect(neverFree.freeDeliveryHint).toBe(0);
  });
});
