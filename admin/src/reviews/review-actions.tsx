import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useUpdate } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { RejectReviewDialog } from '@/reviews/reject-review-dialog';

/**
 * Approve or reject one review (a PATCH of its status: the database stamps who and when, refuses a
 * flagged review's approval and a rejection without a reason, and recounts the product's rating).
 */
export function ReviewActions({ record }: { record: Row<'reviews'> }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [rejecting, setRejecting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate();
  const flagged = (record.flags ?? []).length > 0;

  const approve = () =>
    void update(
      'reviews',
      { id: record.id, data: { status: 'approved' }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Review approved: it shows on the product page', { type: 'success' });
          refresh();
        },
        onError: (e) => notifyError(e, 'Not approved'),
      },
    );
  const reject = (reason: string) => {
    setRefused(null);
    void update(
      'reviews',
      { id: record.id, data: { status: 'rejected', rejection_reason: reason }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Review rejected', { type: 'success' });
          setRejecting(false);
          refresh();
        },
        onError: (e) => setRefused(toAdminError(e).message),
      },
    );
  };

  return (
    <Stack direction="row" spacing={1}>
      {record.status !== 'approved' && (
        <Button variant="contained" disabled={isPending || flagged} onClick={approve}>
          Approve
        </Button>
      )}
      {record.status !== 'rejected' && (
        <Button variant="outlined" color="error" disabled={isPending} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      )}
      {rejecting && (
        <RejectReviewDialog
          title="Reject the review"
          pending={isPending}
          refused={refused}
          onClose={() => setRejecting(false)}
          onReject={reject}
        />
      )}
    </Stack>
  );
}
