import { describe, expect, it } from 'vitest';
import { clockText, closedWeekdaysText } from './policy-text';

describe('closedWeekdaysText', () => {
  it('names the ISO weekdays in order, joined as a sentence', () => {
    expect(closedWeekdaysText([7])).toBe('Sundays');
    expect(closedWeekdaysText([7, 6])).toBe('Saturdays and Sundays');
    expect(closedWeekdaysText([1, 3, 5])).toBe('Mondays, Wednesdays and Fridays');
  });
  it('says nothing for no closed day, and ignores duplicates and days out of range', () => {
    expect(closedWeekdaysText([])).toBe('');
    expect(closedWeekdaysText([7, 7, 0, 8])).toBe('Sundays');
  });
});

describe('clockText', () => {
  it('reads a Postgres time on a 12-hour clock', () => {
    expect(clockText('14:00:00')).toBe('2:00 PM');
    expect(clockText('09:30')).toBe('9:30 AM');
    expect(clockText('00:15:00')).toBe('12:15 AM');
    expect(clockText('12:00:00')).toBe('12:00 PM');
  });
});
