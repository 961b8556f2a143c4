// Refunds the store owes (public.refunds): a Razorpay refund of an online payment (rail 'razorpay'),
// or a RazorpayX payout to the UPI ID or bank account a COD customer gave (rails 'upi_payout',
// 'bank_payout'). The database decides what is owed (admin_create_refund, a paid order cancelled)
// and which refunds are due (due_refunds: pending, not yet accepted by the provider); these
// functions hold the key secret, so they issue them and record what the provider answered
// (record_refund). Exactly once, whoever asks and however often:
//
// - every call for one refund carries its idempotency_key ('<id without dashes>-<generation>', kept by the
//   database): Razorpay dedupes refunds on X-Refund-Idempotency, RazorpayX payouts on
//   X-Payout-Idempotency; the key also travels in the refund's or payout's notes (refund_key), which
//   is how a webhook finds its refund even before the API's answer was recorded;
// - a refund Razorpay already holds with that key in its notes is adopted rather than made again
//   (an answer lost on the way, a key Razorpay has forgotten);
// - Razorpay's 5xx, or no answer within REFUNDS_TIMEOUT_MS (10 s), is retried at once with the SAME
//   key, twice; then the error is recorded (record_refund_error: attempts, last_error) and the refund
//   stays pending for the next call (the cron calls the refunds function every minute);
// - a refusal (400: more than is left to refund, an invalid account) fails the refund with Razorpay's
//   words: staff see it and retry it under a new key (admin_retry_refund). Other 4xx (the keys, rate
//   limits) are not the refund's fault: it stays pending with the error.
//
// What happens next arrives by webhook (razorpay-webhook: refund.*, payout.*), in any order with the
// API's answer: record_refund keeps processed and failed final for a key.
import { razorpay, RazorpayApiError, toPaise } from './payments.ts';
import { adminClient, env, failed, type Json, type Tables } from './supabase.ts';

/** A refund the store owes or made. */
export type Refund = Tables<'refunds'>;
export type RefundStatus = 'pending' | 'processed' | 'failed';

type Notes = Record<string, string> | unknown[] | null | undefined;

/** Razorpay's refund entity, as far as the store reads it. */
export interface RazorpayRefund {
  id: string;
  amount: number;
  payment_id: string;
  status: string;
  notes?: Notes;
  acquirer_data?: { arn?: string | null } | null;
}

/** RazorpayX's payout entity, as far as the store reads it. */
export interface RazorpayPayout {
  id: string;
  status: string;
  amount?: number;
  utr?: string | null;
  reference_id?: string | null;
  notes?: Notes;
  status_details?: { description?: string | null; reason?: string | null } | null;
  failure_reason?: string | null;
}

/** What a provider said of one refund, in the database's words (record_refund's arguments). */
export interface RefundOutcome {
  providerId: string | null;
  status: RefundStatus;
  reference: string | null;
  failureReason: string | null;
}

