import { Datagrid, DateField, List, ReferenceManyCount, SearchInput, TextField } from 'react-admin';
import { csvExporter } from '@/lib/csv-export';

/** Read-only: shoppers' profiles with how many orders each has placed. */
export function CustomerList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      title="Customers"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Name" />]}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="full_name" label="Name" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <DateField source="created_at" label="Joined" />
        <ReferenceManyCount label="Orders" reference="orders" target="user_id" />
      </Datagrid>
    </List>
  );
}
