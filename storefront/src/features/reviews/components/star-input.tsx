import { Star } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import type { ReviewFormValues } from 'shared/schemas/review';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The rating as a native radio group (arrow keys move and choose, as every radio group), drawn as
 * five stars filled up to the choice; each radio's name says its stars ("4 stars").
 */
export function StarInput({ form }: { form: UseFormReturn<ReviewFormValues> }) {
  const value = Number(useWatch({ control: form.control, name: 'rating' }) || 0);
  const error = form.formState.errors.rating?.message;
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="font-semibold">Your rating</legend>
      <div className="mt-1 flex items-center gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-700"
          >
            <input
              type="radio"
              value={String(n)}
              className="sr-only"
              aria-invalid={error ? true : undefined}
              {...form.register('rating')}
            />
            <Star
              aria-hidden="true"
              className={`size-8 text-amber-600 ${n <= value ? 'fill-amber-500' : 'fill-transparent'}`}
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-stone-700" aria-hidden="true">
          {value > 0 ? `${value} out of 5` : ''}
        </span>
      </div>
      {error && (
        <p id="review-rating-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
