import { useEffect, useRef, useState } from 'react';
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT, PHOTO_TYPES } from '@/features/orders/api/returns';

export interface ReturnPhoto {
  /** the photo's number in this draft (never reused, so a retried upload never overwrites another) */
  n: number;
  file: File;
  preview: string;
}

const isPhotoType = (type: string): type is keyof typeof PHOTO_TYPES => type in PHOTO_TYPES;

/** The photo extension its storage path takes ('jpg', 'png', 'webp'). */
export const photoExtension = (file: File) => (isPhotoType(file.type) ? PHOTO_TYPES[file.type] : 'jpg');

/**
 * The chosen photos, with object-URL previews released when removed or when the form goes away.
 * The bucket takes jpeg/png/webp up to 5 MB, six per return; what breaks that is refused here, with
 * the reason, before anything is uploaded.
 */
export function useReturnPhotos() {
  const [photos, setPhotos] = useState<ReturnPhoto[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const counter = useRef(0);
  // every preview still open, released when the form goes away
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const open = previews.current;
    return () => open.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const add = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    const refused: string[] = [];
    const accepted: ReturnPhoto[] = [];
    for (const file of chosen) {
      if (!isPhotoType(file.type)) refused.push(`${file.name} is not a JPEG, PNG or WebP picture.`);
      else if (file.size > PHOTO_MAX_BYTES) refused.push(`${file.name} is larger than 5 MB.`);
      else if (photos.length + accepted.length >= PHOTO_MAX_COUNT) {
        refused.push(`Up to ${PHOTO_MAX_COUNT} photos: ${file.name} was not added.`);
      } else {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        accepted.push({ n: ++counter.current, file, preview });
      }
    }
    setPhotos((current) => [...current, ...accepted]);
    setProblem(refused.length > 0 ? refused.join(' ') : null);
  };
  const remove = (n: number) => {
    const gone = photos.find((p) => p.n === n);
    if (gone) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setPhotos((current) => current.filter((p) => p.n !== n));
    setProblem(null);
  };
  return { photos, problem, add, remove };
}

export function ReturnPhotos({
  state,
  error,
}: {
  state: ReturnType<typeof useReturnPhotos>;
  error?: string | null;
}) {
  const message = error ?? state.problem;
  return (
    <fieldset className="space-y-3" aria-describedby="return-photos-help">
      <legend className="text-lg font-semibold">Photos</legend>
      <p id="return-photos-help" className="text-sm text-stone-600">
        Show us the damage or the problem: up to {PHOTO_MAX_COUNT} photos (JPEG, PNG or WebP, 5 MB each).
      </p>
      {state.photos.length < PHOTO_MAX_COUNT && (
        <label className="inline-block cursor-pointer rounded-lg border border-amber-800 px-3 py-2 text-sm font-medium text-amber-800 focus-within:outline-2 focus-within:outline-amber-700 hover:bg-amber-50">
          Add photos
          <input
            type="file"
            accept={Object.keys(PHOTO_TYPES).join(',')}
            multiple
            className="sr-only"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'return-photos-error' : undefined}
            onChange={(e) => {
              state.add(e.target.files);
              // the same file may be chosen again after it was removed
              e.target.value = '';
            }}
          />
        </label>
      )}
      {message && (
        <p id="return-photos-error" role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      {state.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen photos">
          {state.photos.map((p, i) => (
            <li key={p.n} className="space-y-1">
              <img
                src={p.preview}
                alt={`Photo ${i + 1}: ${p.file.name}`}
                className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
              />
              <button
                type="button"
                onClick={() => state.remove(p.n)}
                className="w-full rounded border border-stone-300 px-1 py-0.5 text-xs hover:bg-stone-100"
              >
                Remove<span className="sr-only"> photo {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
