import { Alert, Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';

/**
 * The customer's photos from the private return-photos bucket: signed URLs valid for 10 minutes,
 * asked for when the page opens (staff read every customer's photos; customers only their own).
 */
export function ReturnPhotos({ paths, returnNumber }: { paths: string[]; returnNumber: string }) {
  const [urls, setUrls] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const key = paths.join('\n');
  useEffect(() => {
    let live = true;
    if (key === '') return;
    Promise.all(key.split('\n').map((p) => storeApi.returnPhotoUrl(p))).then(
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
            alt={`Photo ${i + 1} of return ${returnNumber}`}
            sx={{ width: 140, height: 140, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </Link>
      ))}
    </Box>
  );
}
