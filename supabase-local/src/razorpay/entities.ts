/**
 * What the sandbox's routes share: Razorpay's entities as its API answers them (orders, payments,
 * refunds, RazorpayX payouts, webhook events), its ids, and its error (answered as
 * `{ error: { code, description, source, step, reason, metadata, field? } }`).
 */
import { randomBytes } from 'node:crypto';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

/** A captured payment (the sandbox captures on success, as auto-capture does). */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'refunded';
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'card';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: true;
  description: null;
  notes: Record<string, string>;
  error_code: null;
  error_description: null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  /** the acquirer's reference (ARN), known once the refund is processed */
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

export interface RazorpayContact {
  id: string;
  entity: 'contact';
  name: string;
  contact: string | null;
  email: string | null;
  type: string | null;
  reference_id: string | null;
  batch_id: null;
  active: true;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayFundAccount {
  id: string;
  entity: 'fund_account';
  contact_id: string;
  contact: RazorpayContact;
  account_type: 'vpa' | 'bank_account';
  vpa?: { username: string; handle: string; address: string };
  bank_account?: { ifsc: string; bank_name: string; name: string; notes: []; account_number: string };
  batch_id: null;
  active: true;
  created_at: number;
}

/** RazorpayX's payout entity as the composite API answers it (the fund account and contact inline). */
export interface RazorpayPayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  fund_account: RazorpayFundAccount;
  amount: number;
  currency: 'INR';
  notes: Record<string, string>;
  fees: number;
  tax: number;
  status: 'processing' | 'processed' | 'reversed' | 'failed';
  purpose: string;
  /** the bank's transaction reference, known once processed */
  utr: string | null;
  mode: 'UPI' | 'IMPS' | 'NEFT' | 'RTGS';
  reference_id: string | null;
  narration: string | null;
  batch_id: null;
  /** deprecated by Razorpay in favour of status_details, still sent */
  failure_reason: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  created_at: number;
  fee_type: '';
}

/** A webhook event's body, as Razorpay posts it. */
export interface RazorpayEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: Record<string, { entity: unknown }>;
  created_at: number;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function razorpayId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
}

/** A string of n random decimal digits (ARNs, UTRs). */
export function randomDigits(n: number): string {
  return [...randomBytes(n)].map((b) => String(b % 10)).join('');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
    readonly code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR' = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
  }

  get body() {
    return this.code === 'SERVER_ERROR'
      ? {
          error: {
            code: this.code,
            description: this.description,
            source: 'NA',
            step: 'NA',
            reason: 'NA',
            metadata: {},
          },
        }
      : {
          error: {
            code: this.code,
            description: this.description,
            source: 'business',
            step: 'payment_initiation',
            reason: 'input_validation_failed',
            metadata: {},
            ...(this.field ? { field: this.field } : {}),
          },
        };
  }
}

/** Razorpay's notes: at most 15 key-value pairs, values as strings. */
export function readNotes(notes: unknown): Record<string, string> {
  const entries = notes && typeof notes === 'object' ? Object.entries(notes) : [];
  if (entries.length > 15) throw new RazorpayError(400, 'Number of notes exceeds 15', 'notes');
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}
