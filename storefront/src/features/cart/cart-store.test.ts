// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** A fresh store module reading what localStorage holds, as a page load would. */
async function loadStore() {
  const { useCartStore } = await import('@/features/cart/cart-store');
  await useCartStore.persist.rehydrate();
  return useCartStore;
}

describe('the persisted cart', () => {
  it('migrates a cart saved before variants (version 1) on load, and saves it as version 2', async () => {
    localStorage.setItem(
      'furnicraft-cart',
      JSON.stringify({ state: { lines: [{ key: '5||', productId: 5, qty: 12 }] }, version: 1 }),
    );
    const store = await loadStore();
    expect(store.getState().lines).toEqual([{ key: 'p5', productId: 5, variantId: null, qty: 12 }]);
    store
      .getState()
      .resolveDefaults(new Map([[5, { variantId: 50, variantTitle: 'Default', sku: 'FC-000005' }]]));
    expect(JSON.parse(localStorage.getItem('furnicraft-cart')!)).toEqual({
      state: {
        lines: [
          { key: 'v50', productId: 5, variantId: 50, qty: 12, variantTitle: 'Default', sku: 'FC-000005' },
        ],
      },
      version: 2,
    });
  });

  it('adds, changes, removes and clears lines by variant', async () => {
    const store = await loadStore();
    store.getState().add({ productId: 1, variantId: 11, variantTitle: 'Teal', sku: 'T', max: 5 });
    store.getState().add({ productId: 1, variantId: 12, variantTitle: 'Rust', sku: 'R', max: 5 });
    store.getState().setQty('v11', 4, 5);
    expect(store.getState().lines.map((l) => [l.key, l.qty])).toEqual([
      ['v11', 4],
      ['v12', 1],
    ]);
    store.getState().remove('v11');
    expect(store.getState().lines.map((l) => l.key)).toEqual(['v12']);
    store.getState().clear();
    expect(store.getState().lines).toEqual([]);
  });
});
