// refunds: issues the refunds the database says are due (_shared/refunds.ts: Razorpay refunds of
// online payments, RazorpayX payouts for COD orders), with the key secret, each exactly once.
// config.toml sets verify_jwt = false: the function checks its two kinds of caller itself.
//
//   POST {order_id} with a signed-in user's token (auth.getClaims()): the order's customer or staff
//     (the order is read with the caller's own client, so RLS decides: a customer sees only their
//     orders, staff all; anyone else gets 404) → that order's due refunds are issued now. The admin
//     calls it right after admin_create_refund / admin_retry_refund; nothing due is a 200 with [].
//   POST {} (or {order_id}) with the project's secret key (the cron, every minute, through pg_net;
//     compared in constant time) → every due refund (or that order's): the calls that failed in
//     passing are retried here. With {} it also reads back from Razorpay the refunds it accepted
//     more than REFUNDS_RECONCILE_AFTER_MS (15 min) ago whose webhook never came (reconciled: [...]).
//
// Answers 200 {refunds: [...]} (as recorded afterwards), or 502 {refunds, error} when a call failed
// this time (the refund is then pending with last_error, retried by the cron, or failed when Razorpay
// refused it).
import { corsHeaders, orderById, reply } from '../_shared/payments.ts';
import { issueDueRefunds, reconcileStale, refundSummary } from '../_shared/refunds.ts';
import { holdsSecretKey } from '../_shared/secret-key.ts';
import { callerOf } from '../_shared/supabase.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const body: unknown = await req.json().catch(() => ({}));
  const given = typeof body === 'object' && body !== null && 'order_id' in body ? body.order_id : undefined;
  const orderId = typeof given === 'string' ? given : null;
  if (given !== undefined && (orderId === null || !UUID.test(orderId)))
    return reply(400, { error: 'order_id must be an order’s id.' });

  const cron = await holdsSecretKey(req);
  if (!cron) {
    const caller = await callerOf(req, reply);
    if (caller instanceof Response) return caller;
    if (!orderId) return reply(400, { error: 'An order_id is required.' });
    // RLS: the customer's own order, or any order for staff
    if (!(await orderById(caller.db, orderId))) return reply(404, { error: 'Order not found.' });
  }

  const { refunds, errors } = await issueDueRefunds(orderId);
  const settled = cron && !orderId ? await reconcileStale() : [];
  return reply(errors.length ? 502 : 200, {
    refunds: refundSummary(refunds),
    ...(settled.length ? { reconciled: refundSummary(settled) } : {}),
    ...(errors.length ? { error: errors[0]!.error } : {}),
  });
});
