import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The cart holds only what the shopper chose — product ids, options and quantities — never prices:
 * the lines are priced from the catalog query when shown, and by place_order when bought.
 * It is persisted in localStorage, so it survives reloads and signing in (it is not per user).
 */
export interface CartLine {
  /** The line's own key: product id + colour + size (spec §4 merges on all three). */
  key: string;
  productId: number;
  qty: number;
  color?: string;
  size?: string;
}

export interface AddToCart {
  productId: number;
  color?: string;
  size?: string;
  /** The product's stock: a line never goes above it. */
  max?: number;
}

interface CartState {
  lines: CartLine[];
  add: (item: AddToCart) => void;
  setQty: (key: string, qty: number, max?: number) => void;
  remove: (key: string) => void;
  clear: () => void;
}

export function lineKey(productId: number, color?: string, size?: string): string {
  return `${productId}|${color ?? ''}|${size ?? ''}`;
}

function cap(qty: number, max?: number): number {
  return max !== undefined && max >= 0 ? Math.min(qty, max) : qty;
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      add: ({ productId, color, size, max }) =>
        set((state) => {
          const key = lineKey(productId, color, size);
          const existing = state.lines.find((l) => l.key === key);
          if (existing) {
            return {
              lines: state.lines.map((l) => (l.key === key ? { ...l, qty: cap(l.qty + 1, max) } : l)),
            };
          }
          if (max !== undefined && max <= 0) return state;
          return { lines: [...state.lines, { key, productId, qty: 1, color, size }] };
        }),
      // A quantity of 0 or less removes the line (spec §4).
      setQty: (key, qty, max) =>
        set((state) => ({
          lines:
            qty <= 0
              ? state.lines.filter((l) => l.key !== key)
              : state.lines.map((l) => (l.key === key ? { ...l, qty: cap(Math.floor(qty), max) } : l)),
        })),
      remove: (key) => set((state) => ({ lines: state.lines.filter((l) => l.key !== key) })),
      clear: () => set({ lines: [] }),
    }),
    { name: 'furnicraft-cart', version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

/** Total item count: the sum of quantities (the header badge). */
export function totalQuantity(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.qty, 0);
}

export const useCartCount = () => useCartStore((s) => totalQuantity(s.lines));

// Another tab changed the cart: take its copy, so every open tab shows the same cart and badge.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === 'furnicraft-cart') void useCartStore.persist.rehydrate();
  });
}
