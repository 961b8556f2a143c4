import { describe, expect, it } from 'vitest';
import { deliveryBy, deliveryWindow, shortDay } from '@/lib/delivery-dates';

describe('delivery dates (calendar days in India)', () => {
  it('says a quote as "Delivery by Thu 4 Dec – Mon 8 Dec"', () => {
    expect(deliveryBy('2025-12-04', '2025-12-08')).toBe('Delivery by Thu 4 Dec – Mon 8 Dec');
  });

  it('says one date when the window is one day', () => {
    expect(deliveryBy('2026-12-04', '2026-12-04')).toBe('Delivery by Fri 4 Dec');
  });

  it('crosses month and year ends', () => {
    expect(deliveryBy('2026-12-30', '2027-01-04')).toBe('Delivery by Wed 30 Dec – Mon 4 Jan');
    expect(shortDay('2028-02-29')).toBe('Tue 29 Feb');
  });

  it('keeps the day whatever the browser time zone (read at noon UTC, shown in IST)', () => {
    // 1 Jan in India is still 31 Dec in UTC until 05:30: a date-only value must not slip back.
    expect(shortDay('2027-01-01')).toBe('Fri 1 Jan');
  });

  it("shows an order's promised window with years", () => {
    expect(deliveryWindow('2026-12-01', '2026-12-03')).toBe('Tue 1 Dec 2026 – Thu 3 Dec 2026');
    expect(deliveryWindow('2026-12-01', '2026-12-01')).toBe('Tue 1 Dec 2026');
  });

  it('refuses what is not a date', () => {
    expect(() => shortDay('4 Dec')).toThrow(RangeError);
    expect(() => deliveryBy('2026-12-04T00:00:00Z', '2026-12-05')).toThrow(RangeError);
  });
});
