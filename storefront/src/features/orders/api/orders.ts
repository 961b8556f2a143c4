import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * The `orders` table and its RPCs (track_order, cancel_order): the one key factory, so cancelling
 * refreshes the order history, the confirmation page and any tracking result alike.
 */
export const orderKeys = {
  all: ['orders'] as const,
  history: (userId: string) => [...orderKeys.all, 'history', userId] as const,
  confirmation: (orderNumber: string) => [...orderKeys.all, 'confirmation', orderNumber] as const,
  tracking: (orderNumber: string, contact: string) =>
    [...orderKeys.all, 'tracking', orderNumber, contact] as const,
  documents: (orderId: string) => [...orderKeys.all, 'documents', orderId] as const,
  forReturn: (orderId: string) => [...orderKeys.all, 'for-return', orderId] as const,
  forReview: (orderId: string) => [...orderKeys.all, 'for-review', orderId] as const,
};

/**
 * An order's tax invoice (issued when it ships: one per order) and its credit notes, embedded with the
 * order: RLS lets the owner read them.
 */
const DOCUMENTS = 'invoice:invoices(id,number),credit_notes(id,number)' as const;

const selectHistory = (supabase: Supabase, userId: string) =>
  supabase
    .from('orders')
    .select(
      `id,order_number,status,payment_status,total,created_at,items:order_items(id,product_name,variant_title,sku,quantity,unit_price,variant:product_variants(made_to_order),review:reviews(id,status,rejection_reason)),${DOCUMENTS}` as const,
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false });

/**
 * One order of the profile's Order History, with its lines; each line embeds the shopper's review of
 * it, if any (reviews.order_item_id is unique, and RLS shows a customer their own reviews only).
 */
export type OrderSummary = QueryData<ReturnType<typeof selectHistory>>[number];

async function fetchOrderHistory(userId: string): Promise<OrderSummary[]> {
  const { data, error } = await selectHistory(await getSupabase(), userId);
  if (error) throw toAppError(error);
  return data;
}

const selectConfirmation = (supabase: Supabase, orderNumber: string) =>
  supabase
    .from('orders')
    .select(
      'id,order_number,status,payment_method,payment_status,payment_id,total,estimated_delivery_from,estimated_delivery_to,supply_type,tax_total,buyer_gstin,buyer_legal_name,items:order_items(gst_rate,taxable_value,cgst,sgst,utgst,igst)',
    )
    .eq('order_number', orderNumber)
    .maybeSingle();

/** The order the confirmation page shows (null: not found, or not the signed-in shopper's). */
export type ConfirmedOrder = NonNullable<QueryData<ReturnType<typeof selectConfirmation>>>;

async function fetchConfirmedOrder(orderNumber: string): Promise<ConfirmedOrder | null> {
  const { data, error } = await selectConfirmation(await getSupabase(), orderNumber);
  if (error) throw toAppError(error);
  return data;
}

const selectDocuments = (supabase: Supabase, orderId: string) =>
  supabase
    .from('orders')
    .select(`id,status,${DOCUMENTS}` as const)
    .eq('id', orderId)
    .maybeSingle();

/** The invoice and credit notes of one order (the tracking page, signed in), null when not the caller's. */
export type OrderDocuments = NonNullable<QueryData<ReturnType<typeof selectDocuments>>>;

async function fetchOrderDocuments(orderId: string): Promise<OrderDocuments | null> {
  const { data, error } = await selectDocuments(await getSupabase(), orderId);
  if (error) throw toAppError(error);
  return data;
}

const selectForReturn = (supabase: Supabase, orderId: string) =>
  supabase
    .from('orders')
    .select('id,order_number,status,payment_method,shipping_address')
    .eq('id', orderId)
    .maybeSingle();

/** What the return form needs of its order: the number, COD or not, and the address the pickup is from. */
export type OrderForReturn = NonNullable<QueryData<ReturnType<typeof selectForReturn>>>;

async function fetchOrderForReturn(orderId: string): Promise<OrderForReturn | null> {
  const { data, error } = await selectForReturn(await getSupabase(), orderId);
  if (error) throw toAppError(error);
  return data;
}

const selectForReview = (supabase: Supabase, orderId: string) =>
  supabase
    .from('orders')
    .select(
      'id,order_number,status,items:order_items(id,product_id,product_name,variant_title,review:reviews(id,rating,title,body,photos,status,rejection_reason))',
    )
    .eq('id', orderId)
    .maybeSingle();

/** What the review form needs of its order: the lines (to name the product) and each line's review. */
export type OrderForReview = NonNullable<QueryData<ReturnType<typeof selectForReview>>>;

async function fetchOrderForReview(orderId: string): Promise<OrderForReview | null> {
  const { data, error } = await selectForReview(await getSupabase(), orderId);
  if (error) throw toAppError(error);
  return data;
}

/**
 * track_order answers jsonb (typed `Json` by the generator), so its shape is checked here rather
 * than assumed: a function that changed its answer fails loudly instead of rendering undefined.
 */
const trackingRecordSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string(),
  payment_method: z.string(),
  payment_status: z.string(),
  placed_at: z.string(),
  estimated_delivery_from: z.string(),
  estimated_delivery_to: z.string(),
  current_location: z.string().nullable(),
  total: z.number(),
  items: z.array(
    z.object({ name: z.string(), quantity: z.number(), price: z.number(), line_total: z.number() }),
  ),
  timeline: z.array(
    z.object({
      status: z.string(),
      completed: z.boolean(),
      occurred_at: z.string().nullable(),
      location: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;

/** track_order: null for an unknown number and for someone else's order (the same answer). */
async function trackOrder(orderNumber: string, contact: string): Promise<TrackingRecord | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('track_order', {
    order_number: orderNumber,
    contact: contact || undefined,
  });
  if (error) throw toAppError(error);
  return data === null ? null : trackingRecordSchema.parse(data);
}

export const orderQueries = {
  history: (userId: string) =>
    queryOptions({ queryKey: orderKeys.history(userId), queryFn: () => fetchOrderHistory(userId) }),
  confirmation: (orderNumber: string) =>
    queryOptions({
      queryKey: orderKeys.confirmation(orderNumber),
      queryFn: () => fetchConfirmedOrder(orderNumber),
    }),
  tracking: (orderNumber: string, contact: string) =>
    queryOptions({
      queryKey: orderKeys.tracking(orderNumber, contact),
      queryFn: () => trackOrder(orderNumber, contact),
    }),
  documents: (orderId: string) =>
    queryOptions({ queryKey: orderKeys.documents(orderId), queryFn: () => fetchOrderDocuments(orderId) }),
  forReturn: (orderId: string) =>
    queryOptions({ queryKey: orderKeys.forReturn(orderId), queryFn: () => fetchOrderForReturn(orderId) }),
  forReview: (orderId: string) =>
    queryOptions({ queryKey: orderKeys.forReview(orderId), queryFn: () => fetchOrderForReview(orderId) }),
};

/**
 * cancel_order: the owner cancels an order that has not shipped, and the stock returns. Its refusal
 * ('… has already shipped and can no longer be cancelled.', P0001) is written for the shopper and
 * shown by the app's mutation error handler (lib/query-client.ts). A paid online order gets a full
 * refund row in the same transaction; the refunds function is asked to issue it now rather than at
 * its next scheduled run (best effort: the schedule issues it anyway, so a failure here is ignored).
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('cancel_order', { order_id: orderId });
      if (error) throw toAppError(error);
      if (data.payment_method === 'razorpay' && data.payment_status === 'paid') {
        void supabase.functions.invoke('refunds', { body: { order_id: orderId } }).catch(() => undefined);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
