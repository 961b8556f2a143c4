import { describe, expect, it } from 'vitest';
import { buyableQuantity } from './variant-stock.ts';

describe('buyableQuantity', () => {
  it('is the available stock, never below 0, and 0 when it was not read', () => {
    expect(buyableQuantity({ made_to_order: false, available_quantity: 3 })).toBe(3);
    expect(buyableQuantity({ made_to_order: false, available_quantity: -2 })).toBe(0);
    expect(buyableQuantity({ made_to_order: false, available_quantity: null })).toBe(0);
  });

  it('has no limit for a made-to-order variant', () => {
    expect(buyableQuantity({ made_to_order: true, available_quantity: 0 })).toBeUndefined();
  });
});
