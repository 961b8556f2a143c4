import { Skeleton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import {
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { AddProductButton, ProductRowActions } from '@/products/product-actions';
import { ExportProductsCsvButton, ImportProductsButton } from '@/products/product-csv-buttons';
import { FeaturedBadge, InStockBadge } from '@/products/product-badges';
import { ProductBulkActions } from '@/products/product-bulk-actions';
import { priceLabel, truncate } from '@/products/product-row';
import { SavedQueriesAside } from '@/layout/saved-queries-aside';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';

const Column = DataTable.Col<Row<'products'>>;

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
    <DataTable rowClick={false} bulkActionButtons={<ProductBulkActions />}>
      <Column
        label="Image"
        render={(r) =>
          r.image_url ? (
            <img src={r.image_url} alt="" width={48} height={48} style={{ objectFit: 'cover' }} />
          ) : null
        }
      />
      <Column source="name" />
      <Column source="category_id" label="Category" disableSort>
        <ReferenceField source="category_id" reference="categories" link={false} />
      </Column>
      <Column source="hsn_code" label="HSN" />
      <Column label="Description" render={(r) => truncate(r.description)} />
      <Column source="price" label="Price" render={(r) => priceLabel(r)} />
      <DataTable.NumberCol source="stock_quantity" label="Stock" />
      <Column source="featured" label="Featured">
        <FeaturedBadge />
      </Column>
      <Column source="in_stock" label="Availability">
        <InStockBadge />
      </Column>
      <Column source="is_active" label="Active" render={(r) => (r.is_active ? 'Active' : 'Inactive')} />
      <Column label="Actions">
        <ProductRowActions />
      </Column>
    </DataTable>
  );
}

export function ProductList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={productFilters}
      aside={<SavedQueriesAside />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <AddProductButton />
          <FilterButton />
          <ExportButton />
          <ExportProductsCsvButton />
          <ImportProductsButton />
        </TopToolbar>
      }
    >
      <ProductGrid />
    </List>
  );
}
