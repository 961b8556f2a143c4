// razorpay-create-order: opens the Razorpay order for one of the caller's placed, unpaid online
// orders. The amount is the order's total as the database priced it (in paise, INR), never a
// number from the browser. The Razorpay order id is stored on the order, so a retry gets the same
// Razorpay order back and verification can later trust only the server's copy. The caller is
// verified here (config.toml verify_jwt = false): a signed-in customer, whose client reads the order
// under RLS, so another customer's order is not found.
import {
  corsHeaders,
  env,
  orderById,
  razorpay,
  reply,
  storeRazorpayOrderId,
  toPaise,
} from '../_shared/payments.ts';
import { callerOf } from '../_shared/supabase.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const caller = await callerOf(req, reply);
  if (caller instanceof Response) return caller;
  const body = await req.json().catch(() => ({}));
  const orderId = typeof body.order_id === 'string' ? body.order_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return reply(400, { error: 'An order_id is required.' });

  const order = await orderById(caller.db, orderId);
  if (!order) return reply(404, { error: 'Order not found.' });
  if (order.payment_method !== 'razorpay') return reply(400, { error: 'This order is paid on delivery.' });
  if (order.payment_status !== 'pending' || order.status === 'cancelled') {
    return reply(409, { error: 'This order is not awaiting payment.' });
  }

  let razorpayOrderId = order.razorpay_order_id;
  if (!razorpayOrderId) {
    const created = await razorpay('orders', {
      amount: toPaise(order.total),
      currency: 'INR',
      receipt: order.order_number,
      notes: { order_id: order.id, order_number: order.order_number },
    });
    // Two tabs racing: the first stored id wins and the other Razorpay order is simply never paid.
    if (await storeRazorpayOrderId(order.id, created.id)) razorpayOrderId = created.id;
    else razorpayOrderId = (await orderById(caller.db, orderId))?.razorpay_order_id ?? null;
    if (!razorpayOrderId) throw new Error(`The Razorpay order of ${order.order_number} was not stored`);
  }
  const rzp = await razorpay(`orders/${encodeURIComponent(razorpayOrderId)}`);
  return reply(200, {
    key_id: env('RAZORPAY_KEY_ID'),
    razorpay_order_id: rzp.id,
    amount: rzp.amount,
    currency: rzp.currency,
    order_number: order.order_number,
  });
});
