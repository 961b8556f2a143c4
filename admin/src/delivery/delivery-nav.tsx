import { SectionNav } from '@/layout/section-nav';

/** The Delivery settings area's pages; the menu's one Delivery item opens the first. */
export const DELIVERY_PAGES = [
  { to: '/admin/delivery_zones', label: 'Zones' },
  { to: '/admin/pincodes', label: 'Pincodes' },
  { to: '/admin/delivery/upload', label: 'Pincode upload' },
  { to: '/admin/delivery_holidays', label: 'Holidays & cut-off' },
] as const;

/** Links between the Delivery pages, above each of them. */
export const DeliveryNav = () => <SectionNav label="Delivery settings" pages={DELIVERY_PAGES} />;
