/**
 * The Razorpay sandbox's test keys. They stand in for a Razorpay test account on a laptop and in
 * tests: the key id is public (the storefront's VITE_RAZORPAY_KEY_ID), the key secret and the
 * webhook secret are known only to the sandbox and to the payment Edge Functions (their secrets,
 * which supabase-local supplies by default; supabase/functions/.env or the environment win).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LOCAL_RAZORPAY_KEY_ID = 'rzp_test_local0000000001';
export const LOCAL_RAZORPAY_KEY_SECRET = 'local_sandbox_key_secret_not_for_production';
export const LOCAL_RAZORPAY_WEBHOOK_SECRET = 'local_sandbox_webhook_secret_not_for_production';
/** The sandbox's RazorpayX account (the business account payouts debit), Razorpay's documented example. */
export const LOCAL_RAZORPAYX_ACCOUNT_NUMBER = '7878780080316316';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export const LOCAL_RAZORPAY_KEYS: RazorpayKeys = {
  keyId: LOCAL_RAZORPAY_KEY_ID,
  keySecret: LOCAL_RAZORPAY_KEY_SECRET,
  webhookSecret: LOCAL_RAZORPAY_WEBHOOK_SECRET,
};

/** Razorpay's payment signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

export function hmacHex(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What the functions find in Deno.env when nothing else sets these secrets. */
export function localRazorpayEnv(apiUrl: string): Record<string, string> {
  return {
    RAZORPAY_API_URL: `${apiUrl}/razorpay`,
    RAZORPAY_KEY_ID: LOCAL_RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: LOCAL_RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: LOCAL_RAZORPAY_WEBHOOK_SECRET,
    RAZORPAYX_ACCOUNT_NUMBER: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  };
}
