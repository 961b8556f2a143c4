import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';

/** A picture that is already online (the storefront's generated /images/products/… ones), by address. */
export function pictureAddressProblem(value: string): string | null {
  const url = value.trim();
  if (url === '') return 'Type the picture’s address first.';
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  return /^https?:\/\/[^\s/]+\/\S*$/.test(url) ? null : 'A picture’s address starts with https:// or /.';
}

export function PictureAddress({ onAdd }: { onAdd: (url: string) => void }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const refused = pictureAddressProblem(value);
    setProblem(refused);
    if (refused) return;
    onAdd(value.trim());
    setValue('');
  };
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ mt: 1 }}>
      <TextField
        size="small"
        label="Or add a picture by its address"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        error={problem !== null}
        helperText={problem ?? ' '}
        sx={{ flex: 1, maxWidth: 560 }}
      />
      <Button variant="outlined" onClick={add}>
        Add
      </Button>
    </Stack>
  );
}
