import {
  AutocompleteInput,
  Datagrid,
  DateField,
  DateInput,
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
} from 'react-admin';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';

export const movementReasons = [
  'sale',
  'reservation',
  'release',
  'cancellation',
  'return',
  'adjustment',
  'receipt',
  'import',
] as const;

const reasonChoices = movementReasons.map((r) => ({ id: r, name: r[0]!.toUpperCase() + r.slice(1) }));

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const movementFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="SKU" />,
  <SelectInput key="reason" source="reason" choices={reasonChoices} alwaysOn emptyText="All reasons" />,
  <DateInput key="from" source="created_at@gte" label="From" alwaysOn />,
  <DateInput key="to" source="created_at@lte" label="To" alwaysOn />,
  <ReferenceInput key="order" source="order_id" reference="orders">
    <AutocompleteInput optionText="order_number" label="Order" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
  <ReferenceInput key="variant" source="variant_id" reference="product_variants">
    <AutocompleteInput optionText="sku" label="Variant (SKU)" sx={{ minWidth: 200 }} />
  </ReferenceInput>,
];

/**
 * The stock ledger, newest first: every change of on-hand stock (and of reservations) with its
 * reason, who made it (the staff member, the shopper whose checkout it was, or the system), and the
 * balance after it. Append-only.
 */
export function MovementList() {
  return (
    <List
      title="Stock movements"
      empty={false}
      exporter={csvExporter}
      filters={movementFilters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={50}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateField source="created_at" label="When" showTime />
        <TextField source="sku" label="SKU" />
        <ReferenceField
          source="product_id"
          reference="products"
          label="Product"
          link={false}
          sortable={false}
        />
        <FunctionField source="reason" label="Reason" render={(r: Row<'stock_movements'>) => r.reason} />
        <FunctionField
          source="quantity"
          label="Change"
          render={(r: Row<'stock_movements'>) => (r.quantity === 0 ? '0' : signed(r.quantity))}
        />
        <FunctionField
          source="reserved_change"
          label="Reserved"
          render={(r: Row<'stock_movements'>) => (r.reserved_change === 0 ? '—' : signed(r.reserved_change))}
        />
        <NumberField source="balance_after" label="Balance after" />
        <ReferenceField
          source="order_id"
          reference="orders"
          label="Order"
          link="show"
          sortable={false}
          emptyText="—"
        />
        <ReferenceField
          source="actor"
          reference="profiles"
          label="Who"
          link={false}
          sortable={false}
          emptyText="System"
        >
          {/* staff for their adjustments, the shopper for a checkout's movements; an account
              without a name by the start of its id */}
          <FunctionField render={(p: Row<'profiles'>) => p.full_name ?? `Account ${p.id.slice(0, 8)}`} />
        </ReferenceField>
        <TextField source="note" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}
