/** Every storefront path in one place; the admin console lives in another app under /admin. */
export const paths = {
  home: '/',
  allCategories: '/all-categories',
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  contact: '/contact',
  trackOrder: '/track-order',
  login: '/login',
  signup: '/signup',
  /** A full page load into the admin app, not a client-side route. */
  adminLogin: '/admin/login',
} as const;
