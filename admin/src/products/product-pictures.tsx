import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useInput, useNotify } from 'react-admin';
import { IMAGE_TYPES, imageFileProblem, MAX_PICTURES } from '@/products/image-file';
import { PictureAddress } from '@/products/picture-address';
import {
  isUploading,
  movePicture,
  pictureFields,
  picturesFromRecord,
  roomForPictures,
  runPool,
  savedPicture,
  updatePicture,
  type PictureItem,
} from '@/products/picture-list';
import { PictureRow, ROW_DRAG } from '@/products/picture-row';
import { uploadPicture } from '@/products/upload-picture';

export const STILL_UPLOADING = 'Wait for the pictures to finish uploading.';

/**
 * The product's pictures (`image_url` first, then `images`): choose or drop several at once; each is
 * resized to the storefront's widths as WebP and uploaded with its own progress bar (two at a time);
 * reorder by dragging or with the move buttons; the first is the main picture. Saving waits for the
 * uploads (the form refuses while one is running).
 */
export function ProductPictures() {
  const uploading = useRef(false);
  const { field: main } = useInput({ source: 'image_url' });
  const { field: gallery, fieldState } = useInput({
    source: 'images',
    validate: () => (uploading.current ? STILL_UPLOADING : undefined),
  });
  const [items, setItems] = useState(() => picturesFromRecord(main.value, gallery.value));
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const touched = useRef(false);
  const notify = useNotify();

  useEffect(() => {
    uploading.current = isUploading(items);
    if (!touched.current) return;
    const next = pictureFields(items);
    // progress ticks change no field: only an upload, a move or a removal does
    if (
      JSON.stringify([main.value ?? null, gallery.value ?? null]) ===
      JSON.stringify([next.image_url, next.images])
    )
      return;
    main.onChange(next.image_url);
    gallery.onChange(next.images);
  }, [items, main, gallery]);

  const change = (fn: (list: PictureItem[]) => PictureItem[]) => {
    touched.current = true;
    setItems(fn);
  };

  async function add(files: File[]) {
    const room = roomForPictures(items, files.length);
    const refused = files.map(imageFileProblem).find(Boolean) ?? null;
    const chosen = files.filter((f) => !imageFileProblem(f)).slice(0, room);
    setProblem(
      refused ?? (chosen.length < files.length ? `A product has at most ${MAX_PICTURES} pictures.` : null),
    );
    if (chosen.length === 0) return;
    const rows = chosen.map((file) => ({
      key: crypto.randomUUID(),
      url: null,
      name: file.name,
      state: 'uploading' as const,
      progress: 0,
      preview: URL.createObjectURL(file),
    }));
    uploading.current = true;
    change((list) => [...list, ...rows]);
    let ok = 0;
    await runPool(
      rows.map((row, i) => async () => {
        const done = (patch: Partial<PictureItem>) => {
          URL.revokeObjectURL(row.preview);
          change((list) => updatePicture(list, row.key, { ...patch, preview: undefined }));
        };
        try {
          const url = await uploadPicture(chosen[i]!, (progress) =>
            change((list) => updatePicture(list, row.key, { progress })),
          );
          ok++;
          done({ url, state: 'done', progress: 100 });
        } catch (e) {
          done({ state: 'failed', error: e instanceof Error ? e.message : String(e) });
        }
      }),
      2,
    );
    if (ok > 0) notify(ok === 1 ? 'Picture uploaded' : `${ok} pictures uploaded`, { type: 'success' });
  }

  const onDrop = (e: DragEvent) => {
    setOver(false);
    if (e.dataTransfer.types.includes(ROW_DRAG)) return;
    e.preventDefault();
    void add([...e.dataTransfer.files]);
  };
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    void add(files);
  };

  return (
    <Box component="section" aria-labelledby="pictures-heading" sx={{ width: '100%', mb: 2 }}>
      <Typography id="pictures-heading" variant="subtitle1" component="h2">
        Pictures
      </Typography>
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
        {items.length > 0 && (
          <Box component="ol" aria-label="Product pictures" sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
            {items.map((item, i) => (
              <PictureRow
                key={item.key}
                item={item}
                index={i}
                count={items.length}
                onMove={(from, to) => change((list) => movePicture(list, from, to))}
                onRemove={(key) => change((list) => list.filter((p) => p.key !== key))}
              />
            ))}
          </Box>
        )}
      </Box>
      <PictureAddress
        onAdd={(url) => {
          if (roomForPictures(items, 1) === 0)
            return setProblem(`A product has at most ${MAX_PICTURES} pictures.`);
          change((list) => (list.some((p) => p.url === url) ? list : [...list, savedPicture(url)]));
        }}
      />
      {(problem ?? fieldState.error?.message) && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem ?? fieldState.error?.message}
        </Alert>
      )}
    </Box>
  );
}
