import { describe, expect, it } from 'vitest';
import { applyLabel, entryText, importCounts, refusedCount, zoneText } from '@/delivery/import-result';

const assign = {
  applied: false,
  total: 5,
  changed: 2,
  unchanged: 1,
  changes: [
    { pincode: '744101', from: null, to: 'Islands' },
    { pincode: '560001', from: 'Metro', to: null },
  ],
  errors: [
    { row: 4, pincode: '05600', message: 'Not a 6-digit pincode.' },
    { row: 5, pincode: '999999', message: 'Not in the pincode directory: load it there first.' },
  ],
};

describe('the upload preview', () => {
  it('counts a zone upload’s rows: changed, unchanged and refused', () => {
    expect(importCounts(assign)).toEqual([
      { label: 'Rows', value: 5 },
      { label: 'Changed', value: 2 },
      { label: 'Unchanged', value: 1 },
      { label: 'Refused', value: 2 },
    ]);
  });

  it('counts a directory upload’s new and updated pincodes', () => {
    const load = { ...assign, errors: [], total: 3, changed: 3, unchanged: 0, added: 2, updated: 1 };
    expect(importCounts(load).map((c) => `${c.label} ${c.value}`)).toEqual([
      'Rows 3',
      'New 2',
      'Updated 1',
      'Unchanged 0',
      'Refused 0',
    ]);
  });

  it('counts refused rows beyond the 1,000 listed', () => {
    expect(refusedCount({ ...assign, total: 1500, changed: 0, unchanged: 0 })).toBe(1500);
  });

  it('says a change in words', () => {
    expect(zoneText(null)).toBe('No zone');
    expect(zoneText('Metro')).toBe('Metro');
    expect(entryText(null)).toBe('New');
    expect(entryText('Leh, Leh, Leh, Ladakh')).toBe('Leh, Leh, Leh, Ladakh');
    expect(applyLabel(1)).toBe('Apply 1 change');
    expect(applyLabel(12000)).toBe('Apply 12,000 changes');
  });
});
