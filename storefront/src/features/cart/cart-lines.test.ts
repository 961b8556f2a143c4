import { describe, expect, it } from 'vitest';
import {
  addLine,
  lineKey,
  migrateCart,
  resolveDefaultVariants,
  setLineQty,
  totalQuantity,
  type CartLine,
} from '@/features/cart/cart-lines';

const TEAL = { productId: 1, variantId: 11, variantTitle: 'Teal / 3-seater', sku: 'AAR-TEAL-3S' };
const RUST = { productId: 1, variantId: 12, variantTitle: 'Rust / 3-seater', sku: 'AAR-RUST-3S' };

describe('merging: one line per variant', () => {
  it('raises the line of the same variant and keeps other variants of the product apart', () => {
    let lines: CartLine[] = [];
    lines = addLine(lines, TEAL);
    lines = addLine(lines, TEAL);
    lines = addLine(lines, RUST);
    expect(lines).toEqual([
      {
        key: 'v11',
        productId: 1,
        variantId: 11,
        qty: 2,
        variantTitle: 'Teal / 3-seater',
        sku: 'AAR-TEAL-3S',
      },
      {
        key: 'v12',
        productId: 1,
        variantId: 12,
        qty: 1,
        variantTitle: 'Rust / 3-seater',
        sku: 'AAR-RUST-3S',
      },
    ]);
    expect(totalQuantity(lines)).toBe(3);
  });

  it('a card adds the product (its default variant, resolved when priced)', () => {
    const lines = addLine(addLine([], { productId: 7 }), { productId: 7 });
    expect(lines).toEqual([{ key: 'p7', productId: 7, variantId: null, qty: 2 }]);
    expect(lineKey(7)).toBe('p7');
    expect(lineKey(7, 70)).toBe('v70');
  });
});

describe("capping at the variant's available quantity", () => {
  it('never adds beyond it, and refuses a sold-out variant', () => {
    let lines = addLine([], { ...TEAL, max: 2 });
    lines = addLine(lines, { ...TEAL, max: 2 });
    lines = addLine(lines, { ...TEAL, max: 2 });
    expect(lines[0]?.qty).toBe(2);
    expect(addLine(lines, { ...RUST, max: 0 })).toHaveLength(1);
    expect(setLineQty(lines, 'v11', 10, 2)[0]?.qty).toBe(2);
  });

  it('does not cap made-to-order variants (no max)', () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < 12; i++) lines = addLine(lines, TEAL);
    expect(lines[0]?.qty).toBe(12);
    expect(setLineQty(lines, 'v11', 30)[0]?.qty).toBe(30);
  });

  it('removes a line set to 0 or less, and keeps whole units', () => {
    const lines = addLine([], TEAL);
    expect(setLineQty(lines, 'v11', 0)).toEqual([]);
    expect(setLineQty(lines, 'v11', -1)).toEqual([]);
    expect(setLineQty(lines, 'v11', 2.7)[0]?.qty).toBe(2);
  });
});

describe('product-only lines become their default variant once priced', () => {
  const defaults = new Map([
    [1, { variantId: 11, variantTitle: 'Teal / 3-seater', sku: 'AAR-TEAL-3S', max: 3 }],
    [2, { variantId: 21, variantTitle: 'Default', sku: 'FC-000002' }],
  ]);

  it('maps them, merging into a line of that variant and capping at its stock', () => {
    const lines: CartLine[] = [
      { key: 'v11', productId: 1, variantId: 11, qty: 2 },
      { key: 'p1', productId: 1, variantId: null, qty: 2 },
      { key: 'p2', productId: 2, variantId: null, qty: 5 },
      { key: 'p9', productId: 9, variantId: null, qty: 1 },
    ];
    expect(resolveDefaultVariants(lines, defaults)).toEqual([
      { key: 'v11', productId: 1, variantId: 11, qty: 3 },
      { key: 'v21', productId: 2, variantId: 21, qty: 5, variantTitle: 'Default', sku: 'FC-000002' },
      { key: 'p9', productId: 9, variantId: null, qty: 1 },
    ]);
  });

  it('returns the same lines when there is nothing to map (no store update)', () => {
    const lines: CartLine[] = [{ key: 'v11', productId: 1, variantId: 11, qty: 1 }];
    expect(resolveDefaultVariants(lines, defaults)).toBe(lines);
  });
});

describe('a cart persisted before variants (version 1) is migrated', () => {
  it('keeps each product with its quantities added across the old colour/size lines', () => {
    const v1 = {
      lines: [
        { key: '1|Teak|', productId: 1, qty: 2, color: 'Teak' },
        { key: '1|Walnut|', productId: 1, qty: 1, color: 'Walnut' },
        { key: '4||', productId: 4, qty: 12 },
      ],
    };
    expect(migrateCart(v1, 1)).toEqual({
      lines: [
        { key: 'p1', productId: 1, variantId: null, qty: 3 },
        { key: 'p4', productId: 4, variantId: null, qty: 12 },
      ],
    });
  });

  it('drops what it cannot read instead of failing', () => {
    expect(migrateCart(null, 1)).toEqual({ lines: [] });
    expect(migrateCart({ lines: 'x' }, 0)).toEqual({ lines: [] });
    expect(
      migrateCart(
        { lines: [{ productId: '1', qty: 1 }, { productId: 2, qty: 0 }, { productId: 3, qty: 1.5 }, 7] },
        1,
      ),
    ).toEqual({ lines: [] });
  });

  it('keeps version 2 lines with their variants', () => {
    const v2 = {
      lines: [{ key: 'v11', productId: 1, variantId: 11, qty: 1, variantTitle: 'Teal', sku: 'T' }],
    };
    expect(migrateCart(v2, 2)).toEqual(v2);
  });
});
