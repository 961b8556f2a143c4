import {
  DateField,
  DateInput,
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { Row } from '@/lib/database';
import { OrderActions } from '@/orders/order-actions';
import { StatusChip, orderStatusChoices, paymentStatusChoices } from '@/orders/order-status';
import { csvExporter } from '@/lib/csv-export';

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
      sort={{ field: 'created_at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="order_number" label="Order" />
        <DateField source="created_at" label="Date" showTime />
        <FunctionField label="Customer" render={(r: Row<'orders'>) => r.shipping_address.fullName} />
        <TextField source="contact_email" label="Email" />
        <FunctionField source="total" label="Total" render={(r: Row<'orders'>) => formatINR(r.total)} />
        <FunctionField
          source="status"
          label="Status"
          render={(r: Row<'orders'>) => <StatusChip status={r.status} />}
        />
        <FunctionField
          source="payment_status"
          label="Payment"
          render={(r: Row<'orders'>) => <StatusChip status={r.payment_status} />}
        />
        <FunctionField label="Actions" render={() => <OrderActions />} />
      </Datagrid>
    </List>
  );
}
