import { CreateButton, Datagrid, FunctionField, List, TextField, TextInput, TopToolbar } from 'react-admin';
import { formatDay } from '@/delivery/delivery-days';
import { GstNav } from '@/gst/gst-nav';
import { PastOrdersNote } from '@/gst/tax-rate-form';
import { percent } from '@/gst/tax-rate-rules';
import type { Row } from '@/lib/database';

type TaxRate = Row<'tax_rates'>;

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
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="hsn_code" label="HSN" />
          <TextField source="description" label="Description" />
          <FunctionField source="rate" label="Rate" render={(r: TaxRate) => percent(r.rate)} />
          <FunctionField
            source="effective_from"
            label="Effective from"
            render={(r: TaxRate) => formatDay(r.effective_from)}
          />
          <TextField source="notification" label="Notification" emptyText="—" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
