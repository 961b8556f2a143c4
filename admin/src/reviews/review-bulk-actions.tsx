import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import { useState } from 'react';
import { Button, useCanAccess, useListContext, useNotify, useUnselectAll, useUpdateMany } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { RejectReviewDialog } from '@/reviews/reject-review-dialog';

/**
 * Approve the selected reviews, undoable as in react-admin's demo: nothing is sent until the
 * notification closes, and Undo keeps them pending. A flagged review makes the database refuse the
 * whole request (the notification says which flag).
 */
export function BulkApproveButton() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const unselectAll = useUnselectAll('reviews');
  const [approve, { isPending }] = useUpdateMany(
    'reviews',
    { ids: selectedIds, data: { status: 'approved' } },
    {
      mutationMode: 'undoable',
      onSuccess: () => {
        notify(`${selectedIds.length === 1 ? 'Review' : `${selectedIds.length} reviews`} approved`, {
          type: 'info',
          undoable: true,
        });
        unselectAll();
      },
      onError: (error) => notifyError(error, 'Not approved'),
    },
  );
  return (
    <Button label="Approve" onClick={() => void approve()} disabled={isPending}>
      <ThumbUpIcon />
    </Button>
  );
}

/** Reject the selected reviews with one reason (pessimistic: the database requires the reason). */
export function BulkRejectButton() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const unselectAll = useUnselectAll('reviews');
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [updateMany, { isPending }] = useUpdateMany();
  const reject = (reason: string) => {
    setRefused(null);
    void updateMany(
      'reviews',
      { ids: selectedIds, data: { status: 'rejected', rejection_reason: reason } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${selectedIds.length === 1 ? 'Review' : `${selectedIds.length} reviews`} rejected`, {
            type: 'info',
          });
          setOpen(false);
          unselectAll();
        },
        onError: (error) => setRefused(toAdminError(error).message),
      },
    );
  };
  return (
    <>
      <Button label="Reject" onClick={() => setOpen(true)}>
        <ThumbDownIcon />
      </Button>
      {open && (
        <RejectReviewDialog
          title={`Reject ${selectedIds.length === 1 ? 'the review' : `${selectedIds.length} reviews`}`}
          pending={isPending}
          refused={refused}
          onClose={() => setOpen(false)}
          onReject={reject}
        />
      )}
    </>
  );
}

/** Moderation is reviews.write's (owner, support): other roles select nothing to act on. */
export function ReviewBulkActions() {
  const { canAccess } = useCanAccess({ resource: 'reviews', action: 'edit' });
  if (!canAccess) return null;
  return (
    <>
      <BulkApproveButton />
      <BulkRejectButton />
    </>
  );
}
