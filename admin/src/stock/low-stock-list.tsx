import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  TextField,
} from 'react-admin';
import type { Row } from '@/lib/database';

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
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <ReferenceField source="product_id" reference="products" label="Product" sortable={false} />
        <ReferenceField
          source="variant_id"
          reference="product_variants"
          label="SKU"
          link={false}
          sortable={false}
        >
          <TextField source="sku" />
        </ReferenceField>
        <ReferenceField
          source="variant_id"
          reference="product_variants"
          label="On hand now"
          link={false}
          sortable={false}
        >
          <NumberField source="stock_quantity" />
        </ReferenceField>
        <NumberField source="stock_quantity" label="On hand at alert" />
        <NumberField source="threshold" />
        <DateField source="created_at" label="Since" showTime />
        <FunctionField label="" render={(r: Row<'stock_alerts'>) => (r.resolved_at ? 'Resolved' : 'Open')} />
      </Datagrid>
    </List>
  );
}
