import { z } from 'zod';

/**
 * A customer's review of a delivered order line: the limits are submit_review's and the reviews
 * table's checks (supabase/migrations/…_create_reviews.sql), counted as PostgreSQL counts them —
 * characters of the trimmed text, not UTF-16 units (an emoji is one).
 */
export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 3000;
/** The review-photos bucket's limits: 5 pictures a review, JPEG/PNG/WebP, 5 MB each. */
export const REVIEW_PHOTO_MAX_COUNT = 5;
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const REVIEW_PHOTO_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export const reviewLength = (text: string) => Array.from(text.trim()).length;

export const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const TITLE_MESSAGE = `Give your review a title of ${REVIEW_TITLE_MIN} to ${REVIEW_TITLE_MAX} characters`;
export const BODY_MESSAGE = `Write ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX.toLocaleString('en-IN')} characters about the product`;

/** The review form (a radio group gives the rating as text: '' until a star is chosen). */
export const reviewFormSchema = z.object({
  rating: z.string().refine((v) => /^[1-5]$/.test(v), RATING_MESSAGE),
  title: z.string().refine((v) => {
    const n = reviewLength(v);
    return n >= REVIEW_TITLE_MIN && n <= REVIEW_TITLE_MAX;
  }, TITLE_MESSAGE),
  body: z.string().refine((v) => {
    const n = reviewLength(v);
    return n >= REVIEW_BODY_MIN && n <= REVIEW_BODY_MAX;
  }, BODY_MESSAGE),
});
export type ReviewFormValues = z.infer<typeof reviewFormSchema>;

/** submit_review's arguments, bar the order line and the photos, from valid form values. */
export const reviewRequest = (v: ReviewFormValues) => ({
  rating: Number(v.rating),
  title: v.title.trim(),
  body: v.body.trim(),
});
