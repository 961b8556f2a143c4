import { queryOptions } from '@tanstack/react-query';
import type { ShippingAddress } from 'shared/schemas/checkout';
import type { PaymentLine, PaymentMethod } from '@/features/checkout/payment-state';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

export interface PlacedOrder {
  id: string;
  order_number: string;
  total: number;
  payment_method: PaymentMethod;
  payment_status: string;
  payment_id: string | null;
}

export interface PromoPreview {
  applied: boolean;
  promo_code: string | null;
  discount: number;
  message: string;
}

export interface StoreRules {
  cod_max_order_total: number;
  /** place_order refuses more units of one product in an order (store_settings). */
  max_quantity_per_line: number;
}

interface RpcError {
  code?: string;
  message?: string;
}

/**
 * The store's RPCs raise messages written for the shopper (P0001, 42501 'Please login to
 * continue.', and PT429 'Too many attempts…' from the rate limits); anything else is mapped by
 * toAppError so raw database text never reaches the page.
 */
export function orderErrorMessage(error: unknown): string {
  const e = error as RpcError & { userMessage?: string };
  if ((e.code === 'P0001' || e.code === '42501' || e.code === 'PT429') && e.message) return e.message;
  return e.userMessage ?? toAppError(e).userMessage;
}

function rpcError(error: RpcError): Error {
  return Object.assign(new Error(error.message ?? 'Unknown error'), error, {
    userMessage: orderErrorMessage(error),
  });
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  storeRules: () => [...checkoutKeys.all, 'store-rules'] as const,
};

async function fetchStoreRules(): Promise<StoreRules> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('store_settings')
    .select('cod_max_order_total,max_quantity_per_line')
    .single();
  if (error) throw toAppError(error);
  return {
    cod_max_order_total: Number(data.cod_max_order_total),
    max_quantity_per_line: Number(data.max_quantity_per_line),
  };
}

export const checkoutQueries = {
  storeRules: () =>
    queryOptions({ queryKey: checkoutKeys.storeRules(), queryFn: fetchStoreRules, staleTime: 5 * 60 * 1000 }),
};

/** The promo box's preview, from the database's own rule (place_order applies the same one). */
export async function previewPromo(code: string, subtotal: number): Promise<PromoPreview> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('preview_promo', { code, subtotal }).single();
  if (error) throw rpcError(error);
  const row = data as PromoPreview;
  return { ...row, discount: Number(row.discount) };
}

/** place_order: the server prices everything; the same idempotency key returns the same order. */
export async function placeOrder(input: {
  items: PaymentLine[];
  address: ShippingAddress;
  method: PaymentMethod;
  promoCode: string | null;
  idempotencyKey: string;
}): Promise<PlacedOrder> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('place_order', {
    items: input.items.map((i) => ({
      product_id: i.productId,
      quantity: i.qty,
      selected_color: i.color ?? null,
      selected_size: i.size ?? null,
    })),
    shipping_address: input.address,
    payment_method: input.method,
    promo_code: input.promoCode,
    idempotency_key: input.idempotencyKey,
  });
  if (error) throw rpcError(error);
  const order = data as PlacedOrder;
  return { ...order, total: Number(order.total) };
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
  if (error || !data) throw new Error('We could not start the payment. Please try again.');
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
  if (error) throw new Error('Payment failed. Please try again.');
}

export interface SavedAddress {
  id: number;
  full_name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  is_default: boolean;
}

async function fetchSavedAddresses(userId: string): Promise<SavedAddress[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('addresses')
    .select('id,full_name,phone,address,city,state,pincode,is_default')
    .eq('user_id', userId)
    .order('is_default', { ascending: false })
    .order('id');
  if (error) throw toAppError(error);
  return data as SavedAddress[];
}

export const savedAddressQueries = {
  list: (userId: string) =>
    queryOptions({
      queryKey: [...checkoutKeys.all, 'addresses', userId] as const,
      queryFn: () => fetchSavedAddresses(userId),
    }),
};
