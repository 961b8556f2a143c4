import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { useInput, useNotify } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { IMAGE_TYPES, imageFileProblem } from '@/products/image-file';

/** Where an uploaded picture goes in the public product-images bucket. */
export function imagePath(fileName: string, id: string = crypto.randomUUID()): string {
  const safe =
    fileName
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'image';
  return `products/${id}-${safe}`;
}

/** Uploads a picture to the product-images bucket and puts its public URL in image_url. */
export function ImageUpload() {
  const { field } = useInput({ source: 'image_url' });
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = imageFileProblem(file);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    const bucket = supabase.storage.from('product-images');
    const path = imagePath(file.name);
    const { error } = await bucket.upload(path, file, { contentType: file.type, upsert: false });
    setBusy(false);
    if (error) {
      setProblem(`Image upload failed: ${toAdminError(error).message}`);
      notifyError(error, 'Image upload failed');
      return;
    }
    field.onChange(bucket.getPublicUrl(path).data.publicUrl);
    notify('Image uploaded', { type: 'success' });
  }

  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Button variant="outlined" component="label" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload image'}
          <input
            hidden
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={upload}
            aria-label="Upload image"
          />
        </Button>
        {field.value ? (
          <img
            src={String(field.value)}
            alt="Main product"
            width={64}
            height={64}
            style={{ objectFit: 'cover' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No image yet · WebP, JPEG, PNG or AVIF, up to 5 MB
          </Typography>
        )}
      </Stack>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
