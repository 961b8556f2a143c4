import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { OptionCard } from '@/variants/option-card';
import {
  combinationCount,
  optionsProblems,
  toDraft,
  toOptionsPayload,
  type OptionDraft,
  type OptionRows,
} from '@/variants/options-draft';

/** Ids the saved options have that the draft no longer has: saving deletes them and their variants. */
function removedIds(saved: OptionRows[], draft: OptionDraft[]): number {
  const kept = new Set(draft.flatMap((o) => [o.id, ...o.values.map((v) => v.id)]));
  return saved.flatMap((o) => [o.id, ...o.values.map((v) => v.id)]).filter((id) => !kept.has(id)).length;
}

/**
 * A product's options ("Fabric", "Size") and their values, with a swatch colour for colours and
 * finishes. Saving replaces the whole set through admin_set_product_options: a removed value takes
 * its variants with it (refused for a variant that was ordered), a new option gives every variant
 * its first value. The section remounts it (key) when the saved options change.
 */
export function OptionsEditor({
  productId,
  saved,
  onSaved,
}: {
  productId: number;
  saved: OptionRows[];
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [draft, setDraft] = useState<OptionDraft[]>(() => toDraft(saved));
  const [problems, setProblems] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);

  const save = useAdminMutation(storeApi.setProductOptions, {
    onSuccess: () => {
      notify('Options saved', { type: 'success' });
      onSaved();
    },
    onError: (error) => setProblems([error.message]),
  });
  const submit = () => {
    setConfirm(false);
    void save.mutate({ product_id: productId, options: toOptionsPayload(draft) });
  };
  const trySave = () => {
    const found = optionsProblems(draft);
    setProblems(found);
    if (found.length > 0) return;
    if (removedIds(saved, draft) > 0) setConfirm(true);
    else submit();
  };

  const edit = (i: number, change: (o: OptionDraft) => OptionDraft) =>
    setDraft((d) => d.map((o, j) => (j === i ? change(o) : o)));

  return (
    <Box component="section" aria-labelledby="options-title" sx={{ mb: 3 }}>
      <Typography id="options-title" variant="h6" component="h3">
        Options
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Up to 5 options, e.g. Fabric (with swatch colours) and Size. {combinationCount(draft)} combination(s).
      </Typography>
      <Stack spacing={2}>
        {draft.map((option, i) => (
          <OptionCard
            key={option.id ?? `new-${i}`}
            index={i}
            option={option}
            onChange={(change) => edit(i, change)}
            onRemove={() => setDraft((d) => d.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
      {problems.length > 0 && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button
          startIcon={<AddIcon />}
          disabled={draft.length >= 5}
          onClick={() => setDraft((d) => [...d, { name: '', values: [{ value: '', swatch_color: '' }] }])}
        >
          Add option
        </Button>
        <Button variant="contained" onClick={trySave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Update options'}
        </Button>
      </Stack>
      <Confirm
        isOpen={confirm}
        title="Remove options or values?"
        content="Variants that use a removed option value are deleted with it. A variant that has been ordered cannot be deleted: deactivate it instead."
        onConfirm={submit}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
