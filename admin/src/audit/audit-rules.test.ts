import { describe, expect, it } from 'vitest';
import { fieldChanges, historyPath, showValue } from '@/audit/audit-rules';

describe('fieldChanges', () => {
  it('pairs the changed columns of an update, before and after, in order', () => {
    expect(
      fieldChanges({
        old_values: { price: 12999, is_active: true },
        new_values: { price: 11999, is_active: false },
      }),
    ).toEqual([
      { field: 'is_active', before: true, after: false },
      { field: 'price', before: 12999, after: 11999 },
    ]);
  });

  it('shows a creation as values after and a deletion as values before', () => {
    expect(fieldChanges({ old_values: null, new_values: { code: 'DIWALI' } })).toEqual([
      { field: 'code', before: undefined, after: 'DIWALI' },
    ]);
    expect(fieldChanges({ old_values: { code: 'DIWALI' }, new_values: null })).toEqual([
      { field: 'code', before: 'DIWALI', after: undefined },
    ]);
  });
});

describe('showValue', () => {
  it('writes absent values as a dash and structures as JSON', () => {
    expect(showValue(undefined)).toBe('—');
    expect(showValue(null)).toBe('—');
    expect(showValue('shipped')).toBe('shipped');
    expect(showValue(['owner'])).toBe('["owner"]');
    expect(showValue(12999)).toBe('12999');
  });
});

describe('historyPath', () => {
  it('opens the audit list filtered to the record', () => {
    const path = historyPath('products', 12);
    expect(path.startsWith('/audit_log?filter=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(path.split('filter=')[1]!))).toEqual({
      table_name: 'products',
      record_id: '12',
    });
  });
});
