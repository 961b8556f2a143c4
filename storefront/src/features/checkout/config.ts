import { LOCAL_RAZORPAY_KEY_ID } from 'shared/config';
import { env } from '@/lib/env';

/**
 * Razorpay as this build sees it (fixed at build time by vite.config.ts): the public key id and
 * where the checkout script comes from. A production build needs VITE_RAZORPAY_KEY_ID=rzp_live_…
 * and loads https://checkout.razorpay.com/v1/checkout.js; the local build uses supabase-local's
 * Razorpay sandbox (the fallbacks, for the unit tests, fold away in a build). The key secret never
 * reaches the browser: it lives in the Edge Functions' secrets.
 */
export const razorpayConfig = {
  keyId: import.meta.env.VITE_RAZORPAY_KEY_ID || LOCAL_RAZORPAY_KEY_ID,
  checkoutUrl: import.meta.env.VITE_RAZORPAY_CHECKOUT_URL || `${env.supabaseUrl}/razorpay/checkout.js`,
  /** the store's accent colour in the Razorpay modal */
  themeColor: '#92400e',
} as const;
