import type { QueryData } from '@supabase/supabase-js';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from 'shared/types/database';
import { orderKeys } from '@/features/orders/api/orders';
import { toAppError } from '@/lib/errors';
import { getSupabase, type Supabase } from '@/lib/get-supabase';

/**
 * Returns and refunds as the shopper sees them: order_return_options (what each line of a delivered
 * order may still send back, and until when: the database decides, the UI only previews), the
 * return_reasons, the order's returns with their lines, its refunds (RLS: the owner's only), and the
 * request_return / cancel_return RPCs. Keys sit under orderKeys, so one invalidation refreshes the
 * order history and the tracking page with them.
 */
export const returnKeys = {
  all: [...orderKeys.all, 'returns'] as const,
  options: (orderId: string) => [...returnKeys.all, 'options', orderId] as const,
  reasons: () => [...returnKeys.all, 'reasons'] as const,
  progress: (orderId: string) => [...returnKeys.all, 'progress', orderId] as const,
};

export type ReturnOption = Database['public']['Functions']['order_return_options']['Returns'][number];

async function fetchReturnOptions(orderId: string): Promise<ReturnOption[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('order_return_options', { order_id: orderId });
  if (error) throw toAppError(error);
  return data;
}

const selectReasons = (supabase: Supabase) =>
  supabase
    .from('return_reasons')
    .select('code,label,needs_photos,store_fault')
    .eq('active', true)
    .order('position');

export type ReturnReason = QueryData<ReturnType<typeof selectReasons>>[number];

async function fetchReturnReasons(): Promise<ReturnReason[]> {
  const { data, error } = await selectReasons(await getSupabase());
  if (error) throw toAppError(error);
  return data;
}

const selectReturns = (supabase: Supabase, orderId: string) =>
  supabase
    .from('returns')
    .select(
      'id,return_number,status,resolution,pickup_date,pickup_window,rejection_reason,created_at,pickup_scheduled_at,picked_up_at,received_at,refunded_at,closed_at,cancelled_at,items:return_items(id,order_item_id,quantity,reason)',
    )
    .eq('order_id', orderId)
    .order('created_at');

const selectRefunds = (supabase: Supabase, orderId: string) =>
  supabase
    .from('refunds')
    .select('id,return_id,amount,status,reference,created_at,processed_at')
    .eq('order_id', orderId)
    .order('created_at');

export type OrderReturn = QueryData<ReturnType<typeof selectReturns>>[number];
export type OrderRefund = QueryData<ReturnType<typeof selectRefunds>>[number];

export interface ReturnProgressData {
  returns: OrderReturn[];
  refunds: OrderRefund[];
}

/** An order's returns and refunds, read side by side (two small requests, in parallel). */
async function fetchReturnProgress(orderId: string): Promise<ReturnProgressData> {
  const supabase = await getSupabase();
  const [returns, refunds] = await Promise.all([
    selectReturns(supabase, orderId),
    selectRefunds(supabase, orderId),
  ]);
  if (returns.error) throw toAppError(returns.error);
  if (refunds.error) throw toAppError(refunds.error);
  return { returns: returns.data, refunds: refunds.data };
}

export const returnQueries = {
  options: (orderId: string) =>
    queryOptions({ queryKey: returnKeys.options(orderId), queryFn: () => fetchReturnOptions(orderId) }),
  reasons: () =>
    queryOptions({ queryKey: returnKeys.reasons(), queryFn: fetchReturnReasons, staleTime: 10 * 60 * 1000 }),
  progress: (orderId: string) =>
    queryOptions({ queryKey: returnKeys.progress(orderId), queryFn: () => fetchReturnProgress(orderId) }),
};

type RequestReturnArgs = Database['public']['Functions']['request_return']['Args'];

/**
 * request_return: the database checks everything again (window, quantities, reasons, photos, slot,
 * the COD refund account) and its refusal is written for the shopper; the form shows it beside the
 * button (meta.handlesError), so nothing typed is lost.
 */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: RequestReturnArgs) => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('request_return', args);
      if (error) throw toAppError(error);
      return data;
    },
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** cancel_return: the owner withdraws a return until the pickup happens; refusals are toasted. */
export function useCancelReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (returnId: string) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('cancel_return', { return_id: returnId });
      if (error) throw toAppError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export const PHOTO_BUCKET = 'return-photos';
export const PHOTO_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 6;
export const UPLOAD_FAILED = 'We could not upload your photo. Please try again.';

/**
 * Uploads one photo to the private bucket under the shopper's own folder (the storage policy allows
 * nothing else): `<user id>/<draft id>/<n>.<ext>`, the draft id being the form's, so a retried
 * submit uploads only what has not gone up yet. Answers the path request_return takes.
 */
export async function uploadReturnPhoto(path: string, file: File): Promise<string> {
  const supabase = await getSupabase();
  const { error } = await supabase.storage
    .from(PHOTO_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error, UPLOAD_FAILED);
  return path;
}
