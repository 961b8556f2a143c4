// @vitest-environment jsdom
import { createClient } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePricedCart } from '@/app/hooks/use-priced-cart';
import { useCartStore } from '@/features/cart/cart-store';

// A real supabase-js client whose fetch answers the catalog's request for the cart's products.
const catalog = [
  { id: 1, name: 'Sofa', price: 2000, stock_quantity: 5 },
  { id: 2, name: 'Stool', price: 500, stock_quantity: 5 },
];
const client = createClient('http://api.test', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  db: { retry: false },
  realtime: { transport: class {} as never },
  global: {
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
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

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('usePricedCart', () => {
  afterEach(() => act(() => useCartStore.getState().clear()));

  it('prices the persisted cart from the catalog, and follows the cart as it changes', async () => {
    act(() => {
      useCartStore.getState().add({ productId: 1 });
      useCartStore.getState().add({ productId: 2 });
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
    act(() => useCartStore.getState().add({ productId: 1 }));
    const { result } = renderHook(() => usePricedCart({ discount: 200 }), { wrapper });
    await waitFor(() => expect(result.current.cart).toBeDefined());
    expect(result.current.cart!.summary).toEqual({
      subtotal: 2000,
      deliveryFee: 99,
      discount: 200,
      total: 1899,
    });
  });
});
