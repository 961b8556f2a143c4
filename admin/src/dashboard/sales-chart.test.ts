import { describe, expect, it } from 'vitest';
import { formatINR } from 'shared/pricing/format';
import { axisTicks, chartBars, dayLabel, labelledDays } from '@/dashboard/sales-chart';

describe('chartBars', () => {
  it('scales bars to the best day and leaves empty days flat', () => {
    const bars = chartBars(
      [
        { date: 'a', orders: 1, revenue: 50 },
        { date: 'b', orders: 0, revenue: 0 },
        { date: 'c', orders: 2, revenue: 100 },
      ],
      300,
      100,
    );
    expect(bars.map((b) => b.height)).toEqual([50, 0, 100]);
    expect(bars[2]!.y).toBe(0);
    expect(bars[1]!.x).toBeCloseTo(115);
  });

  it('scales to the axis top when given one', () => {
    const bars = chartBars([{ date: 'a', orders: 1, revenue: 75 }], 10, 100, 150);
    expect(bars[0]!.height).toBe(50);
  });

  it('draws nothing tall when there are no sales', () => {
    expect(chartBars([{ date: 'a', orders: 0, revenue: 0 }], 10, 10)[0]!.height).toBe(0);
    expect(chartBars([], 10, 10)).toEqual([]);
  });
});

describe('dayLabel', () => {
  it('writes an IST calendar day as Indian readers do: 26 Oct', () => {
    expect(dayLabel('2026-10-26')).toBe('26 Oct');
    expect(dayLabel('2026-11-01')).toBe('1 Nov');
    expect(dayLabel('2027-01-09')).toBe('9 Jan');
  });

  it('reads the day of an old timestamp answer without moving it to another day', () => {
    expect(dayLabel('2026-10-26T00:00:00+00:00')).toBe('26 Oct');
  });
});

describe('axisTicks', () => {
  it('steps in round rupees from zero to at least the best day', () => {
    expect(axisTicks(123456)).toEqual([0, 50000, 100000, 150000]);
    expect(axisTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(axisTicks(9999)).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(axisTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('labels the axis in rupees with Indian grouping', () => {
    expect(axisTicks(1234567).map(formatINR)).toEqual(['₹0', '₹5,00,000', '₹10,00,000', '₹15,00,000']);
  });

  it('has only zero when nothing sold', () => {
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe('labelledDays', () => {
  it('labels today and every seventh day before it', () => {
    expect(labelledDays(30)).toEqual([1, 8, 15, 22, 29]);
    expect(labelledDays(3)).toEqual([2]);
    expect(labelledDays(0)).toEqual([]);
  });
});
