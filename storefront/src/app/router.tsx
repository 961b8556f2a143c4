import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router-dom';
import { RouteError } from '@/app/route-error';
import { RootLayout } from '@/components/layout/root-layout';
import { PageSpinner } from '@/components/ui/page-spinner';

/** The route table: every page is its own lazily loaded chunk; the layout ships in the entry. */
export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          index: true,
          lazy: async () => {
            const { Component, loader } = await import('@/app/routes/home');
            return { Component, loader: loader(queryClient) };
          },
        },
        { path: '*', lazy: () => import('@/app/routes/not-found') },
      ],
    },
  ]);
}
