import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useGetOne, useNotify, useRecordContext } from 'react-admin';
import { sameValues, toggleValue } from '@/attributes/attribute-rules';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';

type AttributeWithValues = Row<'attributes'> & {
  values: Pick<Row<'attribute_values'>, 'id' | 'value' | 'position'>[];
};
const COLUMNS = [
  'id',
  'name',
  'code',
  'position',
  'all_categories',
  'values:attribute_values(id,value,position)',
];

/** One attribute's values as a group of checkboxes (a fieldset named by the attribute). */
function AttributeGroup({
  attribute,
  ticked,
  onChange,
}: {
  attribute: AttributeWithValues;
  ticked: number[];
  onChange: (id: number, on: boolean) => void;
}) {
  const values = [...attribute.values].sort((a, b) => a.position - b.position || a.id - b.id);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle2">
        {attribute.name}
        {attribute.all_categories ? '' : ' (some categories only)'}
      </Typography>
      <FormGroup row>
        {values.map((v) => (
          <FormControlLabel
            key={v.id}
            control={
              <Checkbox checked={ticked.includes(v.id)} onChange={(e) => onChange(v.id, e.target.checked)} />
            }
            label={v.value}
          />
        ))}
        {values.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No values yet (Attributes).
          </Typography>
        )}
      </FormGroup>
    </Box>
  );
}

/**
 * The product edit page's Filters: which attribute values the product has (material, colour,
 * seating…), saved on its own with admin_set_product_attributes (the whole set at once); the
 * storefront's filters and their counts read them.
 */
export function ProductFilters() {
  const record = useRecordContext<Row<'products'>>();
  const productId = record?.id ?? 0;
  const notify = useNotify();
  const { data: product = record, refetch } = useGetOne<Row<'products'>>(
    'products',
    { id: productId },
    { enabled: productId !== 0 },
  );
  const { data: attributes, error } = useGetList<AttributeWithValues>('attributes', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'position', order: 'ASC' },
    meta: { columns: COLUMNS },
  });
  const saved = product?.attribute_value_ids ?? [];
  const [ticked, setTicked] = useState<number[] | null>(null);
  const current = ticked ?? saved;
  const save = useAdminMutation(storeApi.setProductAttributes, {
    failure: 'The filters were not saved',
    onSuccess: () => {
      notify('Filters saved', { type: 'success' });
      setTicked(null);
      void refetch();
    },
  });
  if (!product) return null;
  const changed = !sameValues(current, saved);
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="product-filters-title">
      <CardContent>
        <Typography id="product-filters-title" variant="h5" component="h2" sx={{ mb: 1 }}>
          Filters
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          What shoppers can filter this product by. Saved on its own, not with the form above.
        </Typography>
        {error && <Alert severity="error">Could not load the attributes. Reload the page.</Alert>}
        {attributes?.map((a) => (
          <AttributeGroup
            key={a.id}
            attribute={a}
            ticked={current}
            onChange={(id, on) => setTicked(toggleValue(current, id, on))}
          />
        ))}
        {attributes?.length === 0 && (
          <Typography variant="body2">No attributes yet: add them under Attributes.</Typography>
        )}
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() => void save.mutate({ product_id: product.id, value_ids: current })}
        >
          Update filters
        </Button>
      </CardContent>
    </Card>
  );
}
