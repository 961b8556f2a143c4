// razorpay-webhook: Razorpay's server-to-server events (verify_jwt = false: Razorpay sends no JWT).
// Trusted only when X-Razorpay-Signature is the HMAC-SHA256 of the raw body with the webhook secret
// (a different secret from the key secret). Redeliveries carry the same x-razorpay-event-id and are
// dropped (the id is recorded in the database once the event was processed); anything that gets
// through twice, such as two deliveries racing, is still harmless: each event below only moves its
// row forward.
//
// - payment.captured and order.paid mark the order paid (mark_order_paid); payment.failed changes
//   nothing (the customer may retry; unpaid orders are released after 30 minutes). A payment for an
//   order released meanwhile revives it, or the database owes a full refund: it is issued at once
//   (_shared/refunds.ts); should that call fail, the refund stays pending and the refunds cron
//   issues it within a minute.
// - refund.created / refund.processed / refund.failed (Razorpay's Refunds API) and payout.* (RazorpayX
//   payouts of COD refunds: processed, or failed / reversed / rejected / cancelled with
//   status_details.description as the reason) are recorded with record_refund: the refund is found by
//   the key the refunds function put in the entity's notes (refund_key), else by the entity's id; the
//   bank's reference is the refund's ARN (acquirer_data.arn) or the payout's UTR. Order-independent:
//   a webhook that arrives before the API's answer was recorded settles the refund, and the answer
//   recorded afterwards changes nothing (processed and failed are final for a key).
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
import {
  issueDueRefunds,
  noteOf,
  payoutOutcome,
  recordRefund,
  refundOutcome,
  type RefundOutcome,
} from '../_shared/refunds.ts';

type Entity = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const obj = (v: unknown): Entity | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v)) : null;
const notesOf = (e: Entity) => {
  const n = obj(e.notes);
  return n
    ? Object.fromEntries(Object.entries(n).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])))
    : null;
};

const REFUND_EVENTS = new Map([
  ['refund.created', 'pending'],
  ['refund.processed', 'processed'],
  ['refund.failed', 'failed'],
]);
const PAYOUT_EVENTS = [
  'payout.queued',
  'payout.pending',
  'payout.initiated',
  'payout.updated',
  'payout.processed',
  'payout.failed',
  'payout.reversed',
  'payout.rejected',
  'payout.cancelled',
];

/** A refund.* or payout.* event as the refund it settles: its key (notes.refund_key) and outcome. */
function refundEvent(name: string, payload: Entity): { key: string | null; outcome: RefundOutcome } | null {
  const refundStatus = REFUND_EVENTS.get(name);
  if (refundStatus) {
    const e = obj(obj(payload.refund)?.entity);
    const id = e && str(e.id);
    if (!e || !id) return null;
    const arn = str(obj(e.acquirer_data)?.arn);
    return {
      key: noteOf(notesOf(e), 'refund_key'),
      outcome: refundOutcome({
        id,
        amount: 0,
        payment_id: str(e.payment_id) ?? '',
        status: refundStatus,
        acquirer_data: { arn },
      }),
    };
  }
  if (PAYOUT_EVENTS.includes(name)) {
    const e = obj(obj(payload.payout)?.entity);
    const id = e && str(e.id);
    if (!e || !id) return null;
    const details = obj(e.status_details);
    const status = name === 'payout.updated' ? (str(e.status) ?? 'pending') : name.slice('payout.'.length);
    return {
      key: noteOf(notesOf(e), 'refund_key'),
      outcome: payoutOutcome({
        id,
        status,
        utr: str(e.utr),
        status_details: { description: str(details?.description) },
        failure_reason: str(e.failure_reason),
      }),
    };
  }
  return null;
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return reply(405, { error: 'Use POST.' });
  const raw = await req.text();
  const signature = req.headers.get('X-Razorpay-Signature') ?? '';
  const expected = await hmacHex(raw, env('RAZORPAY_WEBHOOK_SECRET'));
  if (!sameHex(expected, signature.toLowerCase())) return reply(400, { error: 'Invalid signature.' });

  const eventId = req.headers.get('x-razorpay-event-id');
  if (eventId && (await paymentEventSeen(eventId.slice(0, 100)))) return reply(200, { status: 'duplicate' });

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return reply(400, { error: 'The body is not JSON.' });
  }
  const event = obj(parsed) ?? {};
  const name = str(event.event) ?? 'unknown';
  const payload = obj(event.payload) ?? {};
  const payment = obj(obj(payload.payment)?.entity) ?? {};
  const rzpOrderId = str(payment.order_id) ?? str(obj(obj(payload.order)?.entity)?.id);
  const paymentId = str(payment.id);

  let result = 'ignored';
  if ((name === 'payment.captured' || name === 'order.paid') && rzpOrderId && paymentId) {
    const order = await orderByRazorpayId(rzpOrderId);
    if (order) {
      const paid = await markOrderPaid(order.id, paymentId, rzpOrderId);
      result = 'paid';
      if (paid.status === 'cancelled') {
        // the database owes a full refund: issue it now (the cron retries it if this call fails)
        const { refunds, errors } = await issueDueRefunds(paid.id);
        if (refunds.some((r) => r.status === 'failed')) result = 'refund failed';
        else if (errors.length) result = 'refund pending';
        else if (refunds.length) result = 'refunded';
      }
    } else {
      result = 'unknown order';
    }
  }
  const settled = refundEvent(name, payload);
  if (settled) {
    const recorded = await recordRefund(settled.key, settled.outcome);
    result = recorded ? `refund ${recorded.status}` : 'unknown refund';
  }
  if (eventId) await recordPaymentEvent(eventId.slice(0, 100), name.slice(0, 100));
  return reply(200, { status: result });
});
