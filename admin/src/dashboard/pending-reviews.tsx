import { Alert, Grid, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useBasename, useLogoutIfAccessDenied } from 'react-admin';
import { storeApi } from '@/lib/providers';

/** The reviews list filtered to pending: react-admin reads the list's filter from the URL. */
export const pendingReviewsPath = (basename: string) =>
  `${basename}/reviews?${new URLSearchParams({ filter: JSON.stringify({ status: 'pending' }) }).toString()}`;

/**
 * "Pending reviews: N" with a link to the queue filtered to them (they show on the storefront only
 * once approved). A failure to count shows nothing: the figures say whether the database answers.
 */
export function PendingReviews() {
  const [count, setCount] = useState<number | null>(null);
  const basename = useBasename();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    let live = true;
    storeApi.pendingReviewCount().then(
      (n) => {
        if (live) setCount(n);
      },
      (error: unknown) => void logoutIfAccessDenied(error),
    );
    return () => {
      live = false;
    };
  }, [logoutIfAccessDenied]);
  if (count === null) return null;
  return (
    <Grid size={12}>
      <Alert severity={count > 0 ? 'info' : 'success'} role="region" aria-labelledby="pending-reviews-title">
        <Typography id="pending-reviews-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          <Link to={pendingReviewsPath(basename)}>Pending reviews: {count}</Link>
        </Typography>
        <Typography variant="body2">
          {count > 0
            ? 'Customers’ reviews wait for approval before they show on the product pages.'
            : 'No review is waiting for approval.'}
        </Typography>
      </Alert>
    </Grid>
  );
}
