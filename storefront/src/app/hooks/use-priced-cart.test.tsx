// @vitest-environment jsdom
import { createClient } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePricedCart } from '@/app/hooks/use-priced-cart';
import { useCartStore } from '@/features/cart/cart-store';

// A real supabase-js client whose fetch answers the catalog's request for the cart's products.
const variant = (id: number, price: number, is_default: boolean) => ({
  id,
  sku: `SKU-${id}`,
  title: is_default ? 'Default' : `Large ${id}`,
  price,
  original_price: null,
  is_default,
  is_active: true,
  made_to_order: false,
  available_quantity: 5,
  position: id,
  option_values: [],
});
const catalog = [
  {
    id: 1,
    name: 'Sofa',
    price: 2000,
    options: [],
    variants: [variant(11, 2000, true), variant(12, 3000, false)],
  },
  { id: 2, name: 'Stool', price: 500, options: [], variants: [variant(21, 500, true)] },
];
const requests: URL[] = [];
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  realtime: { transport: class {} as never },
  global: {
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      requests.push(url);
      const ids = (url.searchParams.get('id') ?? '')
        .replace(/^in\.\(|\)$/g, '')
        .split(',')
        .map(Number);
      const body = catalog.filter((p) => ids.includes(p.id));
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    },
  },
});
vi.mock('@/lib/get-supabase', () => ({ getSupabase: async () => client }));

// One client for the whole test file (a wrapper that made one per render would drop the cache).
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('usePricedCart', () => {
  afterEach(() => {
    act(() => useCartStore.getState().clear());
    queryClient.clear();
  });

  it('prices the persisted cart from the catalog, and follows the cart as it changes', async () => {
    act(() => {
      useCartStore.getState().add({ productId: 1, variantId: 11 });
      useCartStore.getState().add({ productId: 2, variantId: 21 });
    });
    const { result } = renderHook(() => usePricedCart(), { wrapper });
    await waitFor(() => expect(result.current.cart).toBeDefined());
    expect(result.current.cart!.summary).toEqual({
      subtotal: 2500,
      deliveryFee: 99,
      discount: 0,
      total: 2599,
    });
    expect(result.current.cart!.freeDeliveryHint).toBe(499);

    act(() => useCartStore.getState().setQty(result.current.lines[1]!.key, 2));
    await waitFor(() => expect(result.current.cart!.summary.subtotal).toBe(3000));
    expect(result.current.cart!.summary.deliveryFee).toBe(0);
  });

  it("takes the checkout's promo preview into the total", async () => {
    act(() => useCartStore.getState().add({ productId: 1, variantId: 11 }));
    const { result } = renderHook(() => usePricedCart({ discount: 200 }), { wrapper });
    await waitFor(() => expect(result.current.cart).toBeDefined());
    expect(result.current.cart!.summary).toEqual({
      subtotal: 2000,
      deliveryFee: 99,
      discount: 200,
      total: 1899,
    });
  });

  it("prices a variant line from its variant, in the one request that brings the products' variants", async () => {
    act(() => useCartStore.getState().add({ productId: 1, variantId: 12 }));
    const { result } = renderHook(() => usePricedCart(), { wrapper });
    await waitFor(() => expect(result.current.cart).toBeDefined());
    expect(result.current.cart!.summary.subtotal).toBe(3000);
    expect(requests.at(-1)!.searchParams.get('select')).toContain('variants:product_variants(');
  });

  it('maps a product-only line (a card, or a cart from before variants) to its default variant', async () => {
    act(() => useCartStore.getState().add({ productId: 1 }));
    const { result } = renderHook(() => usePricedCart(), { wrapper });
    await waitFor(() => expect(result.current.lines[0]?.variantId).toBe(11));
    expect(result.current.lines[0]).toMatchObject({ key: 'v11', sku: 'SKU-11', qty: 1 });
    await waitFor(() => expect(result.current.cart?.summary.subtotal).toBe(2000));
  });
});
