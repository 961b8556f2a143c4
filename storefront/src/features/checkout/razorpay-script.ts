import type { RazorpaySuccess } from '@/features/checkout/api/checkout';

/** The part of Razorpay's checkout.js contract the payment page uses. */
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  handler: (response: RazorpaySuccess) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (response: { error: { description?: string } }) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor | null> | undefined;

/** Loads the checkout script once, on demand; null when it cannot be loaded (offline, blocked). */
export function loadRazorpay(src: string): Promise<RazorpayConstructor | null> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(window.Razorpay ?? null);
    script.onerror = () => {
      script.remove();
      resolve(null);
    };
    document.body.appendChild(script);
  }).then((r) => {
    if (!r) loading = undefined; // let a later click try again
    return r as RazorpayConstructor | null;
  });
  return loading;
}
