import { describe, expect, it } from 'vitest';
import {
  IFSC_MESSAGE,
  returnFormSchema,
  returnRequest,
  UPI_MESSAGE,
  type ReturnFormValues,
} from '@/features/orders/return-schema';

const lines = [
  { orderItemId: 11, returnableQuantity: 2, returnable: true },
  { orderItemId: 12, returnableQuantity: 1, returnable: false },
];
const storeFaultReasons = new Set(['damaged_in_transit', 'defective']);
const values = (over: Partial<ReturnFormValues> = {}): ReturnFormValues => ({
  items: [
    { orderItemId: '11', selected: true, quantity: '2', reason: 'changed_mind' },
    { orderItemId: '12', selected: false, quantity: '1', reason: '' },
  ],
  resolution: 'refund',
  pickupDate: '2026-11-26',
  pickupWindow: '09-13',
  note: '',
  refundTo: 'upi',
  upiId: '',
  accountName: '',
  accountNumber: '',
  ifsc: '',
  ...over,
});
const errors = (v: ReturnFormValues, cod = false) => {
  const r = returnFormSchema({ lines, cod, storeFaultReasons }).safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the return form', () => {
  it('accepts a prepaid refund without an account', () => {
    expect(errors(values())).toEqual({});
  });

  it('keeps quantities within what is returnable and asks for a reason', () => {
    const v = values({
      items: [
        { orderItemId: '11', selected: true, quantity: '3', reason: '' },
        { orderItemId: '12', selected: false, quantity: '1', reason: '' },
      ],
    });
    expect(errors(v)).toEqual({ 'items.0.quantity': 'Choose 1 to 2', 'items.0.reason': 'Choose a reason' });
  });

  it('takes a non-returnable line back only for a store fault', () => {
    const item = (reason: string) =>
      values({
        items: [
          { orderItemId: '11', selected: false, quantity: '1', reason: '' },
          { orderItemId: '12', selected: true, quantity: '1', reason },
        ],
      });
    expect(errors(item('changed_mind'))).toHaveProperty('items.1.reason');
    expect(errors(item('damaged_in_transit'))).toEqual({});
  });

  it('needs an item, a resolution and a slot', () => {
    const v = values({
      items: [{ orderItemId: '11', selected: false, quantity: '1', reason: '' }],
      resolution: '',
      pickupDate: '',
      pickupWindow: '',
    });
    expect(Object.keys(errors(v)).sort()).toEqual(['items', 'pickupDate', 'pickupWindow', 'resolution']);
  });

  it('asks a COD refund for a valid UPI ID or bank account', () => {
    expect(errors(values({ upiId: 'asha@' }), true)).toEqual({ upiId: UPI_MESSAGE });
    expect(errors(values({ upiId: 'asha.verma@okaxis' }), true)).toEqual({});
    expect(
      errors(
        values({ refundTo: 'bank', accountName: 'Asha', accountNumber: '12345678', ifsc: 'HDFC1234567' }),
        true,
      ),
    ).toEqual({
      accountNumber: 'Enter the account number: 9 to 18 digits',
      ifsc: IFSC_MESSAGE,
    });
    // a replacement needs no account
    expect(errors(values({ resolution: 'replacement' }), true)).toEqual({});
  });

  it('builds request_return arguments', () => {
    const v = values({
      refundTo: 'bank',
      accountName: ' Asha ',
      accountNumber: '1234 5678 90',
      ifsc: 'hdfc0001234',
    });
    expect(returnRequest(v, true)).toEqual({
      items: [{ order_item_id: 11, quantity: 2, reason: 'changed_mind' }],
      resolution: 'refund',
      pickup_date: '2026-11-26',
      pickup_window: '09-13',
      note: undefined,
      refund_upi_id: undefined,
      refund_bank: { account_name: 'Asha', account_number: '1234567890', ifsc: 'HDFC0001234' },
    });
    expect(returnRequest(v, false).refund_bank).toBeUndefined();
  });
});
