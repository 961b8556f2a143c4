import { describe, expect, it } from 'vitest';
import {
  defaultVariant,
  findVariantBySku,
  isValueAvailable,
  pick,
  selectionOf,
  variantFor,
  variantFromUrl,
} from '@/features/catalog/variant-selection';

// A sofa: Fabric (1) = Teal (10) | Grey (11) | Rust (12); Size (2) = 3-seater (20) | L-shape (21).
// Rust comes only as a 3-seater; Grey L-shape exists but is inactive (staff see it, shoppers not).
const variant = (
  id: number,
  sku: string,
  fabric: number,
  size: number,
  extra: { is_default?: boolean; is_active?: boolean } = {},
) => ({
  id,
  sku,
  is_default: extra.is_default ?? false,
  is_active: extra.is_active ?? true,
  option_values: [
    { option_id: 1, value_id: fabric },
    { option_id: 2, value_id: size },
  ],
});
const TEAL_3 = variant(1, 'AAR-TEAL-3S', 10, 20);
const TEAL_L = variant(2, 'AAR-TEAL-L', 10, 21);
const GREY_3 = variant(3, 'AAR-GREY-3S', 11, 20, { is_default: true });
const GREY_L = variant(4, 'AAR-GREY-L', 11, 21, { is_active: false });
const RUST_3 = variant(5, 'AAR-RUST-3S', 12, 20);
const SOFA = [TEAL_3, TEAL_L, GREY_3, GREY_L, RUST_3];

describe('the default variant', () => {
  it('is the one marked default, else the first active one', () => {
    expect(defaultVariant(SOFA)).toBe(GREY_3);
    expect(defaultVariant([GREY_L, TEAL_L, TEAL_3])).toBe(TEAL_L);
    expect(defaultVariant([])).toBeUndefined();
  });
});

describe('SKU lookup (?variant=SKU)', () => {
  it('ignores letter case and surrounding spaces', () => {
    expect(findVariantBySku(SOFA, 'aar-teal-l')).toBe(TEAL_L);
    expect(findVariantBySku(SOFA, ' AAR-Rust-3s ')).toBe(RUST_3);
  });

  it('finds no inactive, unknown or empty SKU', () => {
    expect(findVariantBySku(SOFA, 'AAR-GREY-L')).toBeUndefined();
    expect(findVariantBySku(SOFA, 'NOPE')).toBeUndefined();
    expect(findVariantBySku(SOFA, '')).toBeUndefined();
    expect(findVariantBySku(SOFA, null)).toBeUndefined();
  });

  it('falls back to the default variant for an unknown or inactive SKU, and says so', () => {
    expect(variantFromUrl(SOFA, 'aar-teal-3s')).toEqual({ variant: TEAL_3, fellBack: false });
    expect(variantFromUrl(SOFA, 'NOPE')).toEqual({ variant: GREY_3, fellBack: true });
    expect(variantFromUrl(SOFA, 'AAR-GREY-L')).toEqual({ variant: GREY_3, fellBack: true });
    expect(variantFromUrl(SOFA, null)).toEqual({ variant: GREY_3, fellBack: false });
  });
});

describe('option pickers', () => {
  it('reads a variant as option → value', () => {
    expect([...selectionOf(TEAL_L)]).toEqual([
      [1, 10],
      [2, 21],
    ]);
    expect(variantFor(SOFA, selectionOf(RUST_3))).toBe(RUST_3);
  });

  it('picking a value keeps the other choices', () => {
    expect(pick(SOFA, selectionOf(TEAL_3), 2, 21)).toBe(TEAL_L);
    expect(pick(SOFA, selectionOf(TEAL_L), 1, 10)).toBe(TEAL_L);
    expect(pick(SOFA, selectionOf(TEAL_3), 1, 12)).toBe(RUST_3);
  });

  it('disables combinations that do not exist among the active variants', () => {
    // From Teal L-shape: Rust has no L-shape, Grey's L-shape is inactive.
    const from = selectionOf(TEAL_L);
    expect(isValueAvailable(SOFA, from, 1, 10)).toBe(true);
    expect(isValueAvailable(SOFA, from, 1, 11)).toBe(false);
    expect(isValueAvailable(SOFA, from, 1, 12)).toBe(false);
    expect(pick(SOFA, from, 1, 12)).toBeUndefined();
    // From Rust 3-seater, L-shape is not offered; from Teal 3-seater it is.
    expect(isValueAvailable(SOFA, selectionOf(RUST_3), 2, 21)).toBe(false);
    expect(isValueAvailable(SOFA, selectionOf(TEAL_3), 2, 21)).toBe(true);
  });

  it('a product without options has one variant and nothing to pick', () => {
    const only = { id: 9, sku: 'FC-000009', is_default: true, is_active: true, option_values: [] };
    expect(variantFor([only], new Map())).toBe(only);
    expect(variantFromUrl([only], 'fc-000009').variant).toBe(only);
  });
});
