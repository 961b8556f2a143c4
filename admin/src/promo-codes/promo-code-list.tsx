import { BooleanField, DataTable, DateField, List, SearchInput } from 'react-admin';
import { csvExporter } from '@/lib/csv-export';

export function PromoCodeList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="kind" />
        <DataTable.NumberCol source="value" />
        <DataTable.NumberCol source="min_subtotal" label="Min subtotal" />
        <DataTable.NumberCol source="used_count" label="Used" />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="ends_at" label="Ends">
          <DateField source="ends_at" emptyText="—" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
