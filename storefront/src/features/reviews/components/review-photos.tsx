import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_MAX_COUNT, REVIEW_PHOTO_TYPES } from 'shared/schemas/review';
import { isReviewPhotoType, myReviewQueries } from '@/features/reviews/api/my-reviews';

/** A photo of the draft: one already in the bucket (an edited review's), or one chosen now. */
export type ReviewPhoto =
  { key: string; path: string } | { key: string; n: number; file: File; preview: string };

/**
 * The draft's photos: an edited review's stored ones first, then those chosen here (object-URL
 * previews, released when removed or when the form goes away). What the bucket would refuse (type,
 * 5 MB, more than 5) is refused here with the reason, before anything is uploaded.
 */
export function useReviewPhotos(stored: readonly string[]) {
  const [photos, setPhotos] = useState<ReviewPhoto[]>(() => stored.map((path) => ({ key: path, path })));
  const [problem, setProblem] = useState<string | null>(null);
  const counter = useRef(0);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const open = previews.current;
    return () => open.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const add = (files: FileList | null) => {
    const refused: string[] = [];
    const accepted: ReviewPhoto[] = [];
    for (const file of Array.from(files ?? [])) {
      if (!isReviewPhotoType(file.type)) refused.push(`${file.name} is not a JPEG, PNG or WebP picture.`);
      else if (file.size > REVIEW_PHOTO_MAX_BYTES) refused.push(`${file.name} is larger than 5 MB.`);
      else if (photos.length + accepted.length >= REVIEW_PHOTO_MAX_COUNT) {
        refused.push(`Up to ${REVIEW_PHOTO_MAX_COUNT} photos: ${file.name} was not added.`);
      } else {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        const n = ++counter.current;
        accepted.push({ key: `new-${n}`, n, file, preview });
      }
    }
    setPhotos((current) => [...current, ...accepted]);
    setProblem(refused.length > 0 ? refused.join(' ') : null);
  };
  const remove = (key: string) => {
    const gone = photos.find((p) => p.key === key);
    if (gone && 'preview' in gone) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setPhotos((current) => current.filter((p) => p.key !== key));
    setProblem(null);
  };
  return { photos, problem, add, remove };
}

export function ReviewPhotos({ state }: { state: ReturnType<typeof useReviewPhotos> }) {
  const storedPaths = state.photos.flatMap((p) => ('path' in p ? [p.path] : []));
  const urls = useQuery({ ...myReviewQueries.photoUrls(storedPaths), enabled: storedPaths.length > 0 });
  return (
    <fieldset className="space-y-3" aria-describedby="review-photos-help">
      <legend className="font-semibold">Photos (optional)</legend>
      <p id="review-photos-help" className="text-sm text-stone-600">
        Up to {REVIEW_PHOTO_MAX_COUNT} photos of the product (JPEG, PNG or WebP, 5 MB each).
      </p>
      {state.photos.length < REVIEW_PHOTO_MAX_COUNT && (
        <label className="inline-block cursor-pointer rounded-lg border border-amber-800 px-3 py-2 text-sm font-medium text-amber-800 focus-within:outline-2 focus-within:outline-amber-700 hover:bg-amber-50">
          Add photos
          <input
            type="file"
            accept={Object.keys(REVIEW_PHOTO_TYPES).join(',')}
            multiple
            className="sr-only"
            aria-invalid={state.problem ? true : undefined}
            aria-describedby={state.problem ? 'review-photos-error' : undefined}
            onChange={(e) => {
              state.add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {state.problem && (
        <p id="review-photos-error" role="alert" className="text-sm text-red-700">
          {state.problem}
        </p>
      )}
      {state.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen photos">
          {state.photos.map((p, i) => {
            const src = 'preview' in p ? p.preview : urls.data?.[p.path];
            const name = 'file' in p ? p.file.name : 'added earlier';
            return (
              <li key={p.key} className="space-y-1">
                {src ? (
                  <img
                    src={src}
                    alt={`Photo ${i + 1}: ${name}`}
                    className="aspect-square w-full rounded-lg border border-stone-200 object-cover"
                  />
                ) : (
                  <span className="flex aspect-square w-full items-center justify-center rounded-lg border border-stone-200 text-xs text-stone-600">
                    Photo {i + 1}
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => state.remove(p.key)}
                  className="w-full rounded border border-stone-300 px-1 py-0.5 text-xs hover:bg-stone-100"
                >
                  Remove<span className="sr-only"> photo {i + 1}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
