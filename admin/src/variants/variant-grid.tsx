import {
  Alert,
  Box,
  Button,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { toAdminError } from '@/lib/errors';
import { AdjustStockDialog } from '@/stock/adjust-dialog';
import type { AdjustTarget } from '@/stock/adjust-form';
import { BulkPriceDialog } from '@/variants/bulk-price-dialog';
import { VariantDetailsDialog } from '@/variants/variant-details-dialog';
import type { VariantRecord } from '@/variants/variant-queries';
import { VariantRow } from '@/variants/variant-row';

const HEADERS = [
  'SKU',
  'Title',
  'Price (₹)',
  'Original (₹)',
  'On hand',
  'Reserved',
  'Available',
  'Lead time',
  'Made to order',
  'Active',
  'Default',
  'Actions',
];

const target = (v: VariantRecord): AdjustTarget => ({
  id: v.id,
  sku: v.sku,
  stock_quantity: v.stock_quantity,
});

/**
 * The product's variants in one table: each row edits in place and saves on its own; selected rows
 * get a bulk price edit or one stock adjustment. Refusals stay listed above the table, by SKU,
 * until that row saves.
 */
export function VariantGrid({ variants, onChanged }: { variants: VariantRecord[]; onChanged: () => void }) {
  const dataProvider = useDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const notify = useNotify();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [adjusting, setAdjusting] = useState<AdjustTarget[]>([]);
  const [pricing, setPricing] = useState<VariantRecord[]>([]);
  const [details, setDetails] = useState<VariantRecord | null>(null);
  const [deleting, setDeleting] = useState<VariantRecord | null>(null);
  const chosen = variants.filter((v) => selected.has(v.id));
  const report = (sku: string, found: string[]) =>
    setProblems((p) => {
      const { [sku]: _, ...rest } = p;
      return found.length > 0 ? { ...rest, [sku]: found } : rest;
    });
  const select = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async (variant: VariantRecord) => {
    setDeleting(null);
    try {
      await dataProvider.delete('product_variants', { id: variant.id, previousData: variant });
      notify(`Variant ${variant.sku} deleted`, { type: 'success' });
      report(variant.sku, []);
      select(variant.id, false);
      onChanged();
    } catch (error) {
      void logoutIfAccessDenied(error);
      report(variant.sku, [toAdminError(error).message]);
    }
  };

  const messages = Object.entries(problems).flatMap(([sku, list]) => list.map((m) => `${sku}: ${m}`));
  return (
    <Box component="section" aria-labelledby="variants-title">
      <Typography id="variants-title" variant="h6" component="h3">
        Variants ({variants.length})
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }} alignItems="center">
        <Typography variant="body2">{chosen.length} selected</Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={chosen.length === 0}
          onClick={() => setPricing(chosen)}
        >
          Edit prices
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={chosen.length === 0}
          onClick={() => setAdjusting(chosen.map(target))}
        >
          Adjust stock
        </Button>
      </Stack>
      {messages.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {messages.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-labelledby="variants-title">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={variants.length > 0 && chosen.length === variants.length}
                  indeterminate={chosen.length > 0 && chosen.length < variants.length}
                  onChange={(_, on) => setSelected(on ? new Set(variants.map((v) => v.id)) : new Set())}
                  slotProps={{ input: { 'aria-label': 'Select all variants' } }}
                />
              </TableCell>
              {HEADERS.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {variants.map((v) => (
              <VariantRow
                key={`${v.id}-${v.updated_at}`}
                variant={v}
                selected={selected.has(v.id)}
                onSelect={(on) => select(v.id, on)}
                onAdjust={() => setAdjusting([target(v)])}
                onDetails={() => setDetails(v)}
                onDelete={() => setDeleting(v)}
                onSaved={onChanged}
                onProblem={report}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <AdjustStockDialog targets={adjusting} onClose={() => setAdjusting([])} onDone={onChanged} />
      <BulkPriceDialog variants={pricing} onClose={() => setPricing([])} onDone={onChanged} />
      {details && (
        <VariantDetailsDialog
          key={details.id}
          variant={details}
          onClose={() => setDetails(null)}
          onSaved={onChanged}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title="Delete variant"
        content={`Delete ${deleting?.sku ?? ''}? A variant that has been ordered cannot be deleted: deactivate it instead.`}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
