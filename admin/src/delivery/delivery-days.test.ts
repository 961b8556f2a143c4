import { describe, expect, it } from 'vitest';
import { cutoffInput, formatDay, scheduleErrors, todayIST, toSchedule } from '@/delivery/delivery-days';

describe('formatDay', () => {
  it('shows a date column as its own calendar day, whatever the browser’s time zone', () => {
    expect(formatDay('2026-12-25')).toBe('Fri, 25 Dec 2026');
    expect(formatDay('2027-01-01')).toBe('Fri, 1 Jan 2027');
    expect(formatDay('not a day')).toBe('not a day');
  });
});

describe('todayIST', () => {
  it('is India’s date: 18:30 UTC is already the next day there', () => {
    expect(todayIST(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31');
    expect(todayIST(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });
});

describe('the cut-off and non-delivery weekdays', () => {
  it('shows a time column in a time input', () => {
    expect(cutoffInput('14:00:00')).toBe('14:00');
    expect(cutoffInput(null)).toBe('');
  });

  it('needs a time of day and at least one delivery day', () => {
    expect(scheduleErrors({ order_cutoff: '17:30', non_delivery_weekdays: [7] })).toEqual({});
    expect(scheduleErrors({ order_cutoff: '14:00:00', non_delivery_weekdays: [] })).toEqual({});
    expect(scheduleErrors({ order_cutoff: '', non_delivery_weekdays: [1, 2, 3, 4, 5, 6, 7] })).toEqual({
      order_cutoff: 'Enter a time of day, e.g. 14:00.',
      non_delivery_weekdays: 'Leave at least one day to deliver on.',
    });
    expect(scheduleErrors({ order_cutoff: '24:00', non_delivery_weekdays: [0] })).toEqual({
      order_cutoff: 'Enter a time of day, e.g. 14:00.',
      non_delivery_weekdays: 'Choose weekdays from the list.',
    });
  });

  it('sends the two columns, weekdays sorted without repeats', () => {
    expect(toSchedule({ order_cutoff: '17:30', non_delivery_weekdays: [7, 2, 7] })).toEqual({
      order_cutoff: '17:30',
      non_delivery_weekdays: [2, 7],
    });
  });
});
