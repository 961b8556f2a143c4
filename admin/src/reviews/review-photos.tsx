import { Alert, Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';

/**
 * The review's photos from the private review-photos bucket: signed URLs valid for 10 minutes
 * (staff read every review's photos; shoppers only approved ones), as the return page does.
 */
export function ReviewPhotos({ paths }: { paths: string[] }) {
  const [urls, setUrls] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const key = paths.join('\n');
  useEffect(() => {
    let live = true;
    if (key === '') return;
    Promise.all(key.split('\n').map((p) => storeApi.reviewPhotoUrl(p))).then(
      (signed) => {
        if (live) setUrls(signed);
      },
      (e: unknown) => {
        void logoutIfAccessDenied(e);
        if (live) setError(toAdminError(e).message);
      },
    );
    return () => {
      live = false;
    };
  }, [key, logoutIfAccessDenied]);

  if (paths.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No photos.
      </Typography>
    );
  if (error) return <Alert severity="error">The photos could not be loaded: {error}</Alert>;
  if (!urls) return <Typography variant="body2">Loading photos…</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {urls.map((url, i) => (
        <Link key={url} href={url} target="_blank" rel="noreferrer">
          <Box
            component="img"
            src={url}
            alt={`Review photo ${i + 1}`}
            sx={{ width: 140, height: 140, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </Link>
      ))}
    </Box>
  );
}
