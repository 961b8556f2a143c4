import { Alert, Box, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';

/**
 * A customer's photos from a private bucket (a return's, a review's): signed URLs valid for 10
 * minutes, asked for when the page opens (staff read every customer's photos), each opening the
 * full picture in a new tab.
 */
export function SignedPhotos({
  bucket,
  paths,
  alt,
}: {
  bucket: 'return-photos' | 'review-photos';
  paths: string[];
  /** The n-th picture's text alternative (1-based). */
  alt: (n: number) => string;
}) {
  const [urls, setUrls] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const key = paths.join('\n');
  useEffect(() => {
    let live = true;
    if (key === '') return;
    Promise.all(key.split('\n').map((p) => storeApi.photoUrl(bucket, p))).then(
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
  }, [bucket, key, logoutIfAccessDenied]);

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
            alt={alt(i + 1)}
            sx={{ width: 140, height: 140, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        </Link>
      ))}
    </Box>
  );
}
