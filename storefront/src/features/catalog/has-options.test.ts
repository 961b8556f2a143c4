import { describe, expect, it } from 'vitest';
import { hasOptions } from '@/features/catalog/has-options';

describe('hasOptions', () => {
  it('is true from two active variants on, whatever their prices', () => {
    expect(hasOptions({ live_variants: [{ id: 1 }, { id: 2 }] })).toBe(true);
  });

  it('is false for a product sold as one variant (or none active)', () => {
    expect(hasOptions({ live_variants: [{ id: 1 }] })).toBe(false);
    expect(hasOptions({ live_variants: [] })).toBe(false);
  });
});
