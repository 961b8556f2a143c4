import { describe, expect, it } from 'vitest';
import { activeChips, priceRangeLabel } from '@/features/catalog/filter-labels';

describe('priceRangeLabel', () => {
  it('names the ranges in rupees with Indian grouping', () => {
    expect(priceRangeLabel(0, 10000)).toBe('Up to ₹10,000');
    expect(priceRangeLabel(undefined, 10000)).toBe('Up to ₹10,000');
    expect(priceRangeLabel(10000, 25000)).toBe('₹10,000 – ₹25,000');
    expect(priceRangeLabel(100000, undefined)).toBe('₹1,00,000 & above');
  });
});

describe('activeChips', () => {
  const facets = [{ code: 'material', name: 'Material', values: [{ slug: 'fabric', value: 'Fabric' }] }];

  it('names each active filter, and each chip removes only itself', () => {
    const state = {
      filters: { material: ['fabric'], colour: ['grey'] },
      priceMin: 10000,
      priceMax: 25000,
      minRating: 4,
      inStock: true,
    };
    const chips = activeChips(state, facets);
    expect(chips.map((c) => c.label)).toEqual(['grey', 'Fabric', '₹10,000 – ₹25,000', '4★ & up', 'In stock']);
    expect(chips[1]?.name).toBe('Remove Material: Fabric');
    expect(chips[1]?.without(state).filters).toEqual({ colour: ['grey'] });
    expect(chips[2]?.without(state)).not.toHaveProperty('priceMin');
    expect(chips[4]?.without(state).inStock).toBe(false);
  });
});
