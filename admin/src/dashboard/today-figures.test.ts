import { describe, expect, it } from 'vitest';
import { formatINR } from 'shared/pricing/format';
import { versusYesterday } from '@/dashboard/today-figures';

describe('versusYesterday', () => {
  it('says how today compares, in the figure’s own unit', () => {
    expect(versusYesterday(5, 2)).toBe('+3 on yesterday');
    expect(versusYesterday(2, 5)).toBe('−3 on yesterday');
    expect(versusYesterday(4, 4)).toBe('Same as yesterday');
    expect(versusYesterday(10000, 125000, formatINR)).toBe('−₹1,15,000 on yesterday');
  });
});
