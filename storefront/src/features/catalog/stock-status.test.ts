import { describe, expect, it } from 'vitest';
import { leadTimeText, stockStatus } from '@/features/catalog/stock-status';

const v = (
  available_quantity: number | null,
  made_to_order = false,
  lead_time_days = 0,
  low_stock_threshold: number | null = null,
) => ({ available_quantity, made_to_order, lead_time_days, low_stock_threshold });

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
    expect(stockStatus(variant, 5)).toEqual({ kind, text });
  });

  it("says Only N left at the store's low-stock level, or the variant's own (the staff alert's rule)", () => {
    expect(stockStatus(v(8), 10)).toEqual({ kind: 'low', text: 'Only 8 left' });
    expect(stockStatus(v(5), 3)).toEqual({ kind: 'in-stock', text: 'In stock' });
    expect(stockStatus(v(3), 3)).toEqual({ kind: 'low', text: 'Only 3 left' });
    expect(stockStatus(v(12, false, 0, 15), 5)).toEqual({ kind: 'low', text: 'Only 12 left' });
    expect(stockStatus(v(4, false, 0, 2), 5)).toEqual({ kind: 'in-stock', text: 'In stock' });
    // A threshold of 0: never "Only N left"; the store's level unread: no number of our own.
    expect(stockStatus(v(1), 0)).toEqual({ kind: 'in-stock', text: 'In stock' });
    expect(stockStatus(v(2), null)).toEqual({ kind: 'in-stock', text: 'In stock' });
    expect(stockStatus(v(0), null)).toEqual({ kind: 'out', text: 'Out of stock' });
  });

  it('gives a stocked variant its lead time, and none to made to order (said in its stock text)', () => {
    expect(leadTimeText(v(4, false, 3))).toBe('Ships in 3 days');
    expect(leadTimeText(v(4, false, 0))).toBeNull();
    expect(leadTimeText(v(0, true, 14))).toBeNull();
  });
});
