import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Paper, Stack, TextField } from '@mui/material';
import type { OptionDraft } from '@/variants/options-draft';

const SWATCH = /^#[0-9a-f]{6}$/i;

/**
 * One option of the editor: its name and its values, each with an optional swatch colour and a
 * preview dot. Labels name the option ("Fabric value 2") so each input is told apart by ear too.
 */
export function OptionCard({
  index,
  option,
  onChange,
  onRemove,
}: {
  index: number;
  option: OptionDraft;
  onChange: (change: (o: OptionDraft) => OptionDraft) => void;
  onRemove: () => void;
}) {
  const name = option.name.trim() || `Option ${index + 1}`;
  const setValue = (k: number, key: 'value' | 'swatch_color', text: string) =>
    onChange((o) => ({ ...o, values: o.values.map((v, j) => (j === k ? { ...v, [key]: text } : v)) }));
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <TextField
          size="small"
          label={`Option ${index + 1} name`}
          value={option.name}
          onChange={(e) => onChange((o) => ({ ...o, name: e.target.value }))}
        />
        <IconButton aria-label={`Remove option ${name}`} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      <Stack spacing={1}>
        {option.values.map((value, k) => (
          <Stack key={value.id ?? `new-${k}`} direction="row" spacing={1} alignItems="center">
            <TextField
              size="small"
              label={`${name} value ${k + 1}`}
              value={value.value}
              onChange={(e) => setValue(k, 'value', e.target.value)}
            />
            <TextField
              size="small"
              label={`Swatch of ${name} value ${k + 1}`}
              placeholder="#rrggbb"
              value={value.swatch_color}
              onChange={(e) => setValue(k, 'swatch_color', e.target.value)}
              sx={{ width: 200 }}
            />
            <Box
              aria-hidden
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                border: '1px solid',
                borderColor: 'divider',
                bgcolor: SWATCH.test(value.swatch_color) ? value.swatch_color : 'transparent',
              }}
            />
            <IconButton
              aria-label={`Remove ${name} value ${value.value || k + 1}`}
              onClick={() => onChange((o) => ({ ...o, values: o.values.filter((_, j) => j !== k) }))}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              onChange((o) => ({ ...o, values: [...o.values, { value: '', swatch_color: '' }] }))
            }
          >
            Add value to {name}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
