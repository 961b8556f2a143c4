import { describe, expect, it } from 'vitest';
import { productReturns, returnsCard } from '@/features/catalog/product-returns';

const product = (over: object = {}) => ({
  returnable: true,
  return_window_days: null,
  variants: [{ made_to_order: false }, { made_to_order: true }],
  ...over,
});

describe("the product page's returns card", () => {
  it("keeps '30-Day Returns' with the store's window, or the product's own", () => {
    expect(returnsCard(productReturns(product(), 30))).toEqual({
      title: '30-Day Returns',
      text: 'Easy returns and refunds',
    });
    expect(returnsCard(productReturns(product({ return_window_days: 10 }), 30)).title).toBe('10-Day Returns');
  });

  it('says when a product is not returnable: marked so, or every variant made to order', () => {
    const no = { title: 'Not returnable', text: 'Damaged or defective items are replaced or refunded' };
    expect(returnsCard(productReturns(product({ returnable: false }), 30))).toEqual(no);
    expect(returnsCard(productReturns(product({ variants: [{ made_to_order: true }] }), 30))).toEqual(no);
  });
});
