import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@/features/catalog/image-sources';

describe('IMAGE_SIZES', () => {
  it('sizes a grid card at half a phone and a quarter of a desktop', () => {
    expect(IMAGE_SIZES.card).toMatch(/50vw$/);
    expect(IMAGE_SIZES.card).toContain('(min-width: 1024px) 25vw');
  });
});
