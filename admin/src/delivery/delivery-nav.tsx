import { Button, Stack } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

/** The Delivery settings area's pages; the menu's one Delivery item opens the first. */
export const DELIVERY_PAGES = [
  { to: '/admin/delivery_zones', label: 'Zones' },
  { to: '/admin/pincodes', label: 'Pincodes' },
  { to: '/admin/delivery/upload', label: 'Pincode upload' },
  { to: '/admin/delivery_holidays', label: 'Holidays & cut-off' },
] as const;

/** Links between the Delivery pages, above each of them (the current one marked for screen readers). */
export function DeliveryNav() {
  const { pathname } = useLocation();
  return (
    <Stack
      component="nav"
      aria-label="Delivery settings"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}
    >
      {DELIVERY_PAGES.map((page) => {
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
