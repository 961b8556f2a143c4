import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Alert, Box, Chip, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { productImageSrcSet } from 'shared/catalog/product-image-renditions';
import type { DragEvent } from 'react';
import type { PictureItem } from '@/products/picture-list';

/** The drag type of a picture row being reordered (files dragged in have 'Files'). */
export const ROW_DRAG = 'application/x-furnicraft-picture';

interface Props {
  item: PictureItem;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
}

/**
 * One picture: thumbnail, name, the main-picture badge on the first, a progress bar while it is
 * resized and uploaded, and move up / move down / remove buttons (the keyboard's way to reorder;
 * a mouse may drag the row too).
 */
export function PictureRow({ item, index, count, onMove, onRemove }: Props) {
  const src = item.url ?? item.preview;
  const label = `Picture ${index + 1}: ${item.name}`;
  const onDragStart = (e: DragEvent) => {
    e.dataTransfer.setData(ROW_DRAG, String(index));
    e.dataTransfer.effectAllowed = 'move';
  };
  const onDrop = (e: DragEvent) => {
    const from = e.dataTransfer.getData(ROW_DRAG);
    if (from === '') return;
    e.preventDefault();
    e.stopPropagation();
    onMove(Number(from), index);
  };
  return (
    <Box
      component="li"
      draggable
      onDragStart={onDragStart}
      onDragOver={(e) => e.dataTransfer.types.includes(ROW_DRAG) && e.preventDefault()}
      onDrop={onDrop}
      data-testid="picture-row"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <DragIndicator
        aria-hidden
        sx={{ cursor: 'grab', color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
      />
      {src ? (
        <img
          src={src}
          srcSet={item.url ? productImageSrcSet(item.url) : undefined}
          sizes="64px"
          alt={label}
          width={64}
          height={64}
          style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
        />
      ) : (
        <Box sx={{ width: 64, height: 64, bgcolor: 'action.hover', flexShrink: 0 }} />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" alignItems="center" sx={{ flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={item.name} sx={{ minWidth: 0, maxWidth: '100%' }}>
            {item.name}
          </Typography>
          {index === 0 && item.state !== 'failed' && <Chip size="small" label="Main picture" />}
        </Stack>
        {item.state === 'uploading' && (
          <LinearProgress
            variant="determinate"
            value={item.progress}
            aria-label={`Uploading ${item.name}`}
            sx={{ mt: 1 }}
          />
        )}
        {item.error && (
          <Alert severity="error" role="alert" sx={{ mt: 1, py: 0 }}>
            {item.error}
          </Alert>
        )}
      </Box>
      <IconButton
        aria-label={`Move ${label} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUpward />
      </IconButton>
      <IconButton
        aria-label={`Move ${label} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDownward />
      </IconButton>
      <IconButton
        aria-label={`Remove ${label}`}
        disabled={item.state === 'uploading'}
        onClick={() => onRemove(item.key)}
      >
        <DeleteOutline />
      </IconButton>
    </Box>
  );
}
