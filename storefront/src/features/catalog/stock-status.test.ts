import { describe, expect, it } from 'vitest';
import { leadTimeText, stockStatus } from '@/features/catalog/stock-status';

const v = (available_quantity: number | null, made_to_order = false, lead_time_days = 0) => ({
  available_quantity,
  made_to_order,
  lead_time_days,
});

describe('stock text of the chosen variant', () => {
  it.each([
    [v(40), 'in-stock', 'In stock'],
    [v(6), 'in-stock', 'In stock'],
    [v(5), 'low', 'Only 5 left'],
    [v(1), 'low', 'Only 1 left'],
    [v(0), 'out', 'Out of stock'],
    [v(-2), 'out', 'Out of stock'],
    [v(null), 'out', 'Out of stock'],
    [v(0, true, 21), 'made-to-order', 'Made to order — ships in 21 days'],
    [v(3, true, 1), 'made-to-order', 'Made to order — ships in 1 day'],
    [v(0, true, 0), 'made-to-order', 'Made to order'],
  ])('%j → %s "%s"', (variant, kind, text) => {
    expect(stockStatus(variant)).toEqual({ kind, text });
  });

  it('gives a stocked variant its lead time, and none to made to order (said in its stock text)', () => {
    expect(leadTimeText(v(4, false, 3))).toBe('Ships in 3 days');
    expect(leadTimeText(v(4, false, 0))).toBeNull();
    expect(leadTimeText(v(0, true, 14))).toBeNull();
  });
});
