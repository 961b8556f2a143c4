import { DataTable, DateField, List, NumberField, ReferenceField, TextField } from 'react-admin';
import type { Row } from '@/lib/database';

const Column = DataTable.Col<Row<'stock_alerts'>>;

/**
 * Open low-stock alerts: a variant whose on-hand stock fell to its threshold (or the store's), one
 * alert per crossing, closed by the database when stock rises above the threshold again.
 */
export function LowStockList() {
  return (
    <List
      title="Low stock"
      resource="stock_alerts"
      empty={false}
      exporter={false}
      filter={{ 'resolved_at@is': 'null' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={50}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="product_id" label="Product" disableSort>
          <ReferenceField source="product_id" reference="products" />
        </Column>
        <Column source="variant_id" label="SKU" disableSort>
          <ReferenceField source="variant_id" reference="product_variants" link={false}>
            <TextField source="sku" />
          </ReferenceField>
        </Column>
        <Column label="On hand now">
          <ReferenceField source="variant_id" reference="product_variants" link={false}>
            <NumberField source="stock_quantity" />
          </ReferenceField>
        </Column>
        <DataTable.NumberCol source="stock_quantity" label="On hand at alert" />
        <DataTable.NumberCol source="threshold" />
        <Column source="created_at" label="Since">
          <DateField source="created_at" showTime />
        </Column>
        <Column label="" render={(r) => (r.resolved_at ? 'Resolved' : 'Open')} />
      </DataTable>
    </List>
  );
}
