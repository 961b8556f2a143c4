/** Every storefront path in one place; the admin console lives in another app under /admin. */
export const paths = {
  home: '/',
  allCategories: '/all-categories',
  category: (slug: string) => `/category/${encodeURIComponent(slug)}`,
  products: '/products',
  product: (id: string | number) => `/product/${encodeURIComponent(String(id))}`,
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  cart: '/cart',
  checkout: '/checkout',
  wishlist: '/wishlist',
  profile: '/profile',
  contact: '/contact',
  trackOrder: '/track-order',
  /** The return form of a delivered order; `item` preselects the line the shopper started from. */
  orderReturn: (orderId: string, itemId?: number) =>
    `/orders/${encodeURIComponent(orderId)}/return${itemId === undefined ? '' : `?item=${itemId}`}`,
  /** The review form of a delivered order's line (a second visit edits the review). */
  orderReview: (orderId: string, itemId: number) => `/orders/${encodeURIComponent(orderId)}/review/${itemId}`,
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  /** The legal area: what the Consumer Protection (E-Commerce) Rules 2020 ask a seller to show. */
  legal: '/legal',
  sellerDetails: '/legal/seller',
  grievanceOfficer: '/legal/grievance',
  returnsPolicy: '/legal/returns',
  shippingPolicy: '/legal/shipping',
  /** A full page load into the admin app, not a client-side route. */
  adminLogin: '/admin/login',
  admin: '/admin/',
} as const;
