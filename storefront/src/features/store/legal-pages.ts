import { paths } from '@/config/paths';

/**
 * Every policy and disclosure of the /legal area, listed once: its index, the footer and the checkout
 * (the E-Commerce Rules want them shown before a purchase) link from here.
 */
export const LEGAL_PAGES = [
  { to: paths.sellerDetails, title: 'Seller details', text: 'Who sells to you: legal name, address, GSTIN.' },
  { to: paths.grievanceOfficer, title: 'Grievance Officer', text: 'Who handles complaints, and how fast.' },
  {
    to: paths.returnsPolicy,
    title: 'Returns, refunds and cancellation',
    text: 'Cancelling an order, returning an item and getting your money back.',
  },
  { to: paths.shippingPolicy, title: 'Shipping policy', text: 'Where we deliver, when, and what it costs.' },
  { to: paths.terms, title: 'Terms of Service', text: 'The terms of every order.' },
  { to: paths.privacy, title: 'Privacy Policy', text: 'What we collect and why.' },
] as const;
