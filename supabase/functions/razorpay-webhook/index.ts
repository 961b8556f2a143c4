// razorpay-webhook: Razorpay's server-to-server events (verify_jwt = false: Razorpay sends no JWT).
// Trusted only when X-Razorpay-Signature is the HMAC-SHA256 of the raw body with the webhook secret
// (a different secret from the key secret). payment.captured and order.paid mark the order paid;
// payment.failed changes nothing (the customer may retry; unpaid orders are released after 30
// minutes). Redeliveries carry the same x-razorpay-event-id and are dropped (the id is recorded in
// the database once the event was processed); anything that gets through twice, such as two
// deliveries racing, is still harmless, because mark_order_paid only moves an order forward.
// A payment for an order released meanwhile revives it or is refunded (see _shared/refunds.ts); if
// the refund call fails for a passing reason (Razorpay's 5xx, no answer) the reply is 502 and the
// event is not recorded, so Razorpay's redelivery retries it; a refusal stays due for staff. refund.processed and refund.failed update the store's refund (failed: due again).
import {
  env,
  hmacHex,
  markOrderPaid,
  orderByRazorpayId,
  paymentEventSeen,
  recordPaymentEvent,
  reply,
  sameHex,
} from '../_shared/payments.ts';
import { issueDueRefunds, recordRefund } from '../_shared/refunds.ts';

Deno.serve(async (req) => {
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const raw = await req.text();
  const signature = req.headers.get('X-Razorpay-Signature') ?? '';
  const expected = await hmacHex(raw, env('RAZORPAY_WEBHOOK_SECRET'));
  if (!sameHex(expected, signature.toLowerCase())) return reply(400, { error: 'Invalid signature.' });

  const eventId = req.headers.get('x-razorpay-event-id');
  if (eventId && (await paymentEventSeen(eventId.slice(0, 100)))) return reply(200, { status: 'duplicate' });

  let event: { event?: string; payload?: Record<string, { entity?: Record<string, unknown> }> };
  try {
    event = JSON.parse(raw);
  } catch {
    return reply(400, { error: 'The body is not JSON.' });
  }
  const payment = event.payload?.payment?.entity ?? {};
  const rzpOrderId = String(payment.order_id ?? event.payload?.order?.entity?.id ?? '');
  const paymentId = String(payment.id ?? '');

  let result = 'ignored';
  if ((event.event === 'payment.captured' || event.event === 'order.paid') && rzpOrderId && paymentId) {
    const order = await orderByRazorpayId(rzpOrderId);
    if (order) {
      const paid = await markOrderPaid(order.id, paymentId, rzpOrderId);
      result = 'paid';
      if (paid.status === 'cancelled') {
        const { refunds, failed, retryable } = await issueDueRefunds(paid.id);
        if (retryable) return reply(502, { status: 'refund failed', error: failed[0]!.last_error });
        if (failed.length) result = 'refund due';
        else if (refunds.length) result = 'refunded';
      }
    } else {
      result = 'unknown order';
    }
  }
  const refund = event.payload?.refund?.entity;
  if (
    (event.event === 'refund.processed' || event.event === 'refund.failed') &&
    typeof refund?.id === 'string' &&
    typeof refund.payment_id === 'string'
  ) {
    const status = event.event === 'refund.processed' ? 'processed' : 'failed';
    const recorded = await recordRefund({ id: refund.id, payment_id: refund.payment_id, status });
    result = recorded ? `refund ${recorded.status}` : 'unknown refund';
  }
  if (eventId)
    await recordPaymentEvent(eventId.slice(0, 100), String(event.event ?? 'unknown').slice(0, 100));
  return reply(200, { status: result });
});
