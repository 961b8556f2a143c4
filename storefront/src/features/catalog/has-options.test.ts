import { describe, expect, it } from 'vitest';
import { hasOptions } from '@/features/catalog/has-options';

describe('hasOptions', () => {
  it('is true from two active variants on, whatever their prices', () => {
    expect(hasOptions({ variant_count: 2 })).toBe(true);
    expect(hasOptions({ variant_count: 9 })).toBe(true);
  });

  it('is false for a product sold as one variant (or none active)', () => {
    expect(hasOptions({ variant_count: 1 })).toBe(false);
    expect(hasOptions({ variant_count: 0 })).toBe(false);
  });
});
