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
import { nonNegativeStock, requiredCategory, requiredName, validPrice } from '@/products/product-row';

const joinLines = (v: unknown) =>
  Array.isArray(v) ? v.join('\n') : ((v as string | null | undefined) ?? '');
const keep = (v: string) => v;

/** Every product field, shared by add and edit; toProductRow (the save's transform) cleans it up. */
export function ProductForm() {
  return (
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable />
        </Toolbar>
      }
      defaultValues={{ stock_quantity: 0, in_stock: true, featured: false }}
    >
      <TextInput source="name" label="Product Name" validate={requiredName} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <NumberInput source="price" label="Price (₹)" validate={validPrice} min={0} step={0.01} />
        <NumberInput source="original_price" label="Original Price (₹)" min={0} step={0.01} />
        <NumberInput
          source="stock_quantity"
          label="Stock Quantity"
          min={0}
          step={1}
          validate={nonNegativeStock}
        />
      </Box>
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
    </SimpleForm>
  );
}
