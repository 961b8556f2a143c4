import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RouteError } from '@/app/route-error';
import { RootLayout } from '@/components/layout/root-layout';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';

/**
 * The route table: every page is its own lazily loaded chunk; the layout ships in the entry. A route
 * module exports `Component`; pages load their data with TanStack Query (skeletons while pending).
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
      ],
    },
  ]);
}
