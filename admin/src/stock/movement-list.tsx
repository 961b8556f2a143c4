import {
  AutocompleteInput,
  DataTable,
  DateField,
  DateInput,
  ExportButton,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
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

const Column = DataTable.Col<Row<'stock_movements'>>;

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
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="created_at" label="When">
          <DateField source="created_at" showTime />
        </Column>
        <Column source="sku" label="SKU" />
        <Column source="product_id" label="Product" disableSort>
          <ReferenceField source="product_id" reference="products" link={false} />
        </Column>
        <Column source="reason" label="Reason" render={(r) => r.reason} />
        <Column
          source="quantity"
          label="Change"
          render={(r) => (r.quantity === 0 ? '0' : signed(r.quantity))}
        />
        <Column
          source="reserved_change"
          label="Reserved"
          render={(r) => (r.reserved_change === 0 ? '—' : signed(r.reserved_change))}
        />
        <DataTable.NumberCol source="balance_after" label="Balance after" />
        <Column source="order_id" label="Order" disableSort>
          <ReferenceField source="order_id" reference="orders" link="show" emptyText="—" />
        </Column>
        <Column source="actor" label="Who" disableSort>
          <ReferenceField source="actor" reference="profiles" link={false} emptyText="System">
            {/* staff for their adjustments, the shopper for a checkout's movements; an account
                without a name by the start of its id */}
            <FunctionField render={(p: Row<'profiles'>) => p.full_name ?? `Account ${p.id.slice(0, 8)}`} />
          </ReferenceField>
        </Column>
        <Column source="note" disableSort render={(r) => r.note || '—'} />
      </DataTable>
    </List>
  );
}
