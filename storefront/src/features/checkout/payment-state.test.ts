import { describe, expect, it } from 'vitest';
import { orderItems, readPaymentState, type PaymentState } from './payment-state';

const state: PaymentState = {
  items: [
    { productId: 1, variantId: 11, name: 'Sofa', variantTitle: 'Teal / 3-seater', price: 24999, qty: 1 },
  ],
  subtotal: 24999,
  deliveryFee: 0,
  discount: 0,
  total: 24999,
  promoCode: null,
  address: {
    fullName: 'Asha Rao',
    email: 'asha@example.in',
    phone: '9845012345',
    address: '14, 3rd Cross',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
  },
  method: 'cod',
  idempotencyKey: '5f0c8a4e-0000-4000-8000-000000000001',
};

describe('the payment page state', () => {
  it('accepts what checkout hands over', () => {
    expect(readPaymentState(state)).toEqual(state);
  });

  it.each([
    ['no state', null],
    ['no total', { ...state, total: undefined }],
    ['no items', { ...state, items: [] }],
    ['no idempotency key', { ...state, idempotencyKey: '' }],
    ['an unknown method', { ...state, method: 'cheque' }],
  ])('is an Invalid Payment Request with %s', (_, value) => {
    expect(readPaymentState(value)).toBeNull();
  });
});

describe('place_order items', () => {
  it('sends each line by its variant, and a line named only by its product as a bare product id', () => {
    expect(
      orderItems([
        { productId: 1, variantId: 11, name: 'Sofa', price: 24999, qty: 2 },
        { productId: 2, variantId: null, name: 'Stool', price: 999, qty: 1 },
      ]),
    ).toEqual([
      { variant_id: 11, quantity: 2 },
      { product_id: 2, quantity: 1 },
    ]);
  });
});
