import { describe, expect, it } from 'vitest';
import { chartBars } from '@/dashboard/sales-chart';

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

  it('draws nothing tall when there are no sales', () => {
    expect(chartBars([{ date: 'a', orders: 0, revenue: 0 }], 10, 10)[0]!.height).toBe(0);
    expect(chartBars([], 10, 10)).toEqual([]);
  });
});
