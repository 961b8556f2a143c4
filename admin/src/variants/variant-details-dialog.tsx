import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { toList } from '@/products/product-row';
import { useSaveVariant } from '@/variants/use-save-variant';
import type { VariantRecord } from '@/variants/variant-queries';

type Details = { images: string; dimensions: string; weight: string; low_stock_threshold: string };

const toDetails = (v: VariantRecord): Details => ({
  images: (v.images ?? []).join('\n'),
  dimensions: v.dimensions ?? '',
  weight: v.weight ?? '',
  low_stock_threshold: v.low_stock_threshold === null ? '' : String(v.low_stock_threshold),
});

/**
 * A variant's pictures, dimensions, weight and low-stock threshold: empty means "the product's"
 * (and the store's threshold), as the storefront reads them.
 */
export function VariantDetailsDialog({
  variant,
  onClose,
  onSaved,
}: {
  variant: VariantRecord;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const { save, saving } = useSaveVariant(variant);
  const [details, setDetails] = useState<Details>(() => toDetails(variant));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Details) => (e: { target: { value: string } }) =>
    setDetails({ ...details, [key]: e.target.value });

  const submit = async () => {
    const images = toList(details.images);
    const threshold = details.low_stock_threshold.trim();
    if (images.length > 10) return setProblem('At most 10 pictures per variant.');
    if (threshold !== '' && !/^\d+$/.test(threshold))
      return setProblem('The threshold is a whole number ≥ 0.');
    const refused = await save({
      images: images.length > 0 ? images : null,
      dimensions: details.dimensions.trim() || null,
      weight: details.weight.trim() || null,
      low_stock_threshold: threshold === '' ? null : Number(threshold),
    });
    if (refused) return setProblem(refused);
    notify(`Variant ${variant.sku} saved`, { type: 'success' });
    onSaved();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="variant-details-title" fullWidth>
      <DialogTitle id="variant-details-title">
        {variant.title || 'Variant'} ({variant.sku})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Picture URLs (one per line)"
            value={details.images}
            onChange={set('images')}
            multiline
            minRows={3}
            helperText="Empty: the product's pictures. The first is the variant's main picture."
          />
          <TextField
            label="Dimensions"
            value={details.dimensions}
            onChange={set('dimensions')}
            helperText="Empty: the product's"
          />
          <TextField
            label="Weight"
            value={details.weight}
            onChange={set('weight')}
            helperText="Empty: the product's"
          />
          <TextField
            label="Low-stock threshold"
            type="number"
            value={details.low_stock_threshold}
            onChange={set('low_stock_threshold')}
            helperText="Empty: the store's setting"
          />
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          Update details
        </Button>
      </DialogActions>
    </Dialog>
  );
}
