import { CreateButton, DataTable, List, TextInput, TopToolbar } from 'react-admin';
import { formatDay } from '@/delivery/delivery-days';
import { GstNav } from '@/gst/gst-nav';
import { PastOrdersNote } from '@/gst/tax-rate-form';
import { percent } from '@/gst/tax-rate-rules';
import type { Row } from '@/lib/database';

type TaxRate = Row<'tax_rates'>;
const Column = DataTable.Col<TaxRate>;

const filters = [<TextInput key="prefix" source="prefix" label="HSN starts with" alwaysOn resettable />];

/** /admin/tax_rates: GST rates by HSN with the date each applies from and its notification. */
export function TaxRateList() {
  return (
    <>
      <GstNav />
      <PastOrdersNote />
      <List
        title="Tax rates"
        empty={false}
        exporter={false}
        filters={filters}
        perPage={50}
        sort={{ field: 'hsn_code', order: 'ASC' }}
        actions={
          <TopToolbar>
            <CreateButton label="Add tax rate" />
          </TopToolbar>
        }
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="hsn_code" label="HSN" />
          <Column source="description" label="Description" />
          <Column source="rate" label="Rate" render={(r) => percent(r.rate)} />
          <Column
            source="effective_from"
            label="Effective from"
            render={(r) => formatDay(r.effective_from)}
          />
          <Column
            source="notification"
            label="Notification"
            disableSort
            render={(r) => r.notification || '—'}
          />
        </DataTable>
      </List>
    </>
  );
}
