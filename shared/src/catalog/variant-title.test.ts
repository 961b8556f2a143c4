import { describe, expect, it } from 'vitest';
import { nameWithVariant, shownVariantTitle } from './variant-title.ts';

describe('shownVariantTitle', () => {
  it.each([
    ['Teal velvet / 3-seater', 'Teal velvet / 3-seater'],
    ['  King  ', 'King'],
    ['Default', null],
    ['default', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (title, shown) => {
    expect(shownVariantTitle(title)).toBe(shown);
  });

  it('names the product with its variant the way place_order words its messages', () => {
    expect(nameWithVariant('Aarav Sofa', 'Teal velvet / 3-seater')).toBe(
      'Aarav Sofa (Teal velvet / 3-seater)',
    );
    expect(nameWithVariant('Aarav Sofa', 'Default')).toBe('Aarav Sofa');
  });
});
