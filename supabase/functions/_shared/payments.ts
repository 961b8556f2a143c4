// What the Razorpay functions share: their secrets, HMAC signatures, Razorpay's Orders API, and
// the store's database through supabase-js (supabase.ts: the verified caller's client for reads that
// must be theirs, the secret key's for the writes only these functions may make).
import { toPaise } from '../../../shared/src/pricing/money.ts';
import { adminClient, env, failed, type QueryData, type Rpc, type StoreClient } from './supabase.ts';

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function reply(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: corsHeaders });
}

export async function hmacHex(message: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time comparison of two hex strings (a forged signature learns nothing from timing). */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const ORDER_COLUMNS =
  'id,order_number,total,status,payment_method,payment_status,payment_id,razorpay_order_id' as const;
const orders = (db: StoreClient) => db.from('orders').select(ORDER_COLUMNS);

/** What the payment functions read of an order. */
export type PaymentOrder = QueryData<ReturnType<typeof orders>>[number];

/** The order as `db` may see it (a caller's client: RLS shows a customer only their own). */
export async function orderById(db: StoreClient, id: string): Promise<PaymentOrder | null> {
  const { data, error } = await orders(db).eq('id', id).maybeSingle();
  if (error) throw failed('Reading the order', error);
  return data;
}

/** The order a Razorpay order was opened for (the secret key: Razorpay's webhook has no user). */
export async function orderByRazorpayId(razorpayOrderId: string): Promise<PaymentOrder | null> {
  const { data, error } = await orders(adminClient()).eq('razorpay_order_id', razorpayOrderId).maybeSingle();
  if (error) throw failed('Reading the order', error);
  return data;
}

/** Stores the Razorpay order id once; false when another request stored one first. */
export async function storeRazorpayOrderId(orderId: string, razorpayOrderId: string): Promise<boolean> {
  const { data, error } = await adminClient()
    .from('orders')
    .update({ razorpay_order_id: razorpayOrderId })
    .eq('id', orderId)
    .is('razorpay_order_id', null)
    .select('id');
  if (error) throw failed('Storing the Razorpay order', error);
  return data.length === 1;
}

/**
 * mark_order_paid (secret key): moves the order forward only; replays change nothing. For an
 * order cancelled before the payment arrived it revives the order or records a refund as due
 * (issueDueRefunds in refunds.ts then issues it).
 */
export async function markOrderPaid(
  orderId: string,
  paymentId: string,
  razorpayOrderId: string,
): Promise<Rpc<'mark_order_paid'>['Returns']> {
  const { data, error } = await adminClient().rpc('mark_order_paid', {
    order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_order_id: razorpayOrderId,
  });
  if (error) throw failed('mark_order_paid', error);
  return data;
}

/** The webhook's event log (secret key): was this x-razorpay-event-id processed already? */
export async function paymentEventSeen(eventId: string): Promise<boolean> {
  const { data, error } = await adminClient().rpc('payment_event_seen', { event_id: eventId });
  if (error) throw failed('payment_event_seen', error);
  return data === true;
}

/** Remembers a processed event id (after processing, so a failed delivery is retried). */
export async function recordPaymentEvent(eventId: string, event: string): Promise<void> {
  const { error } = await adminClient().rpc('record_payment_event', { event_id: eventId, event });
  if (error) throw failed('record_payment_event', error);
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

/** Razorpay's answer to a failed call: its HTTP status and `error.description`. */
export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(`Razorpay answered ${status}: ${description}`);
  }
}

/**
 * Razorpay's API (and RazorpayX's, same host and keys) with the key secret (Basic auth), here or in
 * the local sandbox. `signal` bounds the wait (AbortSignal.timeout): fetch then throws its TimeoutError.
 */
export async function razorpay<T = RazorpayOrder>(
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  const base = Deno.env.get('RAZORPAY_API_URL') ?? 'https://api.razorpay.com';
  const r = await fetch(`${base}/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${env('RAZORPAY_KEY_ID')}:${env('RAZORPAY_KEY_SECRET')}`)}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!r.ok) {
    const text = await r.text();
    let description = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: { description?: unknown } };
      if (typeof parsed.error?.description === 'string') description = parsed.error.description;
    } catch {
      // not JSON (a proxy's page): keep the text
    }
    throw new RazorpayApiError(r.status, description);
  }
  return (await r.json()) as T;
}

export { env, toPaise };
