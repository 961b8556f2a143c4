import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

export interface ConfirmedOrder {
  id: string;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  total: number;
  estimated_delivery_from: string;
  estimated_delivery_to: string;
}

export interface TimelineStep {
  status: string;
  completed: boolean;
  occurred_at: string | null;
  location: string | null;
  description: string | null;
}

export interface TrackingRecord {
  order_id: string;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  placed_at: string;
  estimated_delivery_from: string;
  estimated_delivery_to: string;
  current_location: string | null;
  total: number;
  items: { name: string; quantity: number; price: number; line_total: number }[];
  timeline: TimelineStep[];
}

export const orderKeys = {
  all: ['orders'] as const,
  confirmation: (orderNumber: string) => [...orderKeys.all, 'confirmation', orderNumber] as const,
  tracking: (orderNumber: string, contact: string) =>
    [...orderKeys.all, 'tracking', orderNumber, contact] as const,
};

async function fetchConfirmedOrder(orderNumber: string): Promise<ConfirmedOrder | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('orders')
    .select(
      'id,order_number,status,payment_method,payment_status,payment_id,total,estimated_delivery_from,estimated_delivery_to',
    )
    .eq('order_number', orderNumber)
    .maybeSingle();
  if (error) throw toAppError(error);
  return data as ConfirmedOrder | null;
}

/** track_order: null for an unknown number and for someone else's order (the same answer). */
async function trackOrder(orderNumber: string, contact: string): Promise<TrackingRecord | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('track_order', {
    order_number: orderNumber,
    contact: contact || null,
  });
  if (error) throw toAppError(error);
  return (data as TrackingRecord | null) ?? null;
}

export const orderQueries = {
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
};
