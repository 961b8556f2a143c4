import { Skeleton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { AddProductButton, ProductRowActions } from '@/products/product-actions';
import { FeaturedBadge, InStockBadge } from '@/products/product-badges';
import { priceLabel, truncate } from '@/products/product-row';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';

export const productFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search products" />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    sort={{ field: 'sort_order', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput optionText="name" label="Category" emptyText="All Categories" />
  </ReferenceInput>,
];

/** The spec's 5 skeleton rows while the first page loads. */
function ProductRowsSkeleton() {
  return (
    <Table aria-label="Loading products">
      <TableBody>
        {Array.from({ length: 5 }, (_, i) => (
          <TableRow key={i} data-testid="product-skeleton">
            <TableCell>
              <Skeleton variant="rectangular" width={48} height={48} />
            </TableCell>
            <TableCell>
              <Skeleton width="60%" />
            </TableCell>
            <TableCell>
              <Skeleton width="40%" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ProductGrid() {
  const { isPending } = useListContext();
  if (isPending) return <ProductRowsSkeleton />;
  return (
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <FunctionField
        label="Image"
        render={(r: Row<'products'>) =>
          r.image_url ? (
            <img src={r.image_url} alt="" width={48} height={48} style={{ objectFit: 'cover' }} />
          ) : null
        }
      />
      <TextField source="name" />
      <ReferenceField
        source="category_id"
        reference="categories"
        label="Category"
        link={false}
        sortable={false}
      />
      <TextField source="hsn_code" label="HSN" />
      <FunctionField
        label="Description"
        sortable={false}
        render={(r: Row<'products'>) => truncate(r.description)}
      />
      <FunctionField source="price" label="Price" render={(r: Row<'products'>) => priceLabel(r)} />
      <NumberField source="stock_quantity" label="Stock" />
      <FunctionField source="featured" label="Featured" render={() => <FeaturedBadge />} />
      <FunctionField source="in_stock" label="Availability" render={() => <InStockBadge />} />
      <FunctionField label="Actions" render={() => <ProductRowActions />} />
    </Datagrid>
  );
}

export function ProductList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={productFilters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <AddProductButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <ProductGrid />
    </List>
  );
}
