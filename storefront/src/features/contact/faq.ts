import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';

/** The FAQ, with the spec's delivery, return, assembly and customisation answers. */
export const FAQ = [
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
    answer:
      'You can return any item within 30 days of delivery, in its original condition: contact our customer care with your order number, and we pick it up and refund you once it reaches us. Until an order ships you can cancel it yourself under Profile → Order History. The full policy is under Legal → Returns, refunds and cancellation.',
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
] as const;

export const QUICK_HELP = [
  { label: 'Order Status', faqId: 'faq-order-status' },
  { label: 'Shipping Information', faqId: 'faq-shipping' },
  { label: 'Return Policy', faqId: 'faq-returns' },
  { label: 'Size Guide', faqId: 'faq-size' },
] as const;
