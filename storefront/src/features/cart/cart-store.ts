import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addLine,
  migrateCart,
  resolveDefaultVariants,
  setLineQty,
  totalQuantity,
  type AddToCart,
  type CartLine,
  type DefaultVariant,
} from '@/features/cart/cart-lines';

/**
 * The cart (rules in cart-lines.ts), persisted in localStorage: it survives reloads and signing in
 * (it is not per user). Version 2 keys lines by variant; older carts are migrated on load.
 */
interface CartState {
  lines: CartLine[];
  add: (item: AddToCart) => void;
  setQty: (key: string, qty: number, max?: number) => void;
  remove: (key: string) => void;
  clear: () => void;
  /** Product-only lines → their product's default variant (once the cart is priced). */
  resolveDefaults: (defaults: ReadonlyMap<number, DefaultVariant>) => void;
}

export const CART_STORAGE_KEY = 'furnicraft-cart';
export const CART_VERSION = 2;

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: (item) => set((state) => ({ lines: addLine(state.lines, item) })),
      setQty: (key, qty, max) => set((state) => ({ lines: setLineQty(state.lines, key, qty, max) })),
      remove: (key) => set((state) => ({ lines: state.lines.filter((l) => l.key !== key) })),
      clear: () => set({ lines: [] }),
      resolveDefaults: (defaults) =>
        set((state) => {
          const lines = resolveDefaultVariants(state.lines, defaults);
          return lines === state.lines ? state : { lines: [...lines] };
        }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_VERSION,
      storage: createJSONStorage(() => localStorage),
      migrate: (persisted, version) => migrateCart(persisted, version),
      partialize: (state) => ({ lines: state.lines }),
    },
  ),
);

export const useCartCount = () => useCartStore((s) => totalQuantity(s.lines));

// Another tab changed the cart: take its copy, so every open tab shows the same cart and badge.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === CART_STORAGE_KEY) void useCartStore.persist.rehydrate();
  });
}
