// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowseQuery } from '@/features/catalog/api/browse-products';
import { toggleValue } from '@/features/catalog/browse-params';
import { useBrowse } from '@/features/catalog/hooks/use-browse';

// The database's part: it drops what it does not know (here: any material but fabric and leather).
const asked: BrowseQuery[] = [];
vi.mock('@/features/catalog/api/browse-products', async (original) => {
  const real = await original<typeof import('@/features/catalog/api/browse-products')>();
  const fetchBrowsePage = async (q: BrowseQuery, offset: number) => {
    asked.push(q);
    const known = (q.state.filters.material ?? []).filter((m) => m === 'fabric' || m === 'leather');
    const filters: Record<string, string[]> = { ...q.state.filters, material: known };
    if (known.length === 0) delete filters.material;
    return {
      category: null,
      total: 30,
      facets: [],
      products: [],
      nextOffset: offset + 24 < 30 ? offset + 24 : null,
      applied: {
        filters,
        price_min: null,
        price_max: null,
        min_rating: null,
        in_stock: q.state.inStock,
        sort: 'newest',
      },
    };
  };
  return {
    ...real,
    browseQueries: {
      pages: (q: BrowseQuery) => ({
        ...real.browseQueries.pages(q),
        queryFn: ({ pageParam }: { pageParam: number }) => fetchBrowsePage(q, pageParam),
      }),
    },
  };
});

/** The hook's latest result, as the page rendered it. */
const seen: { current?: ReturnType<typeof useBrowse> } = {};
function Page() {
  const browse = useBrowse({ categorySlug: 'sofas', scope: {} });
  useEffect(() => {
    seen.current = browse;
  });
  return null;
}

function mount(url: string) {
  const router = createMemoryRouter([{ path: '/category/:category', element: <Page /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  asked.length = 0;
});

describe('useBrowse', () => {
  it('rewrites the URL to what the database applied, replacing the entry', async () => {
    const router = mount('/category/sofas?material=unobtainium,fabric');
    await waitFor(() => expect(router.state.location.search).toBe('?material=fabric'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a link only out of order is the same query: one request', async () => {
    const router = mount('/category/sofas?stock=1&sort=newest&material=leather,fabric&page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?material=fabric,leather&stock=1'));
    expect(asked).toHaveLength(1);
  });

  it('pushes each change, shows it at once, and Back restores the previous selection', async () => {
    const router = mount('/category/sofas?material=fabric');
    await waitFor(() => expect(seen.current?.query.isSuccess).toBe(true));
    act(() => seen.current!.update(toggleValue(seen.current!.state, 'colour', 'grey')));
    expect(seen.current!.state.filters).toEqual({ colour: ['grey'], material: ['fabric'] });
    await waitFor(() => expect(router.state.location.search).toBe('?colour=grey&material=fabric'));
    expect(router.state.historyAction).toBe('PUSH');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?material=fabric'));
    expect(seen.current!.state.filters).toEqual({ material: ['fabric'] });
  });

  it('a selection seen before starts again at its first page', async () => {
    const router = mount('/category/sofas?material=fabric');
    await waitFor(() => expect(seen.current?.query.hasNextPage).toBe(true));
    await act(() => seen.current!.query.fetchNextPage());
    await waitFor(() => expect(seen.current!.query.data?.pages).toHaveLength(2));
    act(() => seen.current!.update(toggleValue(seen.current!.state, 'material', 'leather')));
    await waitFor(() => expect(router.state.location.search).toBe('?material=fabric,leather'));
    act(() => seen.current!.update(toggleValue(seen.current!.state, 'material', 'leather')));
    await waitFor(() => expect(router.state.location.search).toBe('?material=fabric'));
    await waitFor(() => expect(seen.current!.query.data?.pages).toHaveLength(1));
  });
});
