import { Button, Stack } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

/** The GST & invoices area's pages; the menu's one item opens the first. */
export const GST_PAGES = [
  { to: '/admin/gst/business', label: 'Business details' },
  { to: '/admin/tax_rates', label: 'Tax rates' },
  { to: '/admin/invoices', label: 'Invoices' },
  { to: '/admin/credit_notes', label: 'Credit notes' },
  { to: '/admin/gst/export', label: 'GST export' },
] as const;

/** Links between the GST pages, above each of them (the current one marked for screen readers). */
export function GstNav() {
  const { pathname } = useLocation();
  return (
    <Stack
      component="nav"
      aria-label="GST and invoices"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}
    >
      {GST_PAGES.map((page) => {
        const current = pathname.startsWith(page.to);
        return (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            size="small"
            variant={current ? 'contained' : 'outlined'}
            aria-current={current ? 'page' : undefined}
          >
            {page.label}
          </Button>
        );
      })}
    </Stack>
  );
}
