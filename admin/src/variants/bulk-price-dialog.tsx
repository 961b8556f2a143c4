import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { bulkPriceChanges, type BulkPriceMode } from '@/variants/bulk-price';
import type { VariantRecord } from '@/variants/variant-queries';

/**
 * One price for the selected variants, or a change by a percentage. The new prices are computed
 * and checked here (bulkPriceChanges) and then saved variant by variant; a refusal names its SKU
 * and the others stay saved.
 */
export function BulkPriceDialog({
  variants,
  onClose,
  onDone,
}: {
  variants: VariantRecord[];
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notify = useNotify();
  const [mode, setMode] = useState<BulkPriceMode>('set');
  const [amount, setAmount] = useState('');
  const [withOriginal, setWithOriginal] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setAmount('');
    setProblems([]);
    onClose();
  };

  const apply = async () => {
    const { changes, problems: found } = bulkPriceChanges(variants, {
      mode,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      withOriginal,
    });
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    const failed: string[] = [];
    for (const change of changes) {
      const variant = variants.find((v) => v.id === change.id);
      if (!variant) continue;
      try {
        await dataProvider.update('product_variants', {
          id: change.id,
          data: { price: change.price, original_price: change.original_price },
          previousData: variant,
        });
      } catch (error) {
        void logoutIfAccessDenied(error);
        failed.push(`${variant.sku}: ${toAdminError(error).message}`);
      }
    }
    setBusy(false);
    onDone();
    if (failed.length > 0) return setProblems(failed);
    notify(`Prices updated: ${changes.length} variant(s)`, { type: 'success' });
    close();
  };

  return (
    <Dialog open={variants.length > 0} onClose={close} aria-labelledby="bulk-price-title" fullWidth>
      <DialogTitle id="bulk-price-title">Edit prices of {variants.length} variant(s)</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Change"
            value={mode}
            onChange={(e) => setMode(e.target.value === 'percent' ? 'percent' : 'set')}
          >
            <MenuItem value="set">Set the price to (₹)</MenuItem>
            <MenuItem value="percent">Change the price by (%)</MenuItem>
          </TextField>
          <TextField
            label={mode === 'set' ? 'New price (₹)' : 'Percentage (−10 for 10 % off)'}
            type="number"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoFocus
          />
          {mode === 'percent' && (
            <FormControlLabel
              control={<Checkbox checked={withOriginal} onChange={(_, on) => setWithOriginal(on)} />}
              label="Change original prices by the same percentage"
            />
          )}
          {problems.length > 0 && (
            <Alert severity="error" role="alert">
              {problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={() => void apply()} disabled={busy}>
          {busy ? 'Saving…' : 'Apply'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
