import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Database } from 'shared/types/database';
import { REVIEW_PHOTO_TYPES } from 'shared/schemas/review';
import { REVIEW_PHOTO_BUCKET, reviewKeys } from '@/features/reviews/api/product-reviews';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * The shopper's side of reviews: submit_review (the database checks the delivered line, the limits
 * and the photos again; its refusal is written for the shopper) and the photos in their own folder
 * of the private review-photos bucket (the storage policy allows nothing else).
 */
type SubmitReviewArgs = Database['public']['Functions']['submit_review']['Args'];

export const UPLOAD_FAILED = 'We could not upload your photo. Please try again.';

/** submit_review: shown beside the button by the form (meta.handlesError), so nothing typed is lost. */
export function useSubmitReview() {
  return useMutation({
    mutationFn: async (args: SubmitReviewArgs) => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('submit_review', args);
      if (error) throw toAppError(error);
      return data;
    },
    meta: { handlesError: true },
  });
}

/**
 * delete_review: the author withdraws their review (published or not: ISO 20488 lets authors withdraw);
 * its refusal is toasted by the app's mutation error handler. Its photos then go from the bucket (the
 * storage policy lets the author delete photos no review cites); a photo left behind is only storage,
 * so that second step never fails the withdrawal.
 */
export function useDeleteReview() {
  return useMutation({
    mutationFn: async (review: { id: number; photos: readonly string[] }) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('delete_review', { review_id: review.id });
      if (error) throw toAppError(error);
      if (review.photos.length > 0)
        await supabase.storage.from(REVIEW_PHOTO_BUCKET).remove([...review.photos]);
    },
  });
}

export const isReviewPhotoType = (type: string): type is keyof typeof REVIEW_PHOTO_TYPES =>
  type in REVIEW_PHOTO_TYPES;

/** The extension a photo's storage path takes ('jpg', 'png', 'webp'). */
export const photoExtension = (file: File) =>
  isReviewPhotoType(file.type) ? REVIEW_PHOTO_TYPES[file.type] : 'jpg';

/** Uploads one photo to `<user id>/<draft id>/<n>.<ext>`; answers the path submit_review takes. */
export async function uploadReviewPhoto(path: string, file: File): Promise<string> {
  const supabase = await getSupabase();
  const { error } = await supabase.storage
    .from(REVIEW_PHOTO_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toAppError(error, UPLOAD_FAILED);
  return path;
}

/** Signed addresses of the shopper's own photos (an edited review shows what it already has). */
async function fetchOwnPhotoUrls(paths: readonly string[]): Promise<Record<string, string>> {
  if (paths.length === 0) return {};
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from(REVIEW_PHOTO_BUCKET).createSignedUrls([...paths], 3600);
  if (error) throw toAppError(error);
  return Object.fromEntries(data.flatMap((s) => (s.path && s.signedUrl ? [[s.path, s.signedUrl]] : [])));
}

export const myReviewQueries = {
  photoUrls: (paths: readonly string[]) =>
    queryOptions({
      queryKey: reviewKeys.ownPhotos(paths),
      queryFn: () => fetchOwnPhotoUrls(paths),
      staleTime: 30 * 60 * 1000,
    }),
};
