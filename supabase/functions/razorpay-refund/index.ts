// razorpay-refund: staff retry a refund that is still due on an order (its earlier call to Razorpay
// failed, or Razorpay reported it failed). The caller's JWT must be a fresh admin's: the database
// checks it (admin_payment_refunds_due) and says which refunds are due; this function, holding the
// key secret, then issues them exactly as the payment functions do (idempotent, never twice).
import { corsHeaders, reply, rpc } from '../_shared/payments.ts';
import { issueDueRefunds, refundSummary, type PaymentRefund } from '../_shared/refunds.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const body = await req.json().catch(() => ({}));
  const orderId = typeof body.order_id === 'string' ? body.order_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return reply(400, { error: 'An order_id is required.' });

  let due: PaymentRefund[];
  try {
    due = await rpc<PaymentRefund[]>(
      'admin_payment_refunds_due',
      { order_id: orderId },
      req.headers.get('Authorization') ?? '',
    );
  } catch {
    return reply(403, { error: 'Only staff can issue refunds.' });
  }
  if (!due.length) return reply(409, { error: 'No refund is due on this order.' });
  const { refunds, failed } = await issueDueRefunds(orderId);
  return reply(failed.length ? 502 : 200, {
    refunds: refundSummary(refunds),
    ...(failed.length ? { error: failed[0]!.last_error } : {}),
  });
});
