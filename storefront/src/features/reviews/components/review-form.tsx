import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Tables } from 'shared/types/database';
import {
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  reviewFormSchema,
  reviewLength,
  reviewRequest,
  type ReviewFormValues,
} from 'shared/schemas/review';
import { Field, inputClass } from '@/components/ui/field';
import { primaryClass } from '@/components/ui/form-actions';
import { photoExtension, uploadReviewPhoto, useSubmitReview } from '@/features/reviews/api/my-reviews';
import { ReviewPhotos, useReviewPhotos } from '@/features/reviews/components/review-photos';
import { StarInput } from '@/features/reviews/components/star-input';
import { toAppError } from '@/lib/errors';

type ExistingReview = Pick<Tables<'reviews'>, 'rating' | 'title' | 'body' | 'photos'>;

interface Props {
  userId: string;
  orderItemId: number;
  /** the shopper's review of this line, when editing it */
  existing?: ExistingReview | null;
  onSubmitted: () => void;
}

/**
 * The review of one delivered line: stars, a title, the text and up to 5 photos (uploaded on submit
 * to the shopper's folder of review-photos). submit_review decides; its refusal is shown above the
 * button and everything typed stays.
 */
export function ReviewForm({ userId, orderItemId, existing, onSubmitted }: Props) {
  const form = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: {
      rating: existing ? String(existing.rating) : '',
      title: existing?.title ?? '',
      body: existing?.body ?? '',
    },
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const photos = useReviewPhotos(existing?.photos ?? []);
  const submitReview = useSubmitReview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // One folder per form: a retried submit uploads only the photos not uploaded yet.
  const [draftId] = useState(() => crypto.randomUUID());
  const uploaded = useRef(new Map<number, string>());
  const bodyId = useId();
  const errors = form.formState.errors;

  const submit = async (values: ReviewFormValues) => {
    setRefusal(null);
    try {
      setUploading(true);
      const paths: string[] = [];
      for (const p of photos.photos) {
        if ('path' in p) {
          paths.push(p.path);
          continue;
        }
        const path =
          uploaded.current.get(p.n) ??
          (await uploadReviewPhoto(`${userId}/${draftId}/${p.n}.${photoExtension(p.file)}`, p.file));
        uploaded.current.set(p.n, path);
        paths.push(path);
      }
      setUploading(false);
      await submitReview.mutateAsync({ order_item_id: orderItemId, ...reviewRequest(values), photos: paths });
      onSubmitted();
    } catch (e) {
      setUploading(false);
      setRefusal(toAppError(e).userMessage);
    }
  };

  const busy = uploading || submitReview.isPending;
  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      className="space-y-6"
      aria-describedby={refusal ? 'review-refusal' : undefined}
    >
      <StarInput form={form} />
      <Field
        label="Title"
        maxLength={REVIEW_TITLE_MAX}
        placeholder="Sum it up in a few words"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={bodyId} className="text-sm font-medium text-stone-800">
          Your review
        </label>
        <textarea
          id={bodyId}
          rows={6}
          maxLength={REVIEW_BODY_MAX}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${bodyId}-count${errors.body ? ` ${bodyId}-error` : ''}`}
          className={inputClass}
          {...form.register('body')}
        />
        <p id={`${bodyId}-count`} className="text-xs text-stone-600">
          {reviewLength(body).toLocaleString('en-IN')} / {REVIEW_BODY_MAX.toLocaleString('en-IN')} characters
        </p>
        {errors.body && (
          <p id={`${bodyId}-error`} className="text-sm text-red-700">
            {errors.body.message}
          </p>
        )}
      </div>
      <ReviewPhotos state={photos} />
      {refusal && (
        <p id="review-refusal" role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <button type="submit" className={primaryClass} disabled={busy}>
        {uploading ? 'Uploading photos…' : submitReview.isPending ? 'Submitting…' : 'Submit review'}
      </button>
    </form>
  );
}
