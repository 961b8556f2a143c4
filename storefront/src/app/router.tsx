import { createBrowserRouter } from 'react-router-dom';
import { RouteError } from '@/app/route-error';
import { RootLayout } from '@/components/layout/root-layout';
import { PageSpinner } from '@/components/ui/page-spinner';

/**
 * The route table: every page is its own lazily loaded chunk; the layout ships in the entry. A route
 * module exports `Component` (and, once a page cannot render without its data, a loader built from
 * the app's QueryClient: `loader(queryClient)`, calling `ensureQueryData` on the page's queryOptions).
 */
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { index: true, lazy: () => import('@/app/routes/home') },
        { path: '*', lazy: () => import('@/app/routes/not-found') },
      ],
    },
  ]);
}
