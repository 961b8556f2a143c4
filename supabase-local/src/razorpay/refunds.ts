/**
 * The sandbox's payments and the Refunds API, as Razorpay answers them:
 *
 *   GET  /v1/payments/:id           the payment entity (amount_refunded, refund_status follow refunds)
 *   POST /v1/payments/:id/refund    body { amount?, speed?, notes?, receipt? } → a refund entity,
 *                                   created `processed` (test mode's normal refunds); header
 *                                   X-Refund-Idempotency (10+ of [A-Za-z0-9_-]): the same key and
 *                                   body return the same refund, another body is refused
 *   GET  /v1/payments/:id/refunds   { entity: 'collection', count, items } (newest first)
 *   GET  /v1/refunds/:id            one refund
 *
 * A payment can never be refunded beyond what was captured. `faults.refundOutage` (set by tests in
 * process, never over HTTP) makes refund creation answer Razorpay's 500 SERVER_ERROR, as an outage
 * would, without creating anything.
 */
import {
  nowSeconds,
  razorpayId,
  RazorpayError,
  readNotes,
  type RazorpayPayment,
  type RazorpayRefund,
} from './entities.ts';

export interface SandboxFaults {
  refundOutage: boolean;
}

export class RefundDesk {
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund>();
  private readonly byKey = new Map<string, { body: string; refundId: string }>();

  constructor(private readonly faults: SandboxFaults = { refundOutage: false }) {}

  capture(orderId: string, amount: number, currency: string): RazorpayPayment {
    const payment: RazorpayPayment = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount,
      currency,
      status: 'captured',
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: null,
      notes: {},
      error_code: null,
      error_description: null,
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  payment(id: string): RazorpayPayment {
    const p = this.payments.get(id);
    if (!p) throw new RazorpayError(400, 'The id provided does not exist');
    return p;
  }

  refund(id: string): RazorpayRefund {
    const r = this.refunds.get(id);
    if (!r) throw new RazorpayError(400, 'The id provided does not exist');
    return r;
  }

  refundsOf(paymentId: string) {
    this.payment(paymentId);
    const items = [...this.refunds.values()].filter((r) => r.payment_id === paymentId).reverse();
    return { entity: 'collection' as const, count: items.length, items };
  }

  create(
    paymentId: string,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ): RazorpayRefund {
    const payment = this.payment(paymentId);
    const canonical = JSON.stringify(body);
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) {
        throw new RazorpayError(
          400,
          'The idempotency key must be at least 10 characters long and may contain only letters, numbers, hyphens and underscores.',
        );
      }
      const seen = this.byKey.get(idempotencyKey);
      if (seen) {
        if (seen.body !== canonical) {
          throw new RazorpayError(
            400,
            'Different request with the same idempotency key has already been processed.',
          );
        }
        return this.refund(seen.refundId);
      }
    }
    const left = payment.amount - payment.amount_refunded;
    const { amount = left, speed = 'normal', receipt } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      throw new RazorpayError(400, 'The amount must be an integer.', 'amount');
    }
    if (amount < 100) throw new RazorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    if (speed !== 'normal' && speed !== 'optimum') {
      throw new RazorpayError(400, 'The selected speed is invalid.', 'speed');
    }
    if (receipt !== undefined && receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw new RazorpayError(400, 'The receipt may not be greater than 40 characters.', 'receipt');
    }
    const notes = readNotes(body.notes);
    if (left === 0) throw new RazorpayError(400, 'The payment has been fully refunded already');
    if (amount > left) {
      throw new RazorpayError(400, 'The refund amount provided is greater than amount captured', 'amount');
    }
    if (this.faults.refundOutage) {
      throw new RazorpayError(
        500,
        'The server encountered an error. The incident has been reported to admins.',
        undefined,
        'SERVER_ERROR',
      );
    }
    const refund: RazorpayRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt: typeof receipt === 'string' ? receipt : null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined)
      this.byKey.set(idempotencyKey, { body: canonical, refundId: refund.id });
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return refund;
  }
}
