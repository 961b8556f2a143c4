import { Button } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  ReferenceField,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  TextField,
  TopToolbar,
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
  if (!record) return null;
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
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <ReferenceField
          source="product_id"
          reference="products"
          label="Product"
          link={false}
          sortable={false}
        />
        <TextField source="sku" label="SKU" />
        <TextField source="title" />
        <NumberField source="stock_quantity" label="On hand" />
        <NumberField source="reserved_quantity" label="Reserved" sortable={false} />
        <NumberField source="available_quantity" label="Available" sortable={false} />
        <FunctionField
          source="made_to_order"
          label="Made to order"
          render={(r: Row<'product_variants'>) => (r.made_to_order ? `Yes (${r.lead_time_days} days)` : 'No')}
        />
        <BooleanField source="is_active" label="Active" />
        <FunctionField label="Actions" render={() => <AdjustButton />} />
      </Datagrid>
    </List>
  );
}
