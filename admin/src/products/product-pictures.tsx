import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInput, useNotify } from 'react-admin';
import { imageFileProblem, MAX_PICTURES } from '@/products/image-file';
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
import { PictureDropZone } from '@/products/picture-drop-zone';
import { PictureRow } from '@/products/picture-row';
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
  // the record's pictures until staff change them (the edit page's record may arrive after the
  // first render); from then on the list staff edit, written back to both fields
  const saved = useMemo(() => picturesFromRecord(main.value, gallery.value), [main.value, gallery.value]);
  const [edited, setEdited] = useState<PictureItem[] | null>(null);
  const items = edited ?? saved;
  const [problem, setProblem] = useState<string | null>(null);
  const notify = useNotify();

  useEffect(() => {
    uploading.current = edited !== null && isUploading(edited);
    if (!edited) return;
    const next = pictureFields(edited);
    // progress ticks change no field: only an upload, a move or a removal does
    if (
      JSON.stringify([main.value ?? null, gallery.value ?? null]) ===
      JSON.stringify([next.image_url, next.images])
    )
      return;
    main.onChange(next.image_url);
    gallery.onChange(next.images);
  }, [edited, main, gallery]);

  const change = (fn: (list: PictureItem[]) => PictureItem[]) => setEdited((list) => fn(list ?? saved));

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

  return (
    <Box component="section" aria-labelledby="pictures-heading" sx={{ width: '100%', mb: 2 }}>
      <Typography id="pictures-heading" variant="subtitle1" component="h2">
        Pictures
      </Typography>
      <PictureDropZone onFiles={(files) => void add(files)}>
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
      </PictureDropZone>
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
