import { describe, expect, it } from 'vitest';
import { isCancellable, refundSteps, returnSteps } from '@/features/orders/return-progress';

const ret = {
  status: 'requested',
  resolution: 'refund',
  pickup_date: '2026-11-26',
  pickup_window: '09-13',
  rejection_reason: null,
  created_at: '2026-11-25T05:00:00Z',
  pickup_scheduled_at: null,
  picked_up_at: null,
  closed_at: null,
  cancelled_at: null,
};
const refund = (over: object = {}) => ({
  amount: 24999,
  status: 'pending',
  reference: null,
  created_at: '2026-11-28T05:00:00Z',
  processed_at: null,
  ...over,
});
const view = (steps: ReturnType<typeof returnSteps>) =>
  steps.map((s) => `${s.completed ? '✓' : '·'} ${s.label}${s.detail ? ` (${s.detail})` : ''}`);

describe('a return’s progress', () => {
  it('starts at Return requested with the slot the shopper asked for', () => {
    expect(view(returnSteps(ret, []))).toEqual([
      '✓ Return requested',
      '· Pickup scheduled (You asked for Thu 26 Nov, 9 am–1 pm)',
      '· Picked up',
      '· Refund initiated',
      '· Refund credited',
    ]);
    expect(isCancellable('requested')).toBe(true);
  });

  it('ends with the amount and the bank reference', () => {
    const done = {
      ...ret,
      status: 'refunded',
      pickup_scheduled_at: ret.created_at,
      picked_up_at: ret.created_at,
    };
    expect(view(returnSteps(done, [refund({ status: 'processed', reference: '123456789012' })]))).toEqual([
      '✓ Return requested',
      '✓ Pickup scheduled (Thu 26 Nov, 9 am–1 pm)',
      '✓ Picked up',
      '✓ Refund initiated ₹24,999',
      '✓ Refund credited (Ref 123456789012)',
    ]);
    expect(isCancellable('picked_up')).toBe(false);
  });

  it('shows a rejection with its reason, and a cancellation', () => {
    expect(view(returnSteps({ ...ret, status: 'rejected', rejection_reason: 'Used item' }, []))).toEqual([
      '✓ Return requested',
      '✓ Rejected (Used item)',
    ]);
    expect(view(returnSteps({ ...ret, status: 'cancelled' }, []))).toEqual([
      '✓ Return requested',
      '✓ Cancelled',
    ]);
  });

  it('keeps a failed refund as initiated until staff retry it, and counts live refunds only', () => {
    expect(view(refundSteps([refund({ status: 'failed' })]))).toEqual([
      '✓ Refund initiated ₹24,999',
      '· Refund credited',
    ]);
    expect(view(refundSteps([refund({ status: 'failed' }), refund({ amount: 100.5 })]))).toEqual([
      '✓ Refund initiated ₹100.50',
      '· Refund credited',
    ]);
  });

  it('ends a replacement when it is sent', () => {
    expect(view(returnSteps({ ...ret, resolution: 'replacement', status: 'closed' }, [])).at(-1)).toBe(
      '✓ Replacement sent',
    );
  });
});
