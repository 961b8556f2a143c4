import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useGetList, useNotify } from 'react-admin';
import { ValueDialog } from '@/attributes/value-dialog';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';

type Value = Row<'attribute_values'>;

/** The attribute's values in order, each edited or deleted on its own, and Add value. */
export function AttributeValues({ attributeId }: { attributeId: number }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const {
    data = [],
    error,
    refetch,
  } = useGetList<Value>('attribute_values', {
    filter: { attribute_id: attributeId },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'position', order: 'ASC' },
  });
  const [editing, setEditing] = useState<Value | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Value | null>(null);
  const [remove] = useDelete();
  const confirmDelete = () => {
    const v = deleting;
    setDeleting(null);
    if (!v) return;
    void remove(
      'attribute_values',
      { id: v.id, previousData: v },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`${v.value} deleted`, { type: 'success' });
          void refetch();
        },
        onError: (e) => notifyError(e, 'Not deleted'),
      },
    );
  };
  return (
    <Card variant="outlined" sx={{ m: 2 }} component="section" aria-labelledby="attribute-values-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography id="attribute-values-title" variant="h6" component="h2">
            Values
          </Typography>
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add value
          </Button>
        </Box>
        {error && <Alert severity="error">Could not load the values. Reload the page.</Alert>}
        <Table size="small" aria-labelledby="attribute-values-title">
          <TableHead>
            <TableRow>
              <TableCell>Value</TableCell>
              <TableCell>URL slug</TableCell>
              <TableCell align="right">Order</TableCell>
              <TableCell>Swatch</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{v.value}</TableCell>
                <TableCell>{v.slug}</TableCell>
                <TableCell align="right">{v.position}</TableCell>
                <TableCell>
                  {v.swatch_color && (
                    <Box
                      component="span"
                      aria-label={`Swatch ${v.swatch_color}`}
                      role="img"
                      sx={{
                        display: 'inline-block',
                        width: 16,
                        height: 16,
                        bgcolor: v.swatch_color,
                        border: 1,
                      }}
                    />
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setEditing(v)} aria-label={`Edit ${v.value}`}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(v)}
                    aria-label={`Delete ${v.value}`}
                  >
                    Delete
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {data.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>No values yet: add the first one.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
      {editing && (
        <ValueDialog
          attributeId={attributeId}
          value={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title={`Delete ${deleting?.value ?? 'the value'}`}
        content="Products tagged with it lose it, and the storefront’s filter no longer offers it."
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
