import type { RefundBank } from '@/lib/database';

/**
 * The return screens' rules that are not the database's: labels, masking the refund account, the
 * queue's age, the Receive and Refund forms' checks before anything is sent. The database checks
 * everything again (its refusals are shown in its words); these only save staff a round trip.
 */

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'pickup_scheduled',
  'picked_up',
  'received',
  'refunded',
  'closed',
  'cancelled',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const returnStatusLabel: Record<string, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  pickup_scheduled: 'Pickup scheduled',
  picked_up: 'Picked up',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** The statuses that still need staff: the queue's default view. */
export const OPEN_STATUSES: readonly ReturnStatus[] = [
  'requested',
  'approved',
  'pickup_scheduled',
  'picked_up',
  'received',
];

export const resolutionLabel: Record<string, string> = { refund: 'Refund', replacement: 'Replacement' };

/** returns_pickup_window_check's windows (IST). */
export const PICKUP_WINDOWS = [
  { id: '09-13', name: '9 am – 1 pm' },
  { id: '13-17', name: '1 pm – 5 pm' },
  { id: '17-20', name: '5 pm – 8 pm' },
] as const;
export const pickupWindowLabel = (window: string | null) =>
  PICKUP_WINDOWS.find((w) => w.id === window)?.name ?? window ?? '';

/** ab***@okaxis: the first two characters of the UPI ID's name, then its handle. */
export function maskUpi(upi: string): string {
  const at = upi.lastIndexOf('@');
  if (at < 0) return '***';
  return `${upi.slice(0, Math.min(2, at))}***${upi.slice(at)}`;
}

/** ****1234 · HDFC0001234: the account's last four digits and the branch's IFSC. */
export function maskBank(bank: Pick<RefundBank, 'account_number' | 'ifsc'>): string {
  return `****${bank.account_number.slice(-4)} · IFSC ${bank.ifsc}`;
}

/** Where a COD return's refund is paid, masked; null when the customer gave no account. */
export function refundAccountLabel(r: { refund_upi_id: string | null; refund_bank: RefundBank | null }) {
  if (r.refund_upi_id) return `UPI ${maskUpi(r.refund_upi_id)}`;
  if (r.refund_bank) return `Bank account ${maskBank(r.refund_bank)}`;
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `iso` (0 on the day itself). */
export const ageInDays = (iso: string, now: Date = new Date()) =>
  Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / DAY_MS));

/** "Today", "1 day", "12 days". */
export function ageLabel(iso: string, now: Date = new Date()): string {
  const days = ageInDays(iso, now);
  return days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`;
}

/** The queue's age filter: requests older than this many days. */
export const AGE_CHOICES = [
  { id: 1, name: 'Older than 1 day' },
  { id: 2, name: 'Older than 2 days' },
  { id: 7, name: 'Older than a week' },
  { id: 14, name: 'Older than 2 weeks' },
];

/** The cut-off of "older than n days": created before this instant. */
export const olderThan = (days: number, now: Date = new Date()) =>
  new Date(now.getTime() - days * DAY_MS).toISOString();

// Receive ------------------------------------------------------------------------------------------

export interface ReceiveLine {
  id: number;
  name: string;
  quantity: number;
}
/** What staff typed per line (inputs hold text). */
export type ReceiveDraft = Record<number, { received: string; damaged: string }>;

/** Receive's defaults: every requested unit arrived, none damaged. */
export const receiveDefaults = (lines: ReceiveLine[]): ReceiveDraft =>
  Object.fromEntries(lines.map((l) => [l.id, { received: String(l.quantity), damaged: '0' }]));

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** Per line: 0 ≤ damaged ≤ received ≤ requested (return_items' checks), whole numbers. */
export function receiveErrors(lines: ReceiveLine[], draft: ReceiveDraft): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const line of lines) {
    const received = wholeNumber(draft[line.id]?.received ?? '');
    const damaged = wholeNumber(draft[line.id]?.damaged ?? '');
    if (received === null || damaged === null) errors[line.id] = 'Enter whole numbers.';
    else if (received > line.quantity) errors[line.id] = `At most ${line.quantity} arrived.`;
    else if (damaged > received) errors[line.id] = 'Damaged units are among those received.';
  }
  return errors;
}

/** admin_receive_return's items: every line of the return. */
export const toReceiveItems = (lines: ReceiveLine[], draft: ReceiveDraft) =>
  lines.map((l) => ({
    return_item_id: l.id,
    received: Number(draft[l.id]?.received ?? l.quantity),
    damaged: Number(draft[l.id]?.damaged ?? 0),
  }));

// Refund -------------------------------------------------------------------------------------------

export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 300;

/**
 * A refund's amount as typed: more than ₹0, whole paise, at most `max` (the proposal for a return,
 * what is left to refund otherwise). Null when it is fine.
 */
export function refundAmountError(text: string, max: number): string | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'Enter an amount in rupees, e.g. 1499 or 1499.50.';
  const amount = Number(t);
  if (amount <= 0) return 'The amount must be more than ₹0.';
  if (Math.round(amount * 100) > Math.round(max * 100)) return `At most ${max.toFixed(2)}.`;
  return null;
}

export function refundReasonError(text: string): string | null {
  const t = text.trim();
  if (t.length < REFUND_REASON_MIN) return 'Say why (at least 3 characters): the customer sees it.';
  if (t.length > REFUND_REASON_MAX) return `At most ${REFUND_REASON_MAX} characters.`;
  return null;
}

/** A transfer's reference (UTR or the bank's), as refunds_reference_check allows. */
export function referenceError(text: string): string | null {
  const t = text.trim();
  if (t.length === 0) return 'Enter the transfer’s reference (UTR).';
  if (t.length > 100) return 'At most 100 characters.';
  return null;
}

export const railLabel: Record<string, string> = {
  razorpay: 'Razorpay refund',
  upi_payout: 'UPI payout',
  bank_payout: 'Bank payout',
  manual: 'Transfer recorded by staff',
};

// Timeline -----------------------------------------------------------------------------------------

type Stamps = {
  created_at: string;
  decided_at: string | null;
  rejection_reason: string | null;
  pickup_scheduled_at: string | null;
  picked_up_at: string | null;
  received_at: string | null;
  refunded_at: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
};

/** The return's steps that happened, in time order, from its timestamps. */
export function returnTimeline(r: Stamps): { step: string; at: string }[] {
  const steps: [string, string | null][] = [
    ['Requested', r.created_at],
    [r.rejection_reason === null ? 'Approved' : 'Rejected', r.decided_at],
    ['Pickup scheduled', r.pickup_scheduled_at],
    ['Picked up', r.picked_up_at],
    ['Received', r.received_at],
    ['Refund created', r.refunded_at],
    ['Closed', r.closed_at],
    ['Cancelled', r.cancelled_at],
  ];
  return steps
    .filter((s): s is [string, string] => s[1] !== null)
    .map(([step, at]) => ({ step, at }))
    .sort((a, b) => a.at.localeCompare(b.at));
}
