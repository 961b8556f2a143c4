import type { Database } from 'shared/types/database';

type ReviewStatus = Database['public']['Enums']['review_status'];

/** What Order History says of the shopper's review of a line: moderation's answer, with its reason. */
export function reviewStatusText(review: { status: ReviewStatus; rejection_reason: string | null }): string {
  switch (review.status) {
    case 'pending':
      return 'Pending approval';
    case 'approved':
      return 'Published';
    case 'rejected':
      return review.rejection_reason ? `Not published: ${review.rejection_reason}` : 'Not published';
  }
}
