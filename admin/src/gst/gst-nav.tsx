import { SectionNav } from '@/layout/section-nav';

/** The GST & invoices area's pages; the menu's one item opens the first. */
export const GST_PAGES = [
  { to: '/admin/gst/business', label: 'Business details' },
  { to: '/admin/tax_rates', label: 'Tax rates' },
  { to: '/admin/invoices', label: 'Invoices' },
  { to: '/admin/credit_notes', label: 'Credit notes' },
  { to: '/admin/gst/export', label: 'GST export' },
] as const;

/** Links between the GST pages, above each of them. */
export const GstNav = () => <SectionNav label="GST and invoices" pages={GST_PAGES} />;
