import { dateRangeFilter } from '@/lib/date-range';

/**
 * The review queue's rules, kept apart from the screens so they can be tested: labels, what a flag
 * means, the rejection reason's limits (the database's reviews_rejection_reason_check) and the
 * list's date filters on India's calendar.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const reviewStatusLabel: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const statusChoices = REVIEW_STATUSES.map((id) => ({ id, name: reviewStatusLabel[id] }));

export const ratingChoices = [5, 4, 3, 2, 1].map((n) => ({
  id: n,
  name: `${n} ${n === 1 ? 'star' : 'stars'}`,
}));

/** private.review_flags' codes, in staff's words: what was found and why it blocks approval. */
export const flagLabel: Record<string, string> = {
  phone: 'a phone number',
  email: 'an e-mail address',
  link: 'a link',
};

/** One line per flag: "Contains a phone number: cannot be approved." */
export function flagExplanations(flags: readonly string[] | null | undefined): string[] {
  return (flags ?? []).map((f) => `Contains ${flagLabel[f] ?? f}: cannot be approved.`);
}

/** Short chip text for the list's Flags column. */
export const flagChip = (f: string) => ({ phone: 'Phone number', email: 'E-mail', link: 'Link' })[f] ?? f;

export const REJECTION_REASON_MIN = 3;
export const REJECTION_REASON_MAX = 500;

/** Why the reason cannot be sent, or null: 3 to 500 characters once trimmed, as the database checks. */
export function rejectionReasonError(text: string): string | null {
  const n = text.trim().length;
  if (n === 0) return 'Give a reason for rejecting: the customer reads it.';
  if (n < REJECTION_REASON_MIN) return `Write at least ${REJECTION_REASON_MIN} characters.`;
  if (n > REJECTION_REASON_MAX) return `Keep it to ${REJECTION_REASON_MAX} characters.`;
  return null;
}

const istDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A timestamp's day in India: "26 Oct 2026" (from the parts: ICU versions differ in separators). */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    istDay.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/**
 * The list's own filters as PostgREST's: `date_from` and `date_to` (IST days, both included) on
 * created_at (lib/date-range.ts).
 */
export const reviewFilter = (filter: Record<string, unknown>) => dateRangeFilter(filter, 'created_at');

/** "★★★★☆" for 4 stars, with the number for screen readers given by the caller. */
export const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));
