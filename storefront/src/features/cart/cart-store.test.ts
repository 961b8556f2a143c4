import { beforeEach, describe, expect, it } from 'vitest';
import { lineKey, totalQuantity, useCartStore } from '@/features/cart/cart-store';

const store = () => useCartStore.getState();

describe('cart store', () => {
  beforeEach(() => store().clear());

  it('adds a new line with quantity 1 and raises it when id, colour and size all match', () => {
    store().add({ productId: 1, color: 'Teak' });
    store().add({ productId: 1, color: 'Teak' });
    store().add({ productId: 1, color: 'Walnut' });
    expect(store().lines).toEqual([
      { key: lineKey(1, 'Teak'), productId: 1, qty: 2, color: 'Teak', size: undefined },
      { key: lineKey(1, 'Walnut'), productId: 1, qty: 1, color: 'Walnut', size: undefined },
    ]);
    expect(totalQuantity(store().lines)).toBe(3);
  });

  it('changes one line by its own key, not every line of the product', () => {
    store().add({ productId: 1, color: 'Teak' });
    store().add({ productId: 1, color: 'Walnut' });
    store().setQty(lineKey(1, 'Teak'), 5);
    expect(store().lines.map((l) => l.qty)).toEqual([5, 1]);
  });

  it('removes a line whose quantity is set to 0 or less', () => {
    store().add({ productId: 2 });
    store().setQty(lineKey(2), 0);
    expect(store().lines).toEqual([]);
    store().add({ productId: 3 });
    store().setQty(lineKey(3), -1);
    expect(store().lines).toEqual([]);
  });

  it('caps quantities at the stock and refuses sold-out products', () => {
    store().add({ productId: 4, max: 2 });
    store().add({ productId: 4, max: 2 });
    store().add({ productId: 4, max: 2 });
    expect(store().lines[0]?.qty).toBe(2);
    store().setQty(lineKey(4), 10, 2);
    expect(store().lines[0]?.qty).toBe(2);
    store().add({ productId: 5, max: 0 });
    expect(store().lines).toHaveLength(1);
  });

  it('removes by key and clears', () => {
    store().add({ productId: 6 });
    store().add({ productId: 7 });
    store().remove(lineKey(6));
    expect(store().lines.map((l) => l.productId)).toEqual([7]);
    store().clear();
    expect(store().lines).toEqual([]);
  });
});
