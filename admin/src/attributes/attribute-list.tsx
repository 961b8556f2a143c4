import { Datagrid, FunctionField, List, NumberField, TextField } from 'react-admin';
import type { Row } from '@/lib/database';

type AttributeRow = Row<'attributes'> & { values: Pick<Row<'attribute_values'>, 'id'>[] };

/** /admin/attributes: the storefront's filters (material, colour, seating capacity), in their order. */
export function AttributeList() {
  return (
    <List
      title="Attributes"
      exporter={false}
      sort={{ field: 'position', order: 'ASC' }}
      queryOptions={{ meta: { columns: ['*', 'values:attribute_values(id)'] } }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="code" label="URL code" />
        <NumberField source="position" label="Order" />
        <FunctionField label="Values" textAlign="right" render={(r: AttributeRow) => r.values.length} />
        <FunctionField
          source="all_categories"
          label="Shown in"
          render={(r: AttributeRow) => (r.all_categories ? 'Every listing' : 'Some categories')}
        />
      </Datagrid>
    </List>
  );
}
