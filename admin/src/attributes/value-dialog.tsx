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
import { useCreate, useNotify, useUpdate } from 'react-admin';
import { toValueRow, valueDraftErrors, type ValueDraft } from '@/attributes/attribute-rules';
import type { Row } from '@/lib/database';
import { toAdminError } from '@/lib/errors';

type Value = Row<'attribute_values'>;

const draftOf = (v?: Value): ValueDraft => ({
  value: v?.value ?? '',
  slug: v?.slug ?? '',
  position: String(v?.position ?? 0),
  swatch_color: v?.swatch_color ?? '',
});

/** Add a value to an attribute, or edit one (its own row: saved at once, checked first). */
export function ValueDialog({
  attributeId,
  value,
  onClose,
  onSaved,
}: {
  attributeId: number;
  value?: Value;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [draft, setDraft] = useState<ValueDraft>(draftOf(value));
  const [errors, setErrors] = useState<ReturnType<typeof valueDraftErrors>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const field = (key: keyof ValueDraft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
    error: errors[key] !== undefined,
  });
  const options = {
    onSuccess: () => {
      notify(value ? 'Value saved' : 'Value added', { type: 'success' });
      onSaved();
    },
    onError: (e: unknown) => setRefused(toAdminError(e).message),
  };
  const save = () => {
    const problems = valueDraftErrors(draft);
    setErrors(problems);
    setRefused(null);
    if (Object.keys(problems).length > 0) return;
    const row = toValueRow(draft);
    if (value) void update('attribute_values', { id: value.id, data: row, previousData: value }, options);
    else void create('attribute_values', { data: { ...row, attribute_id: attributeId } }, options);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="value-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="value-dialog-title">{value ? `Edit ${value.value}` : 'Add a value'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Value"
            {...field('value')}
            helperText={errors.value ?? 'e.g. Sheesham wood'}
            autoFocus
          />
          <TextField
            label="URL slug"
            {...field('slug')}
            helperText={errors.slug ?? 'Blank: made from the value (sheesham-wood)'}
          />
          <TextField label="Order" {...field('position')} helperText={errors.position ?? ' '} />
          <TextField
            label="Swatch colour"
            {...field('swatch_color')}
            helperText={errors.swatch_color ?? 'Optional, #rrggbb (colours)'}
          />
        </Stack>
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not saved: {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={creating || updating}>
          Save value
        </Button>
      </DialogActions>
    </Dialog>
  );
}
