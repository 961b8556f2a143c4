/**
 * The sandbox's payments and the Refunds API, as Razorpay answers them:
 *
 *   GET  /v1/payments/:id           the payment entity (amount_refunded, refund_status follow refunds)
 *   POST /v1/payments/:id/refund    body { amount?, speed?, notes?, receipt? } → a refund entity,
 *                                   created `pending` (a normal-speed refund); header
 *                                   X-Refund-Idempotency (10+ of [A-Za-z0-9_-]): the same key and
 *                                   body return the same refund, another body is refused
 *   GET  /v1/payments/:id/refunds   { entity: 'collection', count, items } (newest first)
 *   GET  /v1/refunds/:id            one refund
 *
 * A pending refund settles after the sandbox's settle delay (or when a test settles it): `processed`
 * with `acquirer_data.arn` (the card network's 23-digit reference) and the `refund.processed`
 * webhook, or, when it was made while `faults.refundFailure` was on, `failed` (its amount no longer
 * counts as refunded) and `refund.failed`. A payment can never be refunded beyond what was captured
 * (refunds not failed count). `faults.refundOutage` (set by tests in process, never over HTTP) makes
 * refund creation answer Razorpay's 500 SERVER_ERROR, as an outage would, without creating anything.
 */
import {
  nowSeconds,
  randomDigits,
  razorpayId,
  RazorpayError,
  readNotes,
  type RazorpayEvent,
  type RazorpayPayment,
  type RazorpayRefund,
} from './entities.ts';

/**
 * Faults a test switches on in process (the object is read at each request, so a test may flip its
 * fields while the server runs). Never reachable over HTTP.
 */
export interface SandboxFaults {
  /** refund creation answers 500 SERVER_ERROR and makes nothing */
  refundOutage: boolean;
  /** refunds made while on end `failed` (refund.failed) instead of `processed` */
  refundFailure?: boolean;
  /** the answer to a refund creation (whatever it is) leaves this many ms late; the refund is made at once */
  refundTimeoutMs?: number;
  /** payout creation answers 500 SERVER_ERROR and makes nothing */
  payoutOutage?: boolean;
  /** payouts made while on end `reversed` (payout.reversed), as the failure VPA and account do */
  payoutFailure?: boolean;
  /** the answer to a payout creation leaves this many ms late; the payout is made at once */
  payoutTimeoutMs?: number;
}

/** What the desks do besides answering: settle later, and tell the webhook. */
export interface SandboxEffects {
  later(run: () => void): void;
  emit(event: string, contains: string[], payload: RazorpayEvent['payload']): void;
}

const NO_EFFECTS: SandboxEffects = { later: () => {}, emit: () => {} };

export class RefundDesk {
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund>();
  private readonly byKey = new Map<string, { body: string; refundId: string }>();

  constructor(
    private readonly faults: SandboxFaults = { refundOutage: false },
    private readonly effects: SandboxEffects = NO_EFFECTS,
  ) {}

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
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: speed,
    };
    this.refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined)
      this.byKey.set(idempotencyKey, { body: canonical, refundId: refund.id });
    payment.amount_refunded += amount;
    refreshRefundStatus(payment);
    const fail = this.faults.refundFailure === true;
    this.effects.later(() => this.settle(refund, fail));
    this.effects.emit('refund.created', ['refund', 'payment'], {
      refund: { entity: refund },
      payment: { entity: payment },
    });
    return refund;
  }

  /** A pending refund's end: processed (with the ARN) or failed, and its webhook. */
  private settle(refund: RazorpayRefund, fail: boolean): void {
    if (refund.status !== 'pending') return;
    const payment = this.payment(refund.payment_id);
    if (fail) {
      refund.status = 'failed';
      payment.amount_refunded -= refund.amount;
      refreshRefundStatus(payment);
    } else {
      refund.status = 'processed';
      refund.acquirer_data = { arn: randomDigits(23) };
    }
    this.effects.emit(fail ? 'refund.failed' : 'refund.processed', ['refund', 'payment'], {
      refund: { entity: refund },
      payment: { entity: payment },
    });
  }
}

function refreshRefundStatus(payment: RazorpayPayment): void {
  payment.refund_status =
    payment.amount_refunded === 0 ? null : payment.amount_refunded === payment.amount ? 'full' : 'partial';
  payment.status = payment.refund_status === 'full' ? 'refunded' : 'captured';
}
