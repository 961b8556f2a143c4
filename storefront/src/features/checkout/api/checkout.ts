import type { ShippingAddress } from 'shared/schemas/checkout';
import type { Database } from 'shared/types/database';
import { orderItems, type PaymentLine, type PaymentMethod } from '@/features/checkout/payment-state';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

type Functions = Database['public']['Functions'];

/** The order place_order made (or found again by its idempotency key). */
export type PlacedOrder = Functions['place_order']['Returns'];

/** preview_promo's answer: whether the code applies to this subtotal, the discount and why. */
export type PromoPreview = Functions['preview_promo']['Returns'][number];

/** The promo box's preview, from the database's own rule (place_order applies the same one). */
export async function previewPromo(code: string, subtotal: number): Promise<PromoPreview> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('preview_promo', { code, subtotal }).single();
  if (error) throw toAppError(error);
  return data;
}

/** place_order: the server prices everything; the same idempotency key returns the same order. */
export async function placeOrder(input: {
  items: PaymentLine[];
  address: ShippingAddress;
  method: PaymentMethod;
  promoCode: string | null;
  idempotencyKey: string;
  /** A business invoice: the buyer's GSTIN and registered name (place_order checks them again). */
  buyerGstin?: string | null | undefined;
  buyerLegalName?: string | null | undefined;
}): Promise<PlacedOrder> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('place_order', {
    items: orderItems(input.items),
    shipping_address: input.address,
    payment_method: input.method,
    promo_code: input.promoCode ?? undefined,
    idempotency_key: input.idempotencyKey,
    buyer_gstin: input.buyerGstin ?? undefined,
    buyer_legal_name: input.buyerLegalName ?? undefined,
  });
  if (error) throw toAppError(error);
  return data;
}

export interface RazorpayOrderReply {
  key_id: string;
  razorpay_order_id: string;
  amount: number;
  currency: string;
  order_number: string;
}

/** The Edge Function that opens the Razorpay order for the order's server total. */
export async function createRazorpayOrder(orderId: string): Promise<RazorpayOrderReply> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke<RazorpayOrderReply>('razorpay-create-order', {
    body: { order_id: orderId },
  });
  if (error || !data) throw toAppError(error, 'We could not start the payment. Please try again.');
  return data;
}

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The Edge Function that checks Razorpay's signature and marks the order paid. */
export async function verifyRazorpayPayment(orderId: string, payment: RazorpaySuccess): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('razorpay-verify-payment', {
    body: { order_id: orderId, ...payment },
  });
  if (error) throw toAppError(error, 'Payment failed. Please try again.');
}
