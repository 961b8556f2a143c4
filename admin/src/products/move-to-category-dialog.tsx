import CategoryIcon from '@mui/icons-material/Category';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Button as MuiButton,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { Button, useGetList, useListContext, useNotify, useUnselectAll, useUpdateMany } from 'react-admin';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { productsNoun } from '@/products/product-bulk-price';

/**
 * Moves the selected products to one category: a PATCH of category_id, undoable like the flags
 * (the list shows the move at once; nothing is sent until the notification closes). The button owns
 * the mutation, so its callbacks outlive the dialog.
 */
export function MoveToCategoryButton() {
  const { selectedIds } = useListContext<Row<'products'>>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const unselectAll = useUnselectAll('products');
  const [open, setOpen] = useState(false);
  const [updateMany, { isPending }] = useUpdateMany();
  const move = (category: Row<'categories'>) => {
    const count = selectedIds.length;
    setOpen(false);
    void updateMany(
      'products',
      { ids: selectedIds, data: { category_id: category.id } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify(`${productsNoun(count)} moved to ${category.name}`, { type: 'info', undoable: true });
          unselectAll();
        },
        onError: (error) => notifyError(error, 'Not moved'),
      },
    );
  };
  return (
    <>
      <Button label="Move to category" onClick={() => setOpen(true)} disabled={isPending}>
        <CategoryIcon />
      </Button>
      {open && (
        <MoveToCategoryDialog count={selectedIds.length} onClose={() => setOpen(false)} onMove={move} />
      )}
    </>
  );
}

function MoveToCategoryDialog({
  count,
  onClose,
  onMove,
}: {
  count: number;
  onClose: () => void;
  onMove: (category: Row<'categories'>) => void;
}) {
  const { data: categories = [] } = useGetList<Row<'categories'>>('categories', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  const [categoryId, setCategoryId] = useState('');
  const chosen = categories.find((c) => String(c.id) === categoryId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="move-category-title" fullWidth maxWidth="xs">
      <DialogTitle id="move-category-title">Move {productsNoun(count).toLowerCase()}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="Category"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          fullWidth
          sx={{ mt: 1 }}
        >
          {categories.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Cancel</MuiButton>
        <MuiButton variant="contained" onClick={() => chosen && onMove(chosen)} disabled={!chosen}>
          Move
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
