import {
  DataTable,
  DateField,
  DateInput,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import { SavedQueriesAside } from '@/layout/saved-queries-aside';
import type { Row } from '@/lib/database';
import { OrderActions } from '@/orders/order-actions';
import { OrderBulkActions } from '@/orders/order-bulk-actions';
import { StatusChip, orderStatusChoices, paymentStatusChoices } from '@/orders/order-status';
import { csvExporter } from '@/lib/csv-export';

const Column = DataTable.Col<Row<'orders'>>;

export const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order number" />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn emptyText="All statuses" />,
  <SelectInput
    key="payment_status"
    source="payment_status"
    label="Payment"
    choices={paymentStatusChoices}
    alwaysOn
    emptyText="All payments"
  />,
  <DateInput key="from" source="created_at@gte" label="From" alwaysOn />,
  <DateInput key="to" source="created_at@lte" label="To" alwaysOn />,
];

export function OrderList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={orderFilters}
      aside={<SavedQueriesAside />}
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick="show" bulkActionButtons={<OrderBulkActions />}>
        <Column source="order_number" label="Order" />
        <Column source="created_at" label="Date">
          <DateField source="created_at" showTime />
        </Column>
        <Column label="Customer" render={(r) => r.shipping_address.fullName} />
        <Column source="contact_email" label="Email" />
        <Column source="total" label="Total" render={(r) => formatINR(r.total)} />
        <Column source="status" label="Status" render={(r) => <StatusChip status={r.status} />} />
        <Column
          source="payment_status"
          label="Payment"
          render={(r) => <StatusChip status={r.payment_status} />}
        />
        <Column label="Actions">
          <OrderActions />
        </Column>
      </DataTable>
    </List>
  );
}
