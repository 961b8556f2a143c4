import { env } from '@/lib/env';

/**
 * Razorpay as this build sees it (fixed at build time): the public key id and where the checkout
 * script comes from. Without the variables a build uses supabase-local's Razorpay sandbox; a
 * production build sets VITE_RAZORPAY_KEY_ID=rzp_live_… and
 * VITE_RAZORPAY_CHECKOUT_URL=https://checkout.razorpay.com/v1/checkout.js. The key secret never
 * reaches the browser: it lives in the Edge Functions' secrets.
 */
export const razorpayConfig = {
  keyId: (import.meta.env.VITE_RAZORPAY_KEY_ID as string | undefined) || 'rzp_test_local0000000001',
  checkoutUrl:
    (import.meta.env.VITE_RAZORPAY_CHECKOUT_URL as string | undefined) ||
    `${env.supabaseUrl}/razorpay/checkout.js`,
  /** the store's accent colour in the Razorpay modal */
  themeColor: '#92400e',
} as const;
