import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  maskBank,
  maskUpi,
  olderThan,
  receiveDefaults,
  receiveErrors,
  refundAccountLabel,
  refundAmountError,
  refundReasonError,
  returnTimeline,
  toReceiveItems,
} from '@/returns/return-rules';

describe('masking the refund account', () => {
  it('keeps two characters of a UPI ID and its handle', () => {
    expect(maskUpi('abhishek.k@okaxis')).toBe('ab***@okaxis');
    expect(maskUpi('a@ybl')).toBe('a***@ybl');
  });
  it('keeps the last four digits of an account and the IFSC', () => {
    expect(maskBank({ account_number: '001234561234', ifsc: 'HDFC0001234' })).toBe(
      '****1234 · IFSC HDFC0001234',
    );
  });
  it('names the rail, or null without an account', () => {
    expect(refundAccountLabel({ refund_upi_id: 'ab12@okaxis', refund_bank: null })).toBe('UPI ab***@okaxis');
    expect(
      refundAccountLabel({
        refund_upi_id: null,
        refund_bank: { account_name: 'Asha', account_number: '123456789', ifsc: 'SBIN0000001' },
      }),
    ).toBe('Bank account ****6789 · IFSC SBIN0000001');
    expect(refundAccountLabel({ refund_upi_id: null, refund_bank: null })).toBeNull();
  });
});

describe('the queue', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('says the age in whole days', () => {
    expect(ageLabel('2026-11-25T01:00:00Z', now)).toBe('Today');
    expect(ageLabel('2026-11-24T09:00:00Z', now)).toBe('1 day');
    expect(ageLabel('2026-11-13T10:00:00Z', now)).toBe('12 days');
  });
  it('"older than 2 days" is before now minus 48 hours', () => {
    expect(olderThan(2, now)).toBe('2026-11-23T10:00:00.000Z');
  });
});

describe('Receive', () => {
  const lines = [
    { id: 5, name: 'Sofa', quantity: 2 },
    { id: 6, name: 'Chair', quantity: 1 },
  ];
  it('defaults to every unit received, none damaged', () => {
    const draft = receiveDefaults(lines);
    expect(receiveErrors(lines, draft)).toEqual({});
    expect(toReceiveItems(lines, draft)).toEqual([
      { return_item_id: 5, received: 2, damaged: 0 },
      { return_item_id: 6, received: 1, damaged: 0 },
    ]);
  });
  it('keeps damaged ≤ received ≤ requested', () => {
    expect(
      receiveErrors(lines, {
        5: { received: '3', damaged: '0' },
        6: { received: '1', damaged: '2' },
      }),
    ).toEqual({ 5: 'At most 2 arrived.', 6: 'Damaged units are among those received.' });
    expect(
      receiveErrors(lines, { 5: { received: '1.5', damaged: '0' }, 6: { received: '', damaged: '0' } }),
    ).toEqual({
      5: 'Enter whole numbers.',
      6: 'Enter whole numbers.',
    });
  });
});

describe('the Refund dialog', () => {
  it('takes an amount above ₹0, in paise, up to the proposal', () => {
    expect(refundAmountError('1499.50', 1499.5)).toBeNull();
    expect(refundAmountError('100', 1499.5)).toBeNull();
    expect(refundAmountError('1499.51', 1499.5)).toBe('At most 1499.50.');
    expect(refundAmountError('0', 10)).toBe('The amount must be more than ₹0.');
    expect(refundAmountError('12.345', 100)).toMatch(/^Enter an amount/);
    expect(refundAmountError('', 100)).toMatch(/^Enter an amount/);
  });
  it('needs a reason of 3 to 300 characters', () => {
    expect(refundReasonError('  ok ')).toMatch(/at least 3/);
    expect(refundReasonError('Damaged leg')).toBeNull();
    expect(refundReasonError('x'.repeat(301))).toMatch(/At most 300/);
  });
});

describe('the timeline', () => {
  const none = {
    decided_at: null,
    rejection_reason: null,
    pickup_scheduled_at: null,
    picked_up_at: null,
    received_at: null,
    refunded_at: null,
    closed_at: null,
    cancelled_at: null,
  };
  it('lists the steps that happened, in order', () => {
    expect(
      returnTimeline({
        ...none,
        created_at: '2026-11-20T10:00:00Z',
        decided_at: '2026-11-21T10:00:00Z',
        pickup_scheduled_at: '2026-11-21T10:05:00Z',
      }),
    ).toEqual([
      { step: 'Requested', at: '2026-11-20T10:00:00Z' },
      { step: 'Approved', at: '2026-11-21T10:00:00Z' },
      { step: 'Pickup scheduled', at: '2026-11-21T10:05:00Z' },
    ]);
  });
  it('says Rejected when there is a rejection reason', () => {
    expect(
      returnTimeline({
        ...none,
        created_at: '2026-11-20T10:00:00Z',
        decided_at: '2026-11-21T10:00:00Z',
        rejection_reason: 'Used',
      }).map((s) => s.step),
    ).toEqual(['Requested', 'Rejected']);
  });
});
