import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { REJECTION_REASON_MAX, rejectionReasonError } from '@/reviews/review-rules';

/**
 * Reject one or more reviews: the reason is required (the customer reads it), checked here as the
 * database checks it (3 to 500 characters); the caller sends it and says why the database refused.
 */
export function RejectReviewDialog({
  title,
  pending,
  refused,
  onClose,
  onReject,
}: {
  title: string;
  pending: boolean;
  refused: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = rejectionReasonError(reason);
    setError(problem);
    if (!problem) onReject(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reject-review-title" fullWidth maxWidth="sm">
      <DialogTitle id="reject-review-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          label="Reason for rejecting"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error !== null}
          helperText={error ?? 'The customer reads it, e.g. The review is about delivery, not the product.'}
          slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not rejected: {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={pending}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
