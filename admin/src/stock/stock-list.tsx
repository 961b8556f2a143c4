import { Button } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  DataTable,
  ExportButton,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';
import { AdjustStockDialog } from '@/stock/adjust-dialog';
import type { AdjustTarget } from '@/stock/adjust-form';

const stockFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="SKU" />,
  <ReferenceInput key="product" source="product_id" reference="products" alwaysOn>
    <AutocompleteInput optionText="name" label="Product" sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <NullableBooleanInput key="active" source="is_active" label="Active" alwaysOn />,
  <NullableBooleanInput key="mto" source="made_to_order" label="Made to order" />,
];

const Column = DataTable.Col<Row<'product_variants'>>;

const target = (v: Row<'product_variants'>): AdjustTarget => ({
  id: v.id,
  sku: v.sku,
  stock_quantity: v.stock_quantity,
});

/** Adjust on one row. */
function AdjustButton() {
  const record = useRecordContext<Row<'product_variants'>>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // stock.write (owner, catalog)
  const { canAccess } = useCanAccess({ resource: 'product_variants', action: 'adjust' });
  if (!record || !canAccess) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Adjust stock of ${record.sku}`}
      >
        Adjust
      </Button>
      <AdjustStockDialog
        targets={open ? [target(record)] : []}
        onClose={() => setOpen(false)}
        onDone={refresh}
      />
    </>
  );
}

/**
 * Stock per variant: on hand (the ledger's sum), reserved by unpaid online orders whose reservation
 * is live, and available to sell (computed columns, so an expired reservation counts as free at once).
 */
export function StockList() {
  return (
    <List
      title="Stock"
      empty={false}
      exporter={csvExporter}
      filters={stockFilters}
      sort={{ field: 'sku', order: 'ASC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
    >
      {/* no row selection: react-admin's row checkboxes carry no accessible name (axe); bulk
          adjustments are on the product's variants grid */}
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="product_id" label="Product" disableSort>
          <ReferenceField source="product_id" reference="products" link={false} />
        </Column>
        <Column source="sku" label="SKU" />
        <Column source="title" />
        <DataTable.NumberCol source="stock_quantity" label="On hand" />
        <DataTable.NumberCol source="reserved_quantity" label="Reserved" disableSort />
        <DataTable.NumberCol source="available_quantity" label="Available" disableSort />
        <Column
          source="made_to_order"
          label="Made to order"
          render={(r) => (r.made_to_order ? `Yes (${r.lead_time_days} days)` : 'No')}
        />
        <Column source="is_active" label="Active" field={BooleanField} />
        <Column label="Actions">
          <AdjustButton />
        </Column>
      </DataTable>
    </List>
  );
}
