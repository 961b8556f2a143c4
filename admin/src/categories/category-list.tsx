import { DataTable, List, SearchInput } from 'react-admin';
import { csvExporter } from '@/lib/csv-export';

export function CategoryList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'sort_order', order: 'ASC' }}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="slug" />
        <DataTable.Col source="description" />
        <DataTable.NumberCol source="sort_order" label="Order" />
      </DataTable>
    </List>
  );
}
