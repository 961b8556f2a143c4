import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { todayIST } from '@/delivery/delivery-days';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { PICKUP_WINDOWS } from '@/returns/return-rules';

/**
 * Schedule (or move) the pickup: an IST date from today to 30 days ahead and a window. It starts
 * from the slot the customer asked for; admin_schedule_return_pickup checks the range.
 */
export function PickupDialog({
  returnId,
  returnNumber,
  date,
  window,
  onClose,
  onDone,
}: {
  returnId: string;
  returnNumber: string;
  date: string | null;
  window: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const today = todayIST();
  const [slot, setSlot] = useState({ date: date && date >= today ? date : '', window: window ?? '' });
  const [error, setError] = useState<string | null>(null);
  const schedule = useAdminMutation(storeApi.scheduleReturnPickup, {
    onSuccess: () => {
      notify(`Pickup of ${returnNumber} scheduled`, { type: 'success' });
      onDone();
    },
    onError: (e) => setError(e.message),
  });
  const submit = () => {
    if (!slot.date || !slot.window) {
      setError('Choose a date and a window.');
      return;
    }
    setError(null);
    void schedule.mutate({ return_id: returnId, pickup_date: slot.date, pickup_window: slot.window });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="pickup-title" fullWidth maxWidth="xs">
      <DialogTitle id="pickup-title">Schedule pickup of {returnNumber}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            type="date"
            label="Pickup date (IST)"
            value={slot.date}
            onChange={(e) => setSlot((s) => ({ ...s, date: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          />
          <TextField
            select
            label="Window"
            value={slot.window}
            onChange={(e) => setSlot((s) => ({ ...s, window: e.target.value }))}
          >
            {PICKUP_WINDOWS.map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {w.name}
              </MenuItem>
            ))}
          </TextField>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={schedule.isPending}>
          Schedule pickup
        </Button>
      </DialogActions>
    </Dialog>
  );
}
