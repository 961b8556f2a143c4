import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useUnselectAll } from 'react-admin';
import type { BulkPriceResult } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { applyPriceLabel, changeText, parsePercent, productsNoun } from '@/products/product-bulk-price';

/**
 * Price ± % for the selected products: Preview asks admin_bulk_price for a dry run (the database's
 * own rounding to whole rupees and its refusals, by SKU), Apply sends the same change for real, in one
 * transaction. Changing the percentage or the MRP box asks for a new preview.
 */
export function ProductBulkPriceDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('products');
  const [text, setText] = useState('');
  const [withOriginal, setWithOriginal] = useState(false);
  const [inputError, setInputError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkPriceResult | null>(null);
  const run = useAdminMutation(
    (percent: number, dryRun: boolean) =>
      storeApi.bulkPrice({ product_ids: ids, percent, with_original: withOriginal, dry_run: dryRun }),
    {
      onSuccess: (result) => {
        if (!result.applied) return setPreview(result);
        notify(
          `Prices changed: ${result.changes.length} variant(s) of ${productsNoun(ids.length).toLowerCase()}`,
          {
            type: 'success',
          },
        );
        unselectAll();
        refresh();
        onClose();
      },
      onError: (error) => setRefusal(error.message),
    },
  );
  const send = (dryRun: boolean) => {
    const parsed = parsePercent(text);
    setRefusal(null);
    if ('error' in parsed) return setInputError(parsed.error);
    setInputError(null);
    void run.mutate(parsed.percent, dryRun);
  };
  const edited = () => {
    setPreview(null);
    setRefusal(null);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-product-price-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-product-price-title">
        Change prices of {productsNoun(ids.length).toLowerCase()}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Change by (%)"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              edited();
            }}
            error={inputError !== null}
            helperText={
              inputError ?? 'e.g. 10 for 10 % more, −15 for 15 % off; every active variant, whole rupees'
            }
            autoFocus
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={withOriginal}
                onChange={(_, on) => {
                  setWithOriginal(on);
                  edited();
                }}
              />
            }
            label="Change original prices (MRP) by the same percentage"
          />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
          {preview && <PricePreview result={preview} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={() => send(true)} disabled={run.isPending}>
          Preview
        </Button>
        <Button
          variant="contained"
          onClick={() => send(false)}
          disabled={run.isPending || !preview || preview.refused.length > 0 || preview.changes.length === 0}
        >
          {preview ? applyPriceLabel(preview) : 'Apply'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PricePreview({ result }: { result: BulkPriceResult }) {
  return (
    <div aria-label="Price preview" role="region">
      {result.refused.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {result.refused.length} variant(s) cannot take this change, so nothing would be saved:
          {result.refused.map((r) => (
            <div key={r.variant_id}>{r.message}</div>
          ))}
        </Alert>
      )}
      <Typography variant="body2">
        {result.changes.length} variant(s) change, {result.unchanged} stay the same.
      </Typography>
      <List dense>
        {result.changes.slice(0, 50).map((c) => (
          <ListItem key={c.variant_id} disableGutters>
            <ListItemText primary={`${c.product_name} · ${c.sku}`} secondary={changeText(c)} />
          </ListItem>
        ))}
      </List>
      {result.changes.length > 50 && (
        <Typography variant="body2">and {result.changes.length - 50} more.</Typography>
      )}
    </div>
  );
}
