import { formatINR } from 'shared/pricing/format';
import { pickupWindowLabel } from '@/features/orders/return-pickup';
import { shortDay } from '@/lib/delivery-dates';

/** One step of a return's progress as the shopper sees it (newest facts from the database). */
export interface ProgressStep {
  label: string;
  completed: boolean;
  /** when it happened (an instant), if it has */
  at?: string | null;
  detail?: string;
}

interface ReturnFacts {
  status: string;
  resolution: string;
  pickup_date: string | null;
  pickup_window: string | null;
  rejection_reason: string | null;
  created_at: string;
  pickup_scheduled_at: string | null;
  picked_up_at: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
}

interface RefundFacts {
  amount: number;
  status: string;
  reference: string | null;
  created_at: string;
  processed_at: string | null;
}

const AFTER_PICKUP = ['picked_up', 'received', 'refunded', 'closed'];
const SCHEDULED = ['pickup_scheduled', ...AFTER_PICKUP];
const CANCELLABLE = ['requested', 'approved', 'pickup_scheduled'];

/** cancel_return allows it (the button shows while it does; the database has the last word). */
export const isCancellable = (status: string) => CANCELLABLE.includes(status);

export function slotText(date: string | null, window: string | null): string {
  if (!date) return '';
  const label = pickupWindowLabel(window);
  return label ? `${shortDay(date)}, ${label}` : shortDay(date);
}

const sum = (refunds: readonly RefundFacts[]) =>
  Math.round(refunds.reduce((s, r) => s + Number(r.amount) * 100, 0)) / 100;

/** 'Ref 123456789012' (every processed refund's bank reference: ARN, UTR or staff's transfer reference). */
const references = (refunds: readonly RefundFacts[]) =>
  refunds
    .map((r) => r.reference)
    .filter((r): r is string => Boolean(r))
    .map((r) => `Ref ${r}`)
    .join(', ');

/** The refund steps of some refunds: initiated (with the amount), then credited (with the reference). */
export function refundSteps(all: readonly RefundFacts[]): ProgressStep[] {
  const live = all.filter((r) => r.status !== 'failed');
  // A failed refund is retried by staff: to the shopper it is still on its way.
  const shown = live.length > 0 ? live : all;
  const credited = live.length > 0 && live.every((r) => r.status === 'processed');
  return [
    {
      label: shown.length > 0 ? `Refund initiated ${formatINR(sum(shown))}` : 'Refund initiated',
      completed: shown.length > 0,
      at: shown[0]?.created_at ?? null,
    },
    {
      label: 'Refund credited',
      completed: credited,
      at: credited
        ? (live
            .map((r) => r.processed_at)
            .sort()
            .at(-1) ?? null)
        : null,
      detail: credited ? references(live) || undefined : undefined,
    },
  ];
}

/**
 * Return requested → Pickup scheduled (date, window) → Picked up → Refund initiated ₹x → Refund
 * credited (Ref …); a replacement ends with Replacement sent; a rejected or cancelled return stops
 * after the request, with the reason.
 */
export function returnSteps(r: ReturnFacts, refunds: readonly RefundFacts[]): ProgressStep[] {
  const requested: ProgressStep = {
    label: 'Return requested',
    completed: true,
    at: r.created_at,
    detail: r.status === 'approved' ? 'Approved' : undefined,
  };
  if (r.status === 'rejected') {
    return [requested, { label: 'Rejected', completed: true, detail: r.rejection_reason ?? undefined }];
  }
  if (r.status === 'cancelled') {
    return [requested, { label: 'Cancelled', completed: true, at: r.cancelled_at }];
  }
  const scheduled = SCHEDULED.includes(r.status);
  const slot = slotText(r.pickup_date, r.pickup_window);
  const steps: ProgressStep[] = [
    requested,
    {
      label: 'Pickup scheduled',
      completed: scheduled,
      at: r.pickup_scheduled_at,
      detail: slot ? (scheduled ? slot : `You asked for ${slot}`) : undefined,
    },
    { label: 'Picked up', completed: AFTER_PICKUP.includes(r.status), at: r.picked_up_at },
  ];
  if (r.resolution === 'replacement') {
    return [...steps, { label: 'Replacement sent', completed: r.status === 'closed', at: r.closed_at }];
  }
  return [...steps, ...refundSteps(refunds)];
}
