import { Box } from '@mui/material';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
} from 'react-admin';
import { hsnError } from '@/gst/tax-rate-rules';
import { HsnRateToday } from '@/products/hsn-rate';
import { ProductPictures } from '@/products/product-pictures';
import {
  type ProductFormValues,
  nonNegativeStock,
  requiredCategory,
  requiredName,
  validOriginalPrice,
  validPrice,
  validReturnWindow,
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

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

/**
 * GST's HSN code (with the rate it resolves to today) and what the Legal Metrology (Packaged
 * Commodities) Rules ask an online listing to declare: origin, manufacturer or importer, net quantity.
 */
function Declarations() {
  return (
    <>
      <Box sx={row}>
        <TextInput source="hsn_code" label="HSN code" validate={hsnError} helperText="4, 6 or 8 digits" />
        <FormDataConsumer<ProductFormValues>>
          {({ formData }) => <HsnRateToday hsn={formData.hsn_code} />}
        </FormDataConsumer>
      </Box>
      <Box sx={row}>
        <TextInput source="country_of_origin" label="Country of origin" />
        <TextInput
          source="net_quantity"
          label="Net quantity"
          helperText="“1 N” is one unit; a set: “1 set (3 pieces)”"
        />
      </Box>
      <TextInput
        source="manufacturer"
        label="Manufacturer (name and address)"
        helperText="Or the packer; empty: the store’s legal name and address are shown"
        multiline
        fullWidth
      />
      <TextInput
        source="importer"
        label="Importer (name and address)"
        helperText="Only for imported goods"
        multiline
        fullWidth
      />
    </>
  );
}

/**
 * The product's return terms (issue 19), copied onto each order line when it is ordered: a product
 * that is not returnable is still taken back for a fault (damaged, defective, not as described,
 * wrong item) inside the window.
 */
function ReturnTerms() {
  return (
    <Box sx={row}>
      <BooleanInput
        source="returnable"
        label="Returnable"
        helperText="Off: returned only for damage, a defect or a wrong item (e.g. made to order)"
      />
      <NumberInput
        source="return_window_days"
        label="Return window (days, blank = store default)"
        min={1}
        max={365}
        step={1}
        validate={validReturnWindow}
        helperText="Days after delivery"
        sx={{ minWidth: 300 }}
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
      defaultValues={{
        stock_quantity: 0,
        in_stock: true,
        is_active: true,
        featured: false,
        is_large: false,
        returnable: true,
        hsn_code: '9403',
        country_of_origin: 'India',
        net_quantity: '1 N',
      }}
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
      <ProductPictures />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="dimensions" />
        <TextInput source="material" />
        <TextInput source="color" />
        <TextInput source="weight" />
      </Box>
      <Declarations />
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
        source="is_active"
        label="Active (on sale)"
        helperText="Off: hidden from the storefront and from new orders; past orders and reviews stay"
      />
      <BooleanInput
        source="is_large"
        label="Large item (two-person delivery)"
        helperText="Zones may charge extra for large items or not deliver them"
      />
      <ReturnTerms />
    </SimpleForm>
  );
}
