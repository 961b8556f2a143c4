import { useDeleteReview } from '@/features/reviews/api/my-reviews';

/** Withdraws the shopper's review of a line and its photos (asks first); the line can then be reviewed again. */
export function WithdrawReviewButton({
  review,
  onWithdrawn,
}: {
  review: { id: number; photos: readonly string[] };
  onWithdrawn: () => void;
}) {
  const withdraw = useDeleteReview();
  return (
    <button
      type="button"
      disabled={withdraw.isPending}
      onClick={() => {
        if (!window.confirm('Withdraw your review? It will no longer be shown.')) return;
        withdraw.mutate(review, { onSuccess: onWithdrawn });
      }}
      className="rounded-lg border border-red-700 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
    >
      Withdraw your review
    </button>
  );
}
