// razorpay-refund: staff retry a refund that is still due on an order (its earlier call to Razorpay
// failed, or Razorpay reported it failed). The caller is verified here (config.toml verify_jwt =
// false) and must be a fresh admin: the database checks that (admin_payment_refunds_due, called as
// the caller) and says which refunds are due; this function, holding the key secret, then issues
// them exactly as the payment functions do (idempotent, never twice).
import { corsHeaders, reply } from '../_shared/payments.ts';
import { issueDueRefunds, refundSummary } from '../_shared/refunds.ts';
import { callerOf } from '../_shared/supabase.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const caller = await callerOf(req, reply);
  if (caller instanceof Response) return caller;
  const body = await req.json().catch(() => ({}));
  const orderId = typeof body.order_id === 'string' ? body.order_id : '';
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return reply(400, { error: 'An order_id is required.' });

  const { data: due, error } = await caller.db.rpc('admin_payment_refunds_due', { order_id: orderId });
  if (error) return reply(403, { error: 'Only staff can issue refunds.' });
  if (!due.length) return reply(409, { error: 'No refund is due on this order.' });
  const { refunds, failed } = await issueDueRefunds(orderId);
  return reply(failed.length ? 502 : 200, {
    refunds: refundSummary(refunds),
    ...(failed.length ? { error: failed[0]!.last_error } : {}),
  });
});
