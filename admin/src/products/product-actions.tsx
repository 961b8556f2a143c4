import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Button, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  useBasename,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Row } from '@/lib/database';

/**
 * Edit (the spec's /admin/products/edit/{id}) and Delete with the spec's confirmation, for staff
 * with catalog.write (owner, catalog); the others see the row without them.
 */
export function ProductRowActions() {
  const record = useRecordContext<Row<'products'>>();
  const { canAccess: mayEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  const { canAccess: mayDelete } = useCanAccess({ resource: 'products', action: 'delete' });
  const basename = useBasename();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // Hook-level callbacks: the row unmounts when the product leaves the list, and react-query skips
  // callbacks passed to mutate() once their component is gone.
  const [remove, { isPending }] = useDelete(undefined, undefined, {
    mutationMode: 'pessimistic',
    onSuccess: () => {
      notify('Product deleted successfully!', { type: 'success' });
      refresh();
    },
    onError: () => notify('Failed to delete product', { type: 'error' }),
  });
  if (!record || (!mayEdit && !mayDelete)) return null;
  const confirm = () => {
    setOpen(false);
    remove('products', { id: record.id, previousData: record });
  };
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {mayEdit && (
        <IconButton
          component={Link}
          to={`${basename}/products/edit/${record.id}`}
          aria-label={`Edit ${record.name}`}
          size="small"
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {mayDelete && (
        <IconButton
          aria-label={`Delete ${record.name}`}
          size="small"
          color="error"
          onClick={() => setOpen(true)}
          disabled={isPending}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
      <Confirm
        isOpen={open}
        title="Delete product"
        content="Are you sure you want to delete this product?"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}

export function AddProductButton() {
  const basename = useBasename();
  const { canAccess } = useCanAccess({ resource: 'products', action: 'create' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={`${basename}/products/add`} variant="contained" size="small">
      Add Product
    </Button>
  );
}
