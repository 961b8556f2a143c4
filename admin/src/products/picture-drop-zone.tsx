import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { IMAGE_TYPES } from '@/products/image-file';
import { ROW_DRAG } from '@/products/picture-row';

/**
 * Where staff choose pictures (several at once) or drop files; `children` is the list of pictures,
 * inside the zone so a drop on the list adds too. A row dragged within the list is not a file drop.
 */
export function PictureDropZone({
  onFiles,
  children,
}: {
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    setOver(false);
    if (e.dataTransfer.types.includes(ROW_DRAG)) return;
    e.preventDefault();
    onFiles([...e.dataTransfer.files]);
  };
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    onFiles(files);
  };
  return (
    <Box
      data-testid="picture-drop-zone"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        p: 2,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: over ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Button variant="outlined" component="label" startIcon={<AddPhotoAlternate />}>
          Add pictures
          <input
            hidden
            multiple
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={onPick}
            aria-label="Add pictures"
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          Or drop them here · JPEG, PNG, WebP or AVIF up to 25 MB, at least 800 × 800 px. Each is cropped
          square and stored as WebP at 800 and 400 px. The first is the main picture.
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}
