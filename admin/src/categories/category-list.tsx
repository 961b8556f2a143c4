import { Datagrid, List, NumberField, SearchInput, TextField } from 'react-admin';
import { csvExporter } from '@/lib/csv-export';

export function CategoryList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'sort_order', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="slug" />
        <TextField source="description" />
        <NumberField source="sort_order" label="Order" />
      </Datagrid>
    </List>
  );
}
