// razorpay-verify-payment: the checkout's success handler sends Razorpay's three values here. The
// signature is checked against the Razorpay order id stored on the caller's order (not the one the
// browser sends), with the key secret; only then is the order marked paid. Anything else leaves the
// order unpaid. A payment for an order released meanwhile revives it when its stock is still there;
// otherwise the database owes a full refund, issued here at once (should that call fail, the refunds
// cron issues it within a minute): the reply then says cancelled, with the refund. The caller is verified here (config.toml
// verify_jwt = false): a signed-in customer, whose client reads the order under RLS.
import { corsHeaders, env, hmacHex, markOrderPaid, orderById, reply, sameHex } from '../_shared/payments.ts';
import { issueDueRefunds, refundSummary } from '../_shared/refunds.ts';
import { callerOf } from '../_shared/supabase.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const caller = await callerOf(req, reply);
  if (caller instanceof Response) return caller;
  const body = await req.json().catch(() => ({}));
  const orderId = typeof body.order_id === 'string' ? body.order_id : '';
  const paymentId = typeof body.razorpay_payment_id === 'string' ? body.razorpay_payment_id : '';
  const signature = typeof body.razorpay_signature === 'string' ? body.razorpay_signature : '';
  if (!/^[0-9a-f-]{36}$/i.test(orderId) || !paymentId || !signature) {
    return reply(400, { error: 'order_id, razorpay_payment_id and razorpay_signature are required.' });
  }

  const order = await orderById(caller.db, orderId);
  if (!order) return reply(404, { error: 'Order not found.' });
  const stored = order.razorpay_order_id;
  if (!stored || (typeof body.razorpay_order_id === 'string' && body.razorpay_order_id !== stored)) {
    return reply(400, { error: 'Payment verification failed.' });
  }
  const expected = await hmacHex(`${stored}|${paymentId}`, env('RAZORPAY_KEY_SECRET'));
  if (!sameHex(expected, signature.toLowerCase()))
    return reply(400, { error: 'Payment verification failed.' });

  const paid = await markOrderPaid(order.id, paymentId, stored);
  const refunds = paid.status === 'cancelled' ? (await issueDueRefunds(paid.id)).refunds : [];
  const now = refunds.length ? await orderById(caller.db, paid.id) : null;
  return reply(200, {
    order_id: paid.id,
    order_number: paid.order_number,
    status: paid.status,
    payment_status: now?.payment_status ?? paid.payment_status,
    payment_id: paid.payment_id,
    ...(refunds.length ? { refunds: refundSummary(refunds) } : {}),
  });
});