/** A note Razorpay carries back (notes is `[]` when there are none). */
export const noteOf = (notes: Notes, name: string): string | null => {
  if (!notes || Array.isArray(notes)) return null;
  const v = notes[name];
  return typeof v === 'string' && v ? v : null;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function refundOutcome(r: RazorpayRefund): RefundOutcome {
  const status = r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending';
  return {
    providerId: r.id,
    status,
    reference: text(r.acquirer_data?.arn),
    failureReason: status === 'failed' ? 'Razorpay could not process the refund.' : null,
  };
}

const PAYOUT_FAILED = ['failed', 'reversed', 'rejected', 'cancelled'];

export function payoutOutcome(p: RazorpayPayout): RefundOutcome {
  const status =
    p.status === 'processed' ? 'processed' : PAYOUT_FAILED.includes(p.status) ? 'failed' : 'pending';
  return {
    providerId: p.id,
    status,
    reference: text(p.utr),
    failureReason:
      status === 'failed'
        ? (text(p.status_details?.description) ?? text(p.failure_reason) ?? `The payout was ${p.status}.`)
        : null,
  };
}

/** What Razorpay said of a refund (an API answer or a webhook), into the database; null: not ours. */
export async function recordRefund(key: string | null, o: RefundOutcome): Promise<Refund | null> {
  const { data, error } = await adminClient().rpc('record_refund', {
    idempotency_key: key ?? '',
    provider_id: o.providerId ?? '',
    status: o.status,
    reference: o.reference ?? undefined,
    failure_reason: o.failureReason ?? undefined,
  });
  if (error) throw failed('record_refund', error);
  return data?.id ? data : null;
}

/** A call that failed: attempts + 1, last_error; the refund stays pending. */
async function recordRefundError(refundId: string, message: string): Promise<Refund> {
  const { data, error } = await adminClient().rpc('record_refund_error', {
    refund_id: refundId,
    error: message.slice(0, 500),
  });
  if (error) throw failed('record_refund_error', error);
  return data;
}

/** The refunds due now: one order's, or all (the cron). */
async function dueRefunds(orderId: string | null): Promise<Refund[]> {
  const { data, error } = await adminClient().rpc('due_refunds', orderId ? { order_id: orderId } : {});
  if (error) throw failed('due_refunds', error);
  return data;
}

const timeoutMs = () => Number(Deno.env.get('REFUNDS_TIMEOUT_MS')) || 10_000;
const ATTEMPTS = 3;

/**
 * A failure worth trying again at once with the same key: Razorpay's 5xx, no answer, no connection,
 * or 409 (the same key's request still in progress at Razorpay).
 */
const passing = (e: unknown) => !(e instanceof RazorpayApiError) || e.status >= 500 || e.status === 409;

/** Razorpay refused the refund itself (a 400): it will refuse it again; staff must look. */
const refused = (e: unknown): e is RazorpayApiError =>
  e instanceof RazorpayApiError && (e.status === 400 || e.status === 422);

function errorText(e: unknown): string {
  if (e instanceof RazorpayApiError) return e.message;
  if (e instanceof DOMException && e.name === 'TimeoutError')
    return `Razorpay did not answer within ${timeoutMs() / 1000} s.`;
  // fetch's TypeError: no connection, DNS, TLS
  if (e instanceof TypeError) return `The call to Razorpay failed: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/** One Razorpay call, bounded in time, tried again with the same request while it fails in passing. */
async function call<T>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await razorpay<T>(path, body, headers, AbortSignal.timeout(timeoutMs()));
    } catch (e) {
      if (!passing(e) || attempt >= ATTEMPTS) throw e;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * The key as RazorpayX takes it (X-Payout-Idempotency: 4–36 of [A-Za-z0-9 _-]; reference_id ≤ 40) and
 * as Razorpay's refund receipt (≤ 40): the refund's idempotency_key, which the database makes to fit;
 * should that format ever grow, '<id without dashes>-<generation>', as unique and as stable (the full
 * key still travels in notes.refund_key, which is what the webhook matches).
 */
export const providerKey = (r: Pick<Refund, 'id' | 'generation' | 'idempotency_key'>) =>
  /^[A-Za-z0-9 _-]{4,36}$/.test(r.idempotency_key)
    ? r.idempotency_key
    : `${r.id.replace(/-/g, '')}-${r.generation}`;

async function issueRazorpayRefund(r: Refund): Promise<RefundOutcome> {
  if (!r.razorpay_payment_id) throw new Error('The refund names no Razorpay payment.');
  const payment = encodeURIComponent(r.razorpay_payment_id);
  const key = r.idempotency_key;
  const held = await call<{ items: RazorpayRefund[] }>(`payments/${payment}/refunds?count=100`);
  const mine = held.items.find((x) => noteOf(x.notes, 'refund_key') === key);
  if (mine) return refundOutcome(mine);
  const made = await call<RazorpayRefund>(
    `payments/${payment}/refund`,
    {
      amount: toPaise(r.amount),
      speed: 'normal',
      receipt: providerKey(r),
      notes: { order_id: r.order_id, refund_key: key },
    },
    { 'X-Refund-Idempotency': key },
  );
  return refundOutcome(made);
}

type JsonObject = { [key: string]: Json | undefined };
const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const field = (o: JsonObject, name: string) => text(o[name]) ?? '';

/** RazorpayX's contact name: letters, digits, spaces and a few marks, 3–50 characters. */
const contactName = (name: string) =>
  (
    name
      .replace(/[^A-Za-z0-9 .,'’\-_/()]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'FurniCraft customer'
  )
    .padEnd(3, '.')
    .slice(0, 50);

/** The fund account a payout goes to (refunds.destination), with the customer as its contact. */
async function fundAccount(r: Refund) {
  const { data: order, error } = await adminClient()
    .from('orders')
    .select('order_number, shipping_address')
    .eq('id', r.order_id)
    .single();
  if (error) throw failed('Reading the refund’s order', error);
  const address = isObject(order.shipping_address) ? order.shipping_address : {};
  const dest = isObject(r.destination) ? r.destination : {};
  const phone = field(address, 'phone').replace(/\D/g, '').slice(-10);
  const contact = {
    name: contactName(field(dest, 'account_name') || field(address, 'fullName')),
    ...(field(address, 'email') ? { email: field(address, 'email') } : {}),
    ...(phone.length === 10 ? { contact: phone } : {}),
    type: 'customer',
    reference_id: order.order_number,
  };
  if (r.rail === 'upi_payout') {
    const vpa = field(dest, 'vpa');
    if (!vpa) throw new Error('The refund names no UPI ID.');
    return {
      orderNumber: order.order_number,
      mode: 'UPI',
      account: { account_type: 'vpa', vpa: { address: vpa }, contact },
    };
  }
  const [name, ifsc, number] = [
    field(dest, 'account_name'),
    field(dest, 'ifsc'),
    field(dest, 'account_number'),
  ];
  if (!name || !ifsc || !number) throw new Error('The refund names no complete bank account.');
  return {
    orderNumber: order.order_number,
    mode: 'IMPS',
    account: {
      account_type: 'bank_account',
      bank_account: { name: contactName(name), ifsc, account_number: number },
      contact,
    },
  };
}

async function issuePayout(r: Refund): Promise<RefundOutcome> {
  const accountNumber = env('RAZORPAYX_ACCOUNT_NUMBER');
  const key = r.idempotency_key;
  const { orderNumber, mode, account } = await fundAccount(r);
  const payout = await call<RazorpayPayout>(
    'payouts',
    {
      account_number: accountNumber,
      amount: toPaise(r.amount),
      currency: 'INR',
      mode,
      purpose: 'refund',
      fund_account: account,
      queue_if_low_balance: true,
      reference_id: providerKey(r),
      narration: `Refund ${orderNumber}`.replace(/[^A-Za-z0-9 ]/g, '').slice(0, 30),
      notes: { order_id: r.order_id, refund_key: key },
    },
    { 'X-Payout-Idempotency': providerKey(r) },
  );
  return payoutOutcome(payout);
}

export interface IssueResult {
  /** every refund this call tried, as recorded afterwards */
  refunds: Refund[];
  /** those whose call failed this time: still pending (with last_error) or failed (refused) */
  errors: { id: string; error: string }[];
}

/** Issues one due refund and records the outcome, whatever happens. */
async function issueOne(r: Refund): Promise<{ row: Refund; error: string | null }> {
  let outcome: RefundOutcome;
  try {
    outcome = r.rail === 'razorpay' ? await issueRazorpayRefund(r) : await issuePayout(r);
  } catch (e) {
    const message = errorText(e);
    if (refused(e)) {
      const row = await recordRefund(r.idempotency_key, {
        providerId: null,
        status: 'failed',
        reference: null,
        failureReason: e.description.slice(0, 500),
      });
      return { row: row ?? r, error: message };
    }
    console.error(`refund ${r.id}: ${message}`);
    return { row: await recordRefundError(r.id, message), error: message };
  }
  return { row: (await recordRefund(r.idempotency_key, outcome)) ?? r, error: null };
}

/**
 * Stop starting refunds after this long: pg_net waits 55 s for the cron's call, and one refund may
 * take three attempts of REFUNDS_TIMEOUT_MS (10 s) when Razorpay does not answer.
 */
const BUDGET_MS = 20_000;

/**
 * Issues the refunds due now: of one order, or (null) every order's, one after another while the
 * time budget lasts (the rest wait for the next call).
 */
export async function issueDueRefunds(orderId: string | null): Promise<IssueResult> {
  const started = Date.now();
  const result: IssueResult = { refunds: [], errors: [] };
  for (const r of await dueRefunds(orderId)) {
    if (Date.now() - started > BUDGET_MS) break;
    const { row, error } = await issueOne(r);
    result.refunds.push(row);
    if (error) result.errors.push({ id: r.id, error });
  }
  return result;
}

/** A refund the provider accepted waits this long for its webhook before the cron asks (15 min). */
const reconcileAfterMs = () => Number(Deno.env.get('REFUNDS_RECONCILE_AFTER_MS')) || 15 * 60_000;

/**
 * The cron's second task: refunds Razorpay accepted whose end never arrived (a webhook lost, or
 * given up on after Razorpay's 24 hours of retries) are read back from Razorpay (GET /v1/refunds/:id,
 * /v1/payouts/:id) and recorded like a webhook. Recording 'pending' touches the row, so a refund still
 * on its way is asked about again only after another wait.
 */
export async function reconcileStale(): Promise<Refund[]> {
  const { data, error } = await adminClient()
    .from('refunds')
    .select('*')
    .eq('status', 'pending')
    .not('provider_id', 'is', null)
    .lt('updated_at', new Date(Date.now() - reconcileAfterMs()).toISOString())
    .order('updated_at')
    .limit(20);
  if (error) throw failed('Reading the refunds in flight', error);
  const out: Refund[] = [];
  for (const r of data) {
    const id = encodeURIComponent(r.provider_id ?? '');
    try {
      const outcome =
        r.rail === 'razorpay'
          ? refundOutcome(await call<RazorpayRefund>(`refunds/${id}`))
          : payoutOutcome(await call<RazorpayPayout>(`payouts/${id}`));
      out.push((await recordRefund(r.idempotency_key, outcome)) ?? r);
    } catch (e) {
      // asked again on the next run; the refund itself is fine
      console.error(`refund ${r.id}: reading ${r.provider_id} failed: ${errorText(e)}`);
    }
  }
  return out;
}

/** What a reply says of the refunds. */
export const refundSummary = (refunds: Refund[]) =>
  refunds.map((r) => ({
    id: r.id,
    status: r.status,
    amount: r.amount,
    rail: r.rail,
    provider_id: r.provider_id,
    reference: r.reference,
    last_error: r.last_error,
    failure_reason: r.failure_reason,
  }));
