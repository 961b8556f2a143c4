import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import {
  receiveDefaults,
  receiveErrors,
  toReceiveItems,
  type ReceiveDraft,
  type ReceiveLine,
} from '@/returns/return-rules';

/**
 * Receive: per line how many units arrived and how many of those are damaged (defaults: all of
 * them, none). Resellable units go back to stock and damaged ones are written off, in the stock
 * ledger, by admin_receive_return.
 */
export function ReceiveDialog({
  returnId,
  returnNumber,
  lines,
  onClose,
  onDone,
}: {
  returnId: string;
  returnNumber: string;
  lines: ReceiveLine[];
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [draft, setDraft] = useState<ReceiveDraft>(() => receiveDefaults(lines));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const receive = useAdminMutation(storeApi.receiveReturn, {
    onSuccess: () => {
      notify(`Return ${returnNumber} received`, { type: 'success' });
      onDone();
    },
    onError: (e) => setRefused(e.message),
  });
  const set = (id: number, field: 'received' | 'damaged', value: string) =>
    setDraft((d) => ({ ...d, [id]: { received: '', damaged: '', ...d[id], [field]: value } }));
  const submit = () => {
    const found = receiveErrors(lines, draft);
    setErrors(found);
    setRefused(null);
    if (Object.keys(found).length === 0)
      void receive.mutate({ return_id: returnId, items: toReceiveItems(lines, draft) });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="receive-title" fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id="receive-title">Receive return {returnNumber}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Resellable units (received − damaged) go back to stock; damaged ones are written off.
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Items received">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell align="right">Returned</TableCell>
                <TableCell>Received</TableCell>
                <TableCell>Damaged</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right">{line.quantity}</TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      label={`Received of ${line.name}`}
                      value={draft[line.id]?.received ?? ''}
                      onChange={(e) => set(line.id, 'received', e.target.value)}
                      error={errors[line.id] !== undefined}
                      helperText={errors[line.id] ?? `0 to ${line.quantity}`}
                      slotProps={{ htmlInput: { min: 0, max: line.quantity, step: 1 } }}
                      sx={{ width: 170 }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      label={`Damaged of ${line.name}`}
                      value={draft[line.id]?.damaged ?? ''}
                      onChange={(e) => set(line.id, 'damaged', e.target.value)}
                      slotProps={{ htmlInput: { min: 0, max: line.quantity, step: 1 } }}
                      sx={{ width: 170 }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The return was not received: {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={receive.isPending}>
          Receive
        </Button>
      </DialogActions>
    </Dialog>
  );
}
