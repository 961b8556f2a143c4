// Refunds owed for payments that arrived after their order was cancelled. mark_order_paid records
// one as due (payment_refunds, one per payment); these functions hold the key secret, so they issue
// it with Razorpay's Refunds API and record what Razorpay answered. Exactly once, whoever asks and
// however often: Razorpay dedupes on X-Refund-Idempotency (the row's id and generation), a refund
// Razorpay already holds for the payment is adopted rather than made again (a lost answer, an expired
// key), and Razorpay never refunds beyond what it captured. A failed call leaves the refund due, with
// the error, for the next webhook delivery or a staff retry (razorpay-refund).
import { razorpay, RazorpayApiError, toPaise } from './payments.ts';
import { adminClient, failed, type Tables } from './supabase.ts';

/** A refund the store owes or made (status: due, pending or processed). */
export type PaymentRefund = Tables<'payment_refunds'>;

/** Razorpay's refund entity, as far as the store reads it. */
export interface RazorpayRefund {
  id: string;
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes?: Record<string, string> | unknown[];
}

export const refundKey = (r: PaymentRefund) => `refund-${r.id}-${r.generation}`;

async function adoptOrCreate(r: PaymentRefund): Promise<RazorpayRefund> {
  const payment = encodeURIComponent(r.razorpay_payment_id);
  const amount = toPaise(r.amount);
  const key = refundKey(r);
  const held = await razorpay<{ items: RazorpayRefund[] }>(`payments/${payment}/refunds`);
  const live = held.items.filter((x) => x.status !== 'failed');
  const mine =
    live.find((x) => !Array.isArray(x.notes) && x.notes?.refund_key === key) ??
    live.find((x) => x.amount === amount);
  if (mine) return mine;
  return await razorpay<RazorpayRefund>(
    `payments/${payment}/refund`,
    {
      amount,
      speed: 'normal',
      receipt: `rf_${r.id.replace(/-/g, '')}`,
      notes: { order_id: r.order_id, refund_key: key, reason: r.reason.slice(0, 250) },
    },
    { 'X-Refund-Idempotency': key },
  );
}

/** What Razorpay said of a refund (its create answer or a refund.* webhook), into the database. */
export async function recordRefund(
  refund: Pick<RazorpayRefund, 'id' | 'payment_id' | 'status'>,
): Promise<PaymentRefund | null> {
  const { data, error } = await adminClient().rpc('record_payment_refund', {
    razorpay_payment_id: refund.payment_id,
    razorpay_refund_id: refund.id,
    status: refund.status,
  });
  if (error) throw failed('record_payment_refund', error);
  return data;
}

/** The refunds still due on an order (secret key). */
async function dueRefunds(orderId: string): Promise<PaymentRefund[]> {
  const { data, error } = await adminClient().rpc('due_payment_refunds', { order_id: orderId });
  if (error) throw failed('due_payment_refunds', error);
  return data;
}

/** Records a failed refund call on the refund (still due, with the error). */
async function recordRefundError(paymentId: string, message: string): Promise<PaymentRefund | null> {
  const { data, error } = await adminClient().rpc('record_payment_refund_error', {
    razorpay_payment_id: paymentId,
    error: message,
  });
  if (error) throw failed('record_payment_refund_error', error);
  return data;
}

/**
 * Issues the refunds still due on an order. Returns them as recorded afterwards; `failed` holds
 * those whose call failed (still due, with the error), and `retryable` whether any of those failed
 * in a way a later call may not (Razorpay's 5xx, no answer): a 4xx refusal (a payment too old, say)
 * needs staff, and redelivering the webhook for a day would only get it disabled.
 */
export async function issueDueRefunds(
  orderId: string,
): Promise<{ refunds: PaymentRefund[]; failed: PaymentRefund[]; retryable: boolean }> {
  const due = await dueRefunds(orderId);
  const refunds: PaymentRefund[] = [];
  const failed: PaymentRefund[] = [];
  let retryable = false;
  for (const r of due) {
    try {
      const refund = await adoptOrCreate(r);
      refunds.push((await recordRefund(refund)) ?? r);
    } catch (e) {
      const api = e instanceof RazorpayApiError ? e : null;
      if (!api || api.status >= 500 || api.status === 409 || api.status === 429) retryable = true;
      const row = await recordRefundError(
        r.razorpay_payment_id,
        api?.message ?? 'The refund call did not get an answer.',
      );
      refunds.push(row ?? r);
      failed.push(row ?? r);
    }
  }
  return { refunds, failed, retryable };
}

/** What the customer's or Razorpay's reply says of the refunds. */
export const refundSummary = (refunds: PaymentRefund[]) =>
  refunds.map((r) => ({
    status: r.status,
    amount: r.amount,
    razorpay_refund_id: r.razorpay_refund_id,
  }));
