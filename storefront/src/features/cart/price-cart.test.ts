import { describe, expect, it } from 'vitest';
import { lineKey, type CartLine } from '@/features/cart/cart-store';
import { priceCart } from '@/features/cart/price-cart';

const line = (productId: number, qty: number, color?: string): CartLine => ({
  key: lineKey(productId, color),
  productId,
  qty,
  color,
});
const SOFA = { id: 1, price: 24999 };
const STOOL = { id: 2, price: 1249.5 };
const LAMP = { id: 3, price: 0.1 };

describe('priceCart: the cart and the checkout price the cart the same way', () => {
  it('prices each line and sums them; free delivery from ₹2,999', () => {
    const cart = priceCart([line(1, 1), line(2, 2)], [SOFA, STOOL]);
    expect(cart.lines.map((l) => l.total)).toEqual([24999, 2499]);
    expect(cart.summary).toEqual({ subtotal: 27498, deliveryFee: 0, discount: 0, total: 27498 });
    expect(cart.freeDeliveryHint).toBe(0);
  });

  it('charges ₹99 below the threshold and says how much more is free', () => {
    const cart = priceCart([line(2, 2)], [STOOL]);
    expect(cart.summary).toEqual({ subtotal: 2499, deliveryFee: 99, discount: 0, total: 2598 });
    expect(cart.freeDeliveryHint).toBe(500);
  });

  it('keeps two lines of one product in different colours apart, and skips products that left the catalog', () => {
    const cart = priceCart([line(2, 1, 'Teak'), line(2, 1, 'Walnut'), line(9, 3)], [STOOL]);
    expect(cart.lines.map((l) => l.line.key)).toEqual(['2|Teak|', '2|Walnut|']);
    expect(cart.summary.subtotal).toBe(2499);
  });

  it('applies the discount the database previewed after deciding the fee', () => {
    const cart = priceCart([line(1, 1)], [SOFA], { discount: 2499.9 });
    expect(cart.summary).toEqual({ subtotal: 24999, deliveryFee: 0, discount: 2499.9, total: 22499.1 });
  });

  it('rounds to the paise (no float noise in the totals)', () => {
    const cart = priceCart([line(3, 3)], [LAMP]);
    expect(cart.lines[0]!.total).toBe(0.3);
    expect(cart.summary.total).toBe(99.3);
  });
});
