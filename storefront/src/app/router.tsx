import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/root-layout';
import { paths } from '@/config/paths';

/** A page's module: its chunk exports the page as `Component`. */
type RouteModule = { Component: ComponentType };
type PageRoute = { path?: string; index?: true; lazy?: () => Promise<RouteModule>; element?: ReactNode };

/**
 * The route table: every page is its own lazily loaded chunk; the layout ships in the entry. Pages load
 * their data with TanStack Query (skeletons while pending). build/preload-route.ts reads this table's
 * `path: '…', lazy: () => import('@/app/routes/<name>')` lines to preload a page's chunks from index.html.
 *
 * React Router's declarative mode (ADR 019): nothing here uses its data APIs (loaders, actions), whose
 * router is ~19 KB gzip of the entry. `loadRoute` loads the first page before the first render, and
 * later navigations are transitions (the page stays until the next one's chunk has arrived).
 */
const pages: PageRoute[] = [
  { index: true, lazy: () => import('@/app/routes/home') },
  { path: 'all-categories', lazy: () => import('@/app/routes/all-categories') },
  { path: 'category/:category', lazy: () => import('@/app/routes/category') },
  { path: 'categories/:category', lazy: () => import('@/app/routes/category') },
  { path: 'products', lazy: () => import('@/app/routes/products') },
  { path: 'product/:id', lazy: () => import('@/app/routes/product') },
  { path: 'search', lazy: () => import('@/app/routes/search') },
  { path: 'cart', lazy: () => import('@/app/routes/cart') },
  { path: 'checkout', lazy: () => import('@/app/routes/checkout') },
  { path: 'payment', lazy: () => import('@/app/routes/payment') },
  { path: 'order-confirmation', lazy: () => import('@/app/routes/order-confirmation') },
  { path: 'track-order', lazy: () => import('@/app/routes/track-order') },
  { path: 'orders/:orderId/return', lazy: () => import('@/app/routes/order-return') },
  { path: 'orders/:orderId/review/:itemId', lazy: () => import('@/app/routes/order-review') },
  { path: 'contact', lazy: () => import('@/app/routes/contact') },
  { path: 'login', lazy: () => import('@/app/routes/login') },
  { path: 'signup', lazy: () => import('@/app/routes/signup') },
  { path: 'forgot-password', lazy: () => import('@/app/routes/forgot-password') },
  { path: 'reset-password', lazy: () => import('@/app/routes/reset-password') },
  { path: 'wishlist', lazy: () => import('@/app/routes/wishlist') },
  { path: 'profile', lazy: () => import('@/app/routes/profile') },
  { path: 'terms', lazy: () => import('@/app/routes/legal') },
  { path: 'privacy', lazy: () => import('@/app/routes/legal') },
  { path: 'legal', lazy: () => import('@/app/routes/legal-index') },
  { path: 'legal/seller', lazy: () => import('@/app/routes/legal-seller') },
  { path: 'legal/grievance', lazy: () => import('@/app/routes/legal-grievance') },
  { path: 'legal/returns', lazy: () => import('@/app/routes/legal-returns') },
  { path: 'legal/shipping', lazy: () => import('@/app/routes/legal-shipping') },
  { path: 'legal/terms', element: <Navigate to={paths.terms} replace /> },
  { path: 'legal/privacy', element: <Navigate to={paths.privacy} replace /> },
  { path: '*', lazy: () => import('@/app/routes/not-found') },
];

type LoadableRoute = RouteObject & { load?: () => Promise<unknown> };

/**
 * A page from its chunk. Once the chunk has loaded (`loadRoute` before the first render, or an earlier
 * visit) the page renders at once; before that it suspends (React.lazy). Each mounted page keeps the
 * component it started with, so it never remounts when its chunk arrives.
 */
function lazyPage(importPage: () => Promise<RouteModule>) {
  let loaded: ComponentType | undefined;
  const load = () =>
    importPage().then((m) => {
      loaded = m.Component;
      return m;
    });
  const Suspending = lazy(() => load().then((m) => ({ default: m.Component })));
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Suspending);
    return <Component />;
  }
  return { Page, load };
}

const children: LoadableRoute[] = pages.map(({ path, index, lazy: importPage, element }) => {
  const page = importPage && lazyPage(importPage);
  const route = page ? { element: <page.Page />, load: page.load } : { element };
  return index ? { ...route, index } : { ...route, path };
});

export const routes: LoadableRoute[] = [{ path: '/', element: <RootLayout />, children }];

/** Loads the chunks of the page at `pathname` (the first render waits for them: no spinner first). */
export function loadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes<LoadableRoute>(routes, pathname) ?? [];
  return Promise.all(matches.map((m) => m.route.load?.())).then(
    () => undefined,
    () => undefined, // a chunk that fails to load fails again in render, where the error page shows it
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}
