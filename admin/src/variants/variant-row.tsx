import { Button, Checkbox, Radio, Stack, TableCell, TableRow, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { TablesUpdate } from 'shared/types/database';
import { useSaveVariant } from '@/variants/use-save-variant';
import type { VariantRecord } from '@/variants/variant-queries';
import { toVariantDraft, variantUpdate, type VariantDraft } from '@/variants/variant-draft';

const narrow = { width: 110 } as const;

/**
 * One variant, edited in place: SKU, title, prices, lead time and flags saved through the data
 * provider (a PATCH of what changed); stock is read-only here and moves through Adjust. A refusal
 * (duplicate SKU, original price below the price, …) is reported by `onProblem` in staff's words.
 * The grid keys rows by id and updated_at, so a saved change starts a fresh draft.
 */
export function VariantRow({
  variant,
  selected,
  onSelect,
  onAdjust,
  onDetails,
  onDelete,
  onSaved,
  onProblem,
}: {
  variant: VariantRecord;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAdjust: () => void;
  onDetails: () => void;
  onDelete: () => void;
  onSaved: () => void;
  onProblem: (sku: string, problems: string[]) => void;
}) {
  const notify = useNotify();
  const [draft, setDraft] = useState<VariantDraft>(() => toVariantDraft(variant));
  const { save: saveVariant, saving } = useSaveVariant(variant);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toVariantDraft(variant));
  const name = variant.title || variant.sku;
  const set = (key: keyof VariantDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const flip = (key: 'made_to_order' | 'is_active') => (_: unknown, on: boolean) =>
    setDraft((d) => ({ ...d, [key]: on }));

  const save = async (changes: TablesUpdate<'product_variants'>) => {
    const refused = await saveVariant(changes);
    onProblem(variant.sku, refused ? [refused] : []);
    if (refused) return;
    notify(`Variant ${changes.sku ?? variant.sku} saved`, { type: 'success' });
    onSaved();
  };
  const submit = () => {
    const checked = variantUpdate(draft, variant);
    onProblem(variant.sku, checked.problems);
    if (checked.problems.length === 0 && Object.keys(checked.update).length > 0) void save(checked.update);
  };

  return (
    <TableRow selected={selected} hover>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={(_, on) => onSelect(on)}
          slotProps={{ input: { 'aria-label': `Select ${name}` } }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft.sku}
          onChange={set('sku')}
          label={`SKU, ${name}`}
          sx={{ width: 170 }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          value={draft.title}
          onChange={set('title')}
          label={`Title, ${name}`}
          placeholder="From the options"
          sx={{ width: 180 }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={draft.price}
          onChange={set('price')}
          label={`Price, ${name}`}
          sx={narrow}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={draft.original_price}
          onChange={set('original_price')}
          label={`Original price, ${name}`}
          sx={narrow}
        />
      </TableCell>
      <TableCell align="right">{variant.stock_quantity}</TableCell>
      <TableCell align="right">{variant.reserved_quantity ?? 0}</TableCell>
      <TableCell align="right">{variant.available_quantity ?? variant.stock_quantity}</TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={draft.lead_time_days}
          onChange={set('lead_time_days')}
          label={`Lead time (days), ${name}`}
          sx={{ width: 90 }}
        />
      </TableCell>
      <TableCell padding="checkbox">
        <Checkbox
          checked={draft.made_to_order}
          onChange={flip('made_to_order')}
          slotProps={{ input: { 'aria-label': `Made to order, ${name}` } }}
        />
      </TableCell>
      <TableCell padding="checkbox">
        <Checkbox
          checked={draft.is_active}
          disabled={variant.is_default}
          onChange={flip('is_active')}
          slotProps={{ input: { 'aria-label': `Active, ${name}` } }}
        />
      </TableCell>
      <TableCell padding="checkbox">
        <Radio
          checked={variant.is_default}
          disabled={saving || !variant.is_active}
          onChange={() => void save({ is_default: true })}
          slotProps={{ input: { 'aria-label': `Default variant, ${name}` } }}
        />
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5}>
          <Button
            size="small"
            variant="contained"
            disabled={!dirty || saving}
            onClick={submit}
            aria-label={`Update ${name}`}
          >
            {saving ? 'Saving…' : 'Update'}
          </Button>
          <Button size="small" onClick={onDetails} aria-label={`Details of ${name}`}>
            Details
          </Button>
          <Button size="small" onClick={onAdjust} aria-label={`Adjust stock of ${name}`}>
            Adjust
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            disabled={variant.is_default}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
