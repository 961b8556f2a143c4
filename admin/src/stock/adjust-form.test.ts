import { describe, expect, it } from 'vitest';
import { adjustErrors, toAdjustArgs, type AdjustTarget } from '@/stock/adjust-form';

const chair: AdjustTarget = { id: 4, sku: 'CHAIR-TEAK', stock_quantity: 3 };
const bed: AdjustTarget = { id: 9, sku: 'BED-KING', stock_quantity: 10 };

describe('adjustErrors', () => {
  it('accepts a receipt without a note and an adjustment with one', () => {
    expect(adjustErrors({ quantity: '12', reason: 'receipt', note: '' }, [chair, bed])).toEqual({});
    expect(adjustErrors({ quantity: '-3', reason: 'adjustment', note: 'Count 24 Nov' }, [chair])).toEqual({});
  });

  it('asks for a whole non-zero change and a reason', () => {
    for (const quantity of ['', '0', '1.5', 'ten']) {
      expect(adjustErrors({ quantity, reason: 'receipt', note: '' }, [chair]).quantity).toBe(
        'Enter a whole number other than 0 (− to remove).',
      );
    }
    expect(adjustErrors({ quantity: '2', reason: '', note: '' }, [chair])).toEqual({
      reason: 'Choose a reason.',
    });
  });

  it('requires a note for an adjustment', () => {
    expect(adjustErrors({ quantity: '-1', reason: 'adjustment', note: '   ' }, [chair]).note).toMatch(
      /^Say why for an adjustment/,
    );
  });

  it('names the variants a removal would take below 0', () => {
    expect(adjustErrors({ quantity: '-4', reason: 'import', note: '' }, [chair, bed]).quantity).toBe(
      'Stock cannot go below 0: CHAIR-TEAK has less on hand.',
    );
    expect(adjustErrors({ quantity: '-11', reason: 'import', note: '' }, [chair, bed]).quantity).toBe(
      'Stock cannot go below 0: CHAIR-TEAK, BED-KING have less on hand.',
    );
  });
});

describe('toAdjustArgs', () => {
  it('makes one change per selected variant for one admin_adjust_stock call', () => {
    expect(toAdjustArgs({ quantity: ' 5 ', reason: 'receipt', note: ' PO-118 ' }, [chair, bed])).toEqual({
      changes: [
        { variant_id: 4, quantity_change: 5 },
        { variant_id: 9, quantity_change: 5 },
      ],
      reason: 'receipt',
      note: 'PO-118',
    });
    expect(toAdjustArgs({ quantity: '-1', reason: 'adjustment', note: 'damaged' }, [chair]).note).toBe(
      'damaged',
    );
    expect(toAdjustArgs({ quantity: '1', reason: 'import', note: '' }, [chair])).not.toHaveProperty('note');
  });
});
