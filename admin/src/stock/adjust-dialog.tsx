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
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import {
  ADJUST_REASONS,
  adjustErrors,
  reasonLabels,
  toAdjustArgs,
  type AdjustErrors,
  type AdjustTarget,
  type AdjustValues,
} from '@/stock/adjust-form';

const empty: AdjustValues = { quantity: '', reason: '', note: '' };

/**
 * The Adjust dialog: one quantity change for one or more variants (a bulk receipt), with the
 * reason admin_adjust_stock requires and a note for an adjustment. All variants move in one call,
 * so a refusal (stock_negative) leaves every one as it was; the database's message is shown here.
 */
export function AdjustStockDialog({
  targets,
  onClose,
  onDone,
}: {
  /** The variants to adjust; the dialog is open while there are some. */
  targets: AdjustTarget[];
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<AdjustValues>(empty);
  const [errors, setErrors] = useState<AdjustErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const close = () => {
    setValues(empty);
    setErrors({});
    setRefused(null);
    onClose();
  };
  const adjust = useAdminMutation(storeApi.adjustStock, {
    onSuccess: (movements) => {
      notify(
        `Stock adjusted: ${movements.length} ${movements.length === 1 ? 'movement' : 'movements'} recorded`,
        { type: 'success' },
      );
      close();
      onDone();
    },
    onError: (error) => setRefused(error.message),
  });
  const set = (key: keyof AdjustValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const submit = () => {
    const found = adjustErrors(values, targets);
    setErrors(found);
    setRefused(null);
    if (Object.keys(found).length === 0) void adjust.mutate(toAdjustArgs(values, targets));
  };
  const many = targets.length > 1;
  return (
    <Dialog open={targets.length > 0} onClose={close} aria-labelledby="adjust-stock-title" fullWidth>
      <DialogTitle id="adjust-stock-title">Adjust stock</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {many
            ? `${targets.length} variants: ${targets.map((t) => t.sku).join(', ')}. Each changes by the same quantity.`
            : targets.map((t) => `${t.sku}: ${t.stock_quantity} on hand`).join('')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Quantity change"
            type="number"
            value={values.quantity}
            onChange={set('quantity')}
            error={Boolean(errors.quantity)}
            helperText={errors.quantity ?? 'Positive adds stock, negative removes it.'}
            slotProps={{ htmlInput: { step: 1 } }}
            autoFocus
          />
          <TextField
            select
            label="Reason"
            value={values.reason}
            onChange={set('reason')}
            error={Boolean(errors.reason)}
            helperText={errors.reason ?? ' '}
          >
            {ADJUST_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {reasonLabels[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={values.reason === 'adjustment' ? 'Note (required)' : 'Note'}
            value={values.note}
            onChange={set('note')}
            error={Boolean(errors.note)}
            helperText={errors.note ?? 'A purchase order, a count, a reason: kept in the movement log.'}
            multiline
            minRows={2}
          />
          {refused && (
            <Alert severity="error" role="alert">
              {refused}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={adjust.isPending}>
          {adjust.isPending ? 'Saving…' : 'Adjust stock'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
