import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';

/**
 * The FAQ, with the spec's delivery, return, assembly and customisation answers. The return window is
 * store_settings.return_window_days (30 by default: the spec's "30-day returns"), read by the page.
 */
export const faq = (returnWindowDays: number | undefined) => [
  {
    id: 'faq-order-status',
    question: 'How can I check my order status?',
    answer:
      'Open Track Order from the header or footer and enter your order number. Signed-in customers also see every order under Profile → Order History.',
  },
  {
    id: 'faq-shipping',
    question: 'How long does delivery take?',
    answer: `It depends on your pincode: enter it under Check delivery on a product page, in your cart or at checkout, and we show the dates we promise (counted in working days from the day we start on your order). Delivery is free on orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more to most pincodes.`,
  },
  {
    id: 'faq-returns',
    question: 'What is your return policy?',
    answer: `You can return any item within ${returnWindowDays ? `${returnWindowDays} days` : 'the return window'} of delivery, in its original condition, unless its product page gives another window or says it is not returnable (made-to-order pieces: damaged or defective ones are still replaced or refunded). Request the return yourself under Profile → Order History: choose the items, the reason (with photos if something arrived damaged or does not work), a refund or a replacement, and a pickup slot. We pick the item up from your delivery address and refund you to your original payment method within 5–7 working days of the pickup; Cash on Delivery orders are refunded to the UPI ID or bank account you give us. Until an order ships you can cancel it yourself under Profile → Order History. The full policy is under Legal → Returns, refunds and cancellation.`,
  },
  {
    id: 'faq-size',
    question: 'How do I choose the right size?',
    answer:
      'Every product page lists the exact dimensions. Measure your room and doorways before ordering; we can also customise colour, fabric and size on many pieces.',
  },
  {
    id: 'faq-assembly',
    question: 'Do you offer assembly?',
    answer:
      'Yes, our team offers a paid assembly service in most cities; some products include free assembly.',
  },
];

export const QUICK_HELP = [
  { label: 'Order Status', faqId: 'faq-order-status' },
  { label: 'Shipping Information', faqId: 'faq-shipping' },
  { label: 'Return Policy', faqId: 'faq-returns' },
  { label: 'Size Guide', faqId: 'faq-size' },
] as const;
