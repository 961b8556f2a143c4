// What the three Razorpay functions share: their secrets, HMAC signatures, Razorpay's Orders API,
// and the store's database through its REST API (the caller's JWT for reads that must be theirs,
// the service-role key for the writes only these functions may make).
import { toPaise } from '../../../shared/src/pricing/money.ts';

export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

export function env(name: string): string {
  const v = Deno.env.get(name);
  if (!v) throw new Error(`The secret ${name} is not set`);
  return v;
}

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

export interface StoreOrder {
  id: string;
  order_number: string;
  total: number;
  status: string;
  payment_method: string;
  payment_status: string;
  payment_id: string | null;
  razorpay_order_id: string | null;
  shipping_address: Record<string, string>;
}

const ORDER_COLUMNS =
  'id,order_number,total,status,payment_method,payment_status,payment_id,razorpay_order_id,shipping_address';

/** REST call to the store's database; `authorization` is the caller's header or the service role's. */
async function rest(path: string, authorization: string, init: RequestInit = {}): Promise<Response> {
  return await fetch(`${env('SUPABASE_URL')}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      Authorization: authorization,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

export const serviceAuthorization = () => `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY')}`;

/** The order as `authorization` may see it (RLS: a customer sees only their own). */
export async function readOrder(filter: string, authorization: string): Promise<StoreOrder | null> {
  const r = await rest(`orders?${filter}&select=${ORDER_COLUMNS}`, authorization);
  if (!r.ok) throw new Error(`Reading the order failed: ${r.status} ${await r.text()}`);
  const rows = (await r.json()) as StoreOrder[];
  return rows[0] ?? null;
}

/** Stores the Razorpay order id once; false when another request stored one first. */
export async function storeRazorpayOrderId(orderId: string, razorpayOrderId: string): Promise<boolean> {
  const r = await rest(
    `orders?id=eq.${encodeURIComponent(orderId)}&razorpay_order_id=is.null&select=id`,
    serviceAuthorization(),
    {
      method: 'PATCH',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({ razorpay_order_id: razorpayOrderId }),
    },
  );
  if (!r.ok) throw new Error(`Storing the Razorpay order failed: ${r.status} ${await r.text()}`);
  return ((await r.json()) as unknown[]).length === 1;
}

/** An RPC of the store's database, as `authorization` (the service role unless said otherwise). */
export async function rpc<T>(
  name: string,
  args: Record<string, unknown>,
  authorization: string = serviceAuthorization(),
): Promise<T> {
  const r = await rest(`rpc/${name}`, authorization, { method: 'POST', body: JSON.stringify(args) });
  if (!r.ok) throw new Error(`${name} failed: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/**
 * mark_order_paid (service role): moves the order forward only; replays change nothing. For an
 * order cancelled before the payment arrived it revives the order or records a refund as due
 * (issueDueRefunds in refunds.ts then issues it).
 */
export async function markOrderPaid(
  orderId: string,
  paymentId: string,
  razorpayOrderId: string,
): Promise<StoreOrder> {
  return await rpc<StoreOrder>('mark_order_paid', {
    order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_order_id: razorpayOrderId,
  });
}

/** The webhook's event log (service role): was this x-razorpay-event-id processed already? */
export async function paymentEventSeen(eventId: string): Promise<boolean> {
  const r = await rest('rpc/payment_event_seen', serviceAuthorization(), {
    method: 'POST',
    body: JSON.stringify({ event_id: eventId }),
  });
  if (!r.ok) throw new Error(`payment_event_seen failed: ${r.status} ${await r.text()}`);
  return (await r.json()) === true;
}

/** Remembers a processed event id (after processing, so a failed delivery is retried). */
export async function recordPaymentEvent(eventId: string, event: string): Promise<void> {
  const r = await rest('rpc/record_payment_event', serviceAuthorization(), {
    method: 'POST',
    body: JSON.stringify({ event_id: eventId, event }),
  });
  if (!r.ok) throw new Error(`record_payment_event failed: ${r.status} ${await r.text()}`);
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

/** Razorpay's API with the key secret (Basic auth), here or in the local sandbox. */
export async function razorpay<T = RazorpayOrder>(
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
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

export { toPaise };
