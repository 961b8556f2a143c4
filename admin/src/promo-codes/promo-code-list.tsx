import { BooleanField, Datagrid, DateField, List, NumberField, SearchInput, TextField } from 'react-admin';
import { csvExporter } from '@/lib/csv-export';

export function PromoCodeList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="code" />
        <TextField source="kind" />
        <NumberField source="value" />
        <NumberField source="min_subtotal" label="Min subtotal" />
        <NumberField source="used_count" label="Used" />
        <BooleanField source="active" />
        <DateField source="ends_at" label="Ends" emptyText="—" />
      </Datagrid>
    </List>
  );
}
