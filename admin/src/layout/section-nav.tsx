import { Button, Stack } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

export interface SectionPage {
  to: string;
  label: string;
}

/**
 * Links between the pages of an area the menu opens with one item (Delivery, GST & invoices), above
 * each of them; the current one is marked for screen readers.
 */
export function SectionNav({ label, pages }: { label: string; pages: readonly SectionPage[] }) {
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label={label} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}>
      {pages.map((page) => {
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
