import { describe, expect, it } from 'vitest';
import type { DeliveryQuote } from '@/features/delivery/api/delivery';
import {
  blockingReason,
  codRefusal,
  codText,
  feeText,
  quoteText,
  undeliverableLines,
} from '@/features/delivery/quote-text';

const served: DeliveryQuote = {
  pincode: '560001',
  serviceable: true,
  reason: null,
  message: null,
  place: { city: 'Bangalore', district: 'Bangalore', state_code: '29', state: 'Karnataka' },
  zone: 'Standard',
  delivery_from: '2026-12-03',
  delivery_to: '2026-12-07',
  fee: 99,
  free_above: 2999,
  large_item_fee: 0,
  cod: { available: true, reason: null, message: null, max_total: 50000 },
  items: [{ variant_id: 12, deliverable: true, reason: null, message: null }],
};

const notServed: DeliveryQuote = {
  ...served,
  pincode: '744101',
  serviceable: false,
  reason: 'not_serviceable',
  message: 'Sorry, we do not deliver to 744101 yet.',
  zone: null,
  delivery_from: null,
  delivery_to: null,
  fee: null,
  cod: {
    available: false,
    reason: 'not_serviceable',
    message: 'Cash on Delivery is not available for this pincode.',
    max_total: null,
  },
  items: [{ variant_id: 12, deliverable: false, reason: 'not_serviceable', message: null }],
};

describe('what a shopper reads of check_delivery', () => {
  it('dates, fee and COD for a served pincode', () => {
    expect(quoteText(served)).toEqual({
      kind: 'ok',
      dates: 'Delivery by Thu 3 Dec – Mon 7 Dec',
      fee: 'Delivery ₹99',
      cod: 'Cash on Delivery available',
      codAvailable: true,
    });
    expect(quoteText({ ...served, fee: 0 })).toMatchObject({ fee: 'Free delivery' });
  });

  it("the database's own words for a pincode it does not serve", () => {
    expect(quoteText(notServed)).toEqual({
      kind: 'problem',
      message: 'Sorry, we do not deliver to 744101 yet.',
    });
    expect(
      quoteText({ ...notServed, reason: 'invalid_pincode', message: 'Enter a valid 6-digit pincode.' }),
    ).toEqual({
      kind: 'problem',
      message: 'Enter a valid 6-digit pincode.',
    });
  });

  it("the item's reason when the zone cannot take it", () => {
    const large: DeliveryQuote = {
      ...served,
      items: [
        {
          variant_id: 12,
          deliverable: false,
          reason: 'large_item',
          message: 'This item is too large for delivery to 682555.',
        },
      ],
    };
    expect(quoteText(large)).toEqual({
      kind: 'problem',
      message: 'This item is too large for delivery to 682555.',
    });
    expect(blockingReason(large)).toBe('This item is too large for delivery to 682555.');
    expect(undeliverableLines(large)).toEqual(
      new Map([[12, 'This item is too large for delivery to 682555.']]),
    );
  });

  it('the reason COD is not offered', () => {
    expect(
      codText({
        available: false,
        reason: 'store_cap',
        message: 'Cash on Delivery is available for orders up to ₹50,000.',
        max_total: 50000,
      }),
    ).toBe('Cash on Delivery is available for orders up to ₹50,000.');
  });

  it('fees in rupees with Indian grouping', () => {
    expect(feeText(1499)).toBe('Delivery ₹1,499');
    expect(feeText(0)).toBe('Free delivery');
  });

  it('nothing blocks a served cart; an unserved one is blocked by its message, every line flagged', () => {
    expect(blockingReason(served)).toBeNull();
    expect(undeliverableLines(served).size).toBe(0);
    expect(undeliverableLines(undefined).size).toBe(0);
    expect(blockingReason(notServed)).toBe('Sorry, we do not deliver to 744101 yet.');
    expect(undeliverableLines(notServed)).toEqual(new Map([[12, 'Sorry, we do not deliver to 744101 yet.']]));
  });

  it("refuses COD for the quote's reason, else (no pincode yet) above the store's cap", () => {
    expect(codRefusal(served, 50000, 60000)).toBeNull();
    expect(codRefusal(notServed, 50000, 1000)).toBe('Cash on Delivery is not available for this pincode.');
    expect(codRefusal(undefined, 50000, 50000)).toBeNull();
    expect(codRefusal(undefined, 50000, 50000.5)).toBe(
      'Cash on Delivery is available for orders up to ₹50,000. Please pay online.',
    );
    expect(codRefusal(undefined, undefined, 99999)).toBeNull();
  });
});
