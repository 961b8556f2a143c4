import { Box } from '@mui/material';
import {
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { ImageUpload } from '@/products/image-upload';
import {
  nonNegativeStock,
  requiredCategory,
  requiredName,
  validOriginalPrice,
  validPrice,
} from '@/products/product-row';

const joinLines = (v: unknown) =>
  Array.isArray(v) ? v.join('\n') : ((v as string | null | undefined) ?? '');
const keep = (v: string) => v;

/**
 * On add: the price, original price and opening stock of the product's default variant (the
 * database makes it from the new row, and records the stock as an 'import' movement by the staff
 * member: one insert, nothing half-made). On edit these belong to the variants (Options & variants
 * below the form) and are not in the form.
 */
function CreatePricing() {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
      <NumberInput source="price" label="Price (₹)" validate={validPrice} min={0} step={0.01} />
      <NumberInput
        source="original_price"
        label="Original Price (₹)"
        min={0}
        step={0.01}
        validate={validOriginalPrice}
      />
      <NumberInput
        source="stock_quantity"
        label="Stock Quantity"
        min={0}
        step={1}
        validate={nonNegativeStock}
        helperText="Opening stock, kept in the stock log"
      />
    </Box>
  );
}

/** Every product field, shared by add and edit; the save's transform (product-row.ts) cleans it up. */
export function ProductForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable />
        </Toolbar>
      }
      defaultValues={{ stock_quantity: 0, in_stock: true, featured: false, is_large: false }}
      // the variants section refetches the product (its price summary): keep what staff typed
      resetOptions={{ keepDirtyValues: true }}
    >
      <TextInput source="name" label="Product Name" validate={requiredName} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      {mode === 'create' && <CreatePricing />}
      <ReferenceInput
        source="category_id"
        reference="categories"
        sort={{ field: 'sort_order', order: 'ASC' }}
      >
        <SelectInput optionText="name" label="Category" validate={requiredCategory} />
      </ReferenceInput>
      <TextInput source="image_url" label="Main Image URL" fullWidth />
      <ImageUpload />
      <TextInput
        source="images"
        label="Additional Image URLs (one per line)"
        multiline
        minRows={2}
        fullWidth
        format={joinLines}
        parse={keep}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="dimensions" />
        <TextInput source="material" />
        <TextInput source="color" />
        <TextInput source="weight" />
      </Box>
      <TextInput
        source="specifications.features"
        label="Features (one per line)"
        multiline
        minRows={2}
        fullWidth
        format={joinLines}
        parse={keep}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="specifications.warranty" label="Warranty" />
        <TextInput source="specifications.assembly" label="Assembly" />
      </Box>
      <BooleanInput source="featured" label="Featured" />
      <BooleanInput source="in_stock" label="In Stock" />
      <BooleanInput
        source="is_large"
        label="Large item (two-person delivery)"
        helperText="Zones may charge extra for large items or not deliver them"
      />
    </SimpleForm>
  );
}
