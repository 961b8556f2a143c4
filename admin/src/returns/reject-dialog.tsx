import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

/**
 * Reject a requested return: the reason is required (the customer reads it in the mail and in their
 * order history); admin_decide_return refuses fewer than 3 characters too.
 */
export function RejectDialog({
  returnId,
  returnNumber,
  onClose,
  onDone,
}: {
  returnId: string;
  returnNumber: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const reject = useAdminMutation(storeApi.decideReturn, {
    onSuccess: () => {
      notify(`Return ${returnNumber} rejected`, { type: 'success' });
      onDone();
    },
    onError: (e) => setRefused(e.message),
  });
  const submit = () => {
    const text = reason.trim();
    setRefused(null);
    if (text.length < 3) {
      setError('Give the reason (at least 3 characters): the customer will see it.');
      return;
    }
    setError(null);
    void reject.mutate({ return_id: returnId, approve: false, reason: text });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reject-title" fullWidth maxWidth="sm">
      <DialogTitle id="reject-title">Reject return {returnNumber}</DialogTitle>
      <DialogContent>
        <TextField
          label="Reason for rejecting"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error !== null}
          helperText={error ?? 'Sent to the customer, e.g. The photos show wear from use, not a defect.'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 1 }}
        />
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The return was not rejected: {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={reject.isPending}>
          Reject return
        </Button>
      </DialogActions>
    </Dialog>
  );
}
