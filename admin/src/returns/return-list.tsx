import { DataTable, DateField, List, SearchInput, SelectInput } from 'react-admin';
import { SavedQueriesAside } from '@/layout/saved-queries-aside';
import type { Row } from '@/lib/database';
import { ReturnStatusChip } from '@/returns/return-status';
import { ReturnsNav } from '@/returns/returns-nav';
import {
  AGE_CHOICES,
  RETURN_STATUSES,
  ageLabel,
  resolutionLabel,
  returnStatusLabel,
} from '@/returns/return-rules';

/** A row of the queue: the return with its order's number and customer, and its lines' quantities. */
export type QueueRow = Row<'returns'> & {
  order: Pick<Row<'orders'>, 'order_number' | 'shipping_address' | 'contact_email'> | null;
  items: Pick<Row<'return_items'>, 'quantity'>[];
};
const Column = DataTable.Col<QueueRow>;
const QUEUE_COLUMNS = [
  '*',
  'order:orders(order_number,shipping_address,contact_email)',
  'items:return_items(quantity)',
];

const statusChoices = [
  { id: 'open', name: 'Open (needs staff)' },
  ...RETURN_STATUSES.map((id) => ({ id, name: returnStatusLabel[id] ?? id })),
];

// `status: 'open'` and `older_than_days` are the queue's own filters (mapReturnQueue in lib/providers.ts)
const returnFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Return number" />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText="All statuses" />,
  <SelectInput
    key="age"
    source="older_than_days"
    label="Age"
    choices={AGE_CHOICES}
    alwaysOn
    emptyText="Any age"
  />,
];

const units = (r: QueueRow) => r.items.reduce((n, i) => n + i.quantity, 0);

/**
 * /admin/returns: the queue, oldest first, open returns by default (requested to received: the
 * ones waiting for staff). Opening a row shows the return with its actions.
 */
export function ReturnList() {
  return (
    <>
      <ReturnsNav />
      <List
        title="Returns"
        empty={false}
        exporter={false}
        filters={returnFilters}
        aside={<SavedQueriesAside />}
        filterDefaultValues={{ status: 'open' }}
        sort={{ field: 'created_at', order: 'ASC' }}
        queryOptions={{ meta: { columns: QUEUE_COLUMNS } }}
      >
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="return_number" label="Return" />
          <Column label="Order" render={(r) => r.order?.order_number ?? '—'} />
          <Column
            label="Customer"
            render={(r) => r.order?.shipping_address.fullName ?? r.pickup_address.fullName}
          />
          <Column label="Items" align="right" render={(r) => units(r)} />
          <Column
            source="resolution"
            label="Resolution"
            render={(r) => resolutionLabel[r.resolution] ?? r.resolution}
          />
          <Column source="status" label="Status" render={(r) => <ReturnStatusChip status={r.status} />} />
          <Column source="created_at" label="Requested">
            <DateField source="created_at" showTime />
          </Column>
          <Column label="Age" render={(r) => ageLabel(r.created_at)} />
        </DataTable>
      </List>
    </>
  );
}
