/**
 * What the sandbox's routes share: Razorpay's entities as its API answers them, its ids, and its
 * error (answered as `{ error: { code, description, source, step, reason, metadata, field? } }`).
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
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function razorpayId(prefix: string): string {
  return `${prefix}_${[...randomBytes(14)].map((b) => ID_CHARS[b % ID_CHARS.length]).join('')}`;
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
