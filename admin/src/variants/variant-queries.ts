import { useGetList } from 'react-admin';
import type { Tables } from 'shared/types/database';
import type { Row } from '@/lib/database';
import type { OptionRows } from '@/variants/options-draft';

/** A variant as the grid reads it: its row, live reserved/available stock, and its option values. */
export type VariantRecord = Row<'product_variants'> & {
  option_values: Pick<Tables<'variant_option_values'>, 'option_id' | 'value_id'>[];
};

/** A product's option with its values, as the options editor reads it. */
export type OptionRecord = OptionRows;

const VARIANT_COLUMNS = [
  '*',
  'reserved_quantity',
  'available_quantity',
  'option_values:variant_option_values(option_id,value_id)',
];
const OPTION_COLUMNS = [
  'id',
  'name',
  'position',
  'values:product_option_values(id,value,swatch_color,position)',
];

/** Every variant of a product (staff see inactive ones too), in the product's order. */
export function useProductVariants(productId: number) {
  return useGetList<VariantRecord>('product_variants', {
    filter: { product_id: productId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'position', order: 'ASC' },
    meta: { columns: VARIANT_COLUMNS },
  });
}

export function useProductOptions(productId: number) {
  return useGetList<OptionRecord>('product_options', {
    filter: { product_id: productId },
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'position', order: 'ASC' },
    meta: { columns: OPTION_COLUMNS },
  });
}
