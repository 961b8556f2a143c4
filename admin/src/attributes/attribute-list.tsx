import { DataTable, List } from 'react-admin';
import type { Row } from '@/lib/database';

type AttributeRow = Row<'attributes'> & { values: Pick<Row<'attribute_values'>, 'id'>[] };
const Column = DataTable.Col<AttributeRow>;

/** /admin/attributes: the storefront's filters (material, colour, seating capacity), in their order. */
export function AttributeList() {
  return (
    <List
      title="Attributes"
      exporter={false}
      sort={{ field: 'position', order: 'ASC' }}
      queryOptions={{ meta: { columns: ['*', 'values:attribute_values(id)'] } }}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <Column source="name" />
        <Column source="code" label="URL code" />
        <DataTable.NumberCol source="position" label="Order" />
        <Column label="Values" align="right" render={(r) => r.values.length} />
        <Column
          source="all_categories"
          label="Shown in"
          render={(r) => (r.all_categories ? 'Every listing' : 'Some categories')}
        />
      </DataTable>
    </List>
  );
}
