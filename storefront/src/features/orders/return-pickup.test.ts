import { describe, expect, it } from 'vitest';
import { pickupDates, pickupWindowLabel } from '@/features/orders/return-pickup';

describe('return pickup slots', () => {
  it('offers tomorrow to tomorrow + days − 1 in India, without Sundays', () => {
    // Wed 25 Nov 2026, 10:00 IST: Thu 26 … Wed 2 Dec, Sun 29 Nov left out.
    expect(pickupDates(new Date('2026-11-25T04:30:00Z'), 7)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('counts from the Indian date, not the UTC one', () => {
    // 20:00 UTC on 25 Nov is 01:30 on 26 Nov in India: tomorrow is the 27th.
    expect(pickupDates(new Date('2026-11-25T20:00:00Z'), 1)).toEqual(['2026-11-27']);
  });

  it('names the windows as the shopper reads them', () => {
    expect(pickupWindowLabel('09-13')).toBe('9 am–1 pm');
    expect(pickupWindowLabel('17-20')).toBe('5–8 pm');
    expect(pickupWindowLabel(null)).toBe('');
  });
});
