import { SectionNav } from '@/layout/section-nav';

/** The returns area's pages; the menu's one item opens the queue. */
export const RETURNS_PAGES = [
  { to: '/admin/returns', label: 'Return queue' },
  { to: '/admin/settings/returns', label: 'Return settings' },
] as const;

export const ReturnsNav = () => <SectionNav label="Returns" pages={RETURNS_PAGES} />;
