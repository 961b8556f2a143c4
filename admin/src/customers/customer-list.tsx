import { DataTable, FunctionField, List, SearchInput, TextField } from 'react-admin';
import { formatISTDay, spent } from '@/customers/customer-fields';
import { csvExporter } from '@/lib/csv-export';
import type { ViewRow } from '@/lib/database';

type Customer = ViewRow<'customers'>;

/**
 * Every account (the customers view: profile, e-mail, orders placed and total spent, kept by the
 * database), searched by name, e-mail or phone, sortable on each figure; a row opens the customer.
 */
export function CustomerList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      title="Customers"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name, e-mail or phone" />]}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="full_name" label="Name">
          <TextField source="full_name" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="email" label="E-mail">
          <TextField source="email" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="phone">
          <TextField source="phone" emptyText="—" />
        </DataTable.Col>
        <DataTable.NumberCol source="order_count" label="Orders" />
        <DataTable.Col source="total_spent" label="Total spent" align="right">
          <FunctionField<Customer> render={(c) => spent(c.total_spent)} />
        </DataTable.Col>
        <DataTable.Col source="last_order_at" label="Last order">
          <FunctionField<Customer> render={(c) => formatISTDay(c.last_order_at)} />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="Joined">
          <FunctionField<Customer> render={(c) => formatISTDay(c.created_at)} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
